// "Reiterin" / "Trainerin": a choice of two, each with its text and a call to action that opens the
// signup popup with that type preselected. The choice is a pair of radio buttons whose panel shows
// by CSS alone, so it works before the page's script runs and without it; the calls to action are
// links the signup provider takes over. Content only: the browser keeps the server's HTML.
import { RadioOption } from '~/components/Field';
import { SignupTrigger } from '~/components/signup/SignupProvider';
import { Static } from '~/components/Static';
import type { LandingContent, UserType } from '~/lib/content-types';
import { LABELS } from '~/copy/landing';
import { formatPrice } from '~/lib/format';
import './section.css';
import './RiderTrainerSwitch.css';

type SwitchTexts = LandingContent['sections']['switch'];
const TYPES: UserType[] = ['reiter', 'trainer'];

/** `content`: texts and price, where they are at hand (see web/components/Static.tsx). */
export function RiderTrainerSwitch({ content }: { content?: { texts: SwitchTexts; price: number } }) {
  return (
    <Static as="section" className="section switch" aria-labelledby="switch-title">
      {content && <SwitchCard {...content} />}
    </Static>
  );
}

function SwitchCard({ texts, price }: { texts: SwitchTexts; price: number }) {
  const label = (type: UserType) => (type === 'reiter' ? texts.riderLabel : texts.trainerLabel);
  const text = (type: UserType) => (type === 'reiter' ? texts.riderText : texts.trainerText);
  return (
    <div className="container container--narrow">
      <div className="switch__card" data-reveal="">
        {texts.eyebrow && <p className="eyebrow">{texts.eyebrow}</p>}
        <h2 id="switch-title" className="section-title">
          {texts.title}
        </h2>
        {texts.intro && <p className="section-intro">{texts.intro}</p>}
        <fieldset className="switch__choice">
          <legend className="visually-hidden">{LABELS.chooseAudience}</legend>
          {TYPES.map((type) => (
            <RadioOption
              key={type}
              className="switch__option choice"
              inputClassName="choice-input"
              name="zielgruppe"
              value={type}
              defaultChecked={type === 'reiter'}
            >
              {label(type)}
            </RadioOption>
          ))}
        </fieldset>
        {TYPES.map((type) => (
          <div key={type} className="switch__panel" data-panel={type}>
            <p className="switch__text">{text(type)}</p>
            <p className="switch__price">
              <span className="switch__price-label">{LABELS.price}</span>{' '}
              <span className="switch__price-amount">{formatPrice(price)}</span>
            </p>
            <SignupTrigger userType={type} className="button button--primary button--large">
              {texts.cta ?? LABELS.whatsappGroup}
            </SignupTrigger>
          </div>
        ))}
      </div>
    </div>
  );
}
