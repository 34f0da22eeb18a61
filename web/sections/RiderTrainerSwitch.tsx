// "Reiterin" / "Trainerin": two tabs, each with its text and a call to action that opens the signup
// popup with that type preselected. Without JavaScript both panels show, each with its own link.
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { SignupTrigger } from '~/components/signup/SignupProvider';
import type { LandingContent, UserType } from '~/lib/content-types';
import { LABELS } from '~/copy/landing';
import { formatPrice } from '~/lib/format';
import './section.css';
import './RiderTrainerSwitch.css';

type SwitchTexts = LandingContent['sections']['switch'];
const TYPES: UserType[] = ['reiter', 'trainer'];

export function RiderTrainerSwitch({ texts, price }: { texts: SwitchTexts; price: number }) {
  const [chosen, setChosen] = useState<UserType>('reiter');
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const label = (type: UserType) => (type === 'reiter' ? texts.riderLabel : texts.trainerLabel);
  const text = (type: UserType) => (type === 'reiter' ? texts.riderText : texts.trainerText);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const next =
      event.key === 'Home' ? 'reiter' : event.key === 'End' ? 'trainer' : chosen === 'reiter' ? 'trainer' : 'reiter';
    setChosen(next);
    tabs.current[TYPES.indexOf(next)]?.focus();
  };
  return (
    <section className="section switch" aria-labelledby="switch-title">
      <div className="container container--narrow">
        <div className="switch__card" data-reveal="">
          {texts.eyebrow && <p className="eyebrow">{texts.eyebrow}</p>}
          <h2 id="switch-title" className="section-title">
            {texts.title}
          </h2>
          {texts.intro && <p className="section-intro">{texts.intro}</p>}
          <div className="switch__tabs" role="tablist" aria-labelledby="switch-title">
            {TYPES.map((type, i) => (
              <button
                key={type}
                ref={(el) => {
                  tabs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${type}`}
                aria-selected={chosen === type}
                aria-controls={`${id}-panel-${type}`}
                tabIndex={chosen === type ? 0 : -1}
                className="switch__tab"
                onClick={() => setChosen(type)}
                onKeyDown={onKeyDown}
                data-user-type={type}
              >
                {label(type)}
              </button>
            ))}
          </div>
          {TYPES.map((type) => (
            <div
              key={type}
              role="tabpanel"
              id={`${id}-panel-${type}`}
              aria-labelledby={`${id}-tab-${type}`}
              className="switch__panel"
              hidden={chosen !== type}
              data-nojs-visible=""
            >
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
    </section>
  );
}
