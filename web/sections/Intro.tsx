// The intro: hero with seal, tagline, founder signature, the calls to action and the quote; then the
// short biography with the button to follow the founder on the photo network. Content only (its
// calls to action are links the signup provider takes over): the browser keeps the server's HTML.
// The calls to action come before the quote, so that they are in the first screen on a phone and
// on a laptop; the founder's name is in the header (and her signature here), not again above the
// title.
import { Picture } from '~/components/Picture';
import { RichText } from '~/components/RichText';
import { SignupTrigger } from '~/components/signup/SignupProvider';
import { Static } from '~/components/Static';
import type { SiteSettings } from '~/lib/content-types';
import { keepDashWithWord } from '~/lib/typography';
import { LABELS, NAV } from '~/copy/landing';
import './section.css';
import './Intro.css';

/** `settings`: the content, where it is at hand (see web/components/Static.tsx). */
export function Intro({ settings, ctaLabel }: { settings?: SiteSettings; ctaLabel?: string }) {
  return (
    <Static as="section" className="intro" aria-labelledby="intro-title">
      {settings && <IntroContent settings={settings} ctaLabel={ctaLabel} />}
    </Static>
  );
}

function IntroContent({ settings, ctaLabel }: { settings: SiteSettings; ctaLabel?: string }) {
  return (
    <>
      <div className="hero">
        <div className="hero__ornament" data-rotate="" aria-hidden="true">
          <Ornament />
        </div>
        <div className="hero__content">
          <Picture image={settings.seal} sizes="80px" className="hero__seal" afterFirstPaint />
          <h1 id="intro-title" className="hero__title">
            {keepDashWithWord(settings.tagline)}
          </h1>
          <Picture image={settings.signature} sizes="220px" className="hero__signature" afterFirstPaint />
          <div className="hero__actions">
            <SignupTrigger userType="reiter" className="button button--primary">
              {ctaLabel ?? LABELS.whatsappGroup}
            </SignupTrigger>
            <a className="button button--ghost" href={NAV.products.href}>
              {NAV.products.label}
            </a>
          </div>
          <figure className="hero__quote">
            <blockquote>
              <p>„{settings.quote}“</p>
            </blockquote>
            {settings.quoteAuthor && <figcaption>{settings.quoteAuthor}</figcaption>}
          </figure>
        </div>
      </div>

      <div className="bio" id={NAV.about.id}>
        {settings.portrait && (
          <div className="bio__portrait" data-reveal="">
            <Picture
              image={settings.portrait}
              sizes="(min-width: 1024px) 440px, (min-width: 768px) 40vw, 100vw"
              afterFirstPaint
            />
          </div>
        )}
        <div className="bio__text" data-reveal="">
          <h2 id="bio-title" className="section-title">
            {settings.biographyTitle}
          </h2>
          <div className="prose">
            <RichText value={settings.biography} />
          </div>
          <p>
            <a
              className="button button--outline"
              href={settings.photoNetwork.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              {settings.photoNetwork.label}
            </a>
          </p>
        </div>
      </div>
    </>
  );
}

/**
 * The seal's motif as a vector: a ring of ticks (every 6°, longer every 30°) and three arcs
 * (decorative; turns with the scroll). The ticks are dashes of two circles' strokes: a few bytes
 * instead of 60 lines in the page's HTML.
 */
function Ornament() {
  const ticks = (radius: number, count: number, width: number) =>
    `${width} ${((2 * Math.PI * radius) / count - width).toFixed(2)}`;
  return (
    <svg viewBox="0 0 200 200" focusable="false">
      <g fill="none" stroke="currentColor" strokeLinecap="round">
        <circle cx="100" cy="100" r="96" strokeWidth="1.2" />
        <circle cx="100" cy="100" r="78" strokeWidth="0.8" />
        <circle
          cx="100"
          cy="100"
          r="89.5"
          strokeWidth="5"
          strokeLinecap="butt"
          strokeDasharray={ticks(89.5, 60, 0.8)}
        />
        <circle cx="100" cy="100" r="87" strokeWidth="10" strokeLinecap="butt" strokeDasharray={ticks(87, 12, 1.4)} />
        <path d="M52 122c18-40 78-48 104-6" strokeWidth="3" />
        <path d="M60 134c16-30 66-36 88-4" strokeWidth="3" />
        <path d="M68 146c14-20 52-24 70-2" strokeWidth="3" />
      </g>
    </svg>
  );
}
