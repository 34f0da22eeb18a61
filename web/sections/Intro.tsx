// The intro: hero with tagline, founder signature, seal and quote; then the short biography with
// the button to follow the founder on the photo network.
import { Picture } from '~/components/Picture';
import { RichText } from '~/components/RichText';
import { SignupTrigger } from '~/components/signup/SignupProvider';
import type { SiteSettings } from '~/lib/content-types';
import { LABELS, NAV } from '~/copy/landing';
import './section.css';
import './Intro.css';

export function Intro({ settings, ctaLabel }: { settings: SiteSettings; ctaLabel?: string }) {
  return (
    <section className="intro" aria-labelledby="intro-title">
      <div className="hero">
        <div className="hero__ornament" data-rotate="" aria-hidden="true">
          <Ornament />
        </div>
        <div className="hero__content">
          <Picture image={settings.seal} sizes="80px" className="hero__seal" />
          <p className="eyebrow hero__eyebrow">{settings.founderName}</p>
          <h1 id="intro-title" className="hero__title">
            {settings.tagline}
          </h1>
          <Picture image={settings.signature} sizes="220px" className="hero__signature" />
          <figure className="hero__quote">
            <blockquote>
              <p>„{settings.quote}“</p>
            </blockquote>
            {settings.quoteAuthor && <figcaption>{settings.quoteAuthor}</figcaption>}
          </figure>
          <div className="hero__actions">
            <SignupTrigger userType="reiter" className="button button--primary">
              {ctaLabel ?? LABELS.whatsappGroup}
            </SignupTrigger>
            <a className="button button--ghost" href={NAV.products.href}>
              {NAV.products.label}
            </a>
          </div>
        </div>
      </div>

      <div className="bio" id={NAV.about.id}>
        {settings.portrait && (
          <div className="bio__portrait" data-reveal="">
            <Picture image={settings.portrait} sizes="(min-width: 1024px) 440px, (min-width: 768px) 40vw, 100vw" />
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
    </section>
  );
}

/** The seal's motif as a vector: a ring of ticks and three arcs (decorative; turns with the scroll). */
function Ornament() {
  const ticks = Array.from({ length: 60 }, (_, i) => i * 6);
  return (
    <svg viewBox="0 0 200 200" focusable="false">
      <g fill="none" stroke="currentColor" strokeLinecap="round">
        <circle cx="100" cy="100" r="96" strokeWidth="1.2" />
        <circle cx="100" cy="100" r="78" strokeWidth="0.8" />
        {ticks.map((deg) => (
          <line
            key={deg}
            x1="100"
            y1="8"
            x2="100"
            y2={deg % 30 === 0 ? 18 : 13}
            strokeWidth={deg % 30 === 0 ? 1.4 : 0.8}
            transform={`rotate(${deg} 100 100)`}
          />
        ))}
        <path d="M52 122c18-40 78-48 104-6" strokeWidth="3" />
        <path d="M60 134c16-30 66-36 88-4" strokeWidth="3" />
        <path d="M68 146c14-20 52-24 70-2" strokeWidth="3" />
      </g>
    </svg>
  );
}
