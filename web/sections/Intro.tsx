// The intro: hero with tagline, founder signature, seal and quote; then the short biography with
// the button to follow the founder on the photo network.
import { Picture } from '~/components/Picture';
import { RichText } from '~/components/RichText';
import { SignupTrigger } from '~/components/signup/SignupDialog';
import type { SiteSettings } from '~/lib/content-types';
import { LABELS, NAV } from '~/lib/ui-labels';

export function Intro({ settings, ctaLabel }: { settings: SiteSettings; ctaLabel?: string }) {
  return (
    <section className="intro" aria-labelledby="intro-title">
      <div className="hero">
        <div className="hero__ornament" data-rotate="" aria-hidden="true">
          <Picture image={{ ...settings.seal, alt: '' }} sizes="(min-width: 1024px) 520px, 70vw" />
        </div>
        <div className="hero__content">
          <Picture image={settings.seal} sizes="96px" className="hero__seal" priority />
          <p className="eyebrow hero__eyebrow">{settings.founderName}</p>
          <h1 id="intro-title" className="hero__title">
            {settings.tagline}
          </h1>
          <Picture image={settings.signature} sizes="220px" className="hero__signature" priority />
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

      <div className="bio" id={NAV.about.id} aria-labelledby="bio-title">
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
