import { useEffect } from 'react';
import { Static } from '~/components/Static';
import type { SiteSettings } from '~/lib/content-types';
import { LABELS } from '~/copy/landing';
import './Footer.css';
import { ExternalLink } from '~/components/ExternalLink';

/** `settings`: the content, where it is at hand (see web/components/Static.tsx). */
export function Footer({ settings }: { settings?: SiteSettings }) {
  // The footer hydrates last: from here on every section of the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <footer className="site-footer">
      <Static className="container site-footer__inner">{settings && <FooterContent settings={settings} />}</Static>
    </footer>
  );
}

function FooterContent({ settings }: { settings: SiteSettings }) {
  const { operator } = settings;
  return (
    <>
      <div className="site-footer__brand">
        <p className="site-footer__name">{operator.businessName ?? settings.siteTitle}</p>
        <p>
          {operator.name} · {operator.postalCode} {operator.city}
        </p>
      </div>
      <nav aria-label={LABELS.legal}>
        <ul className="site-footer__links">
          <li>
            <a href="/imprint">{LABELS.imprint}</a>
          </li>
          <li>
            <a href="/datenschutz">{LABELS.privacy}</a>
          </li>
          <li>
            <a href="/agb">{LABELS.terms}</a>
          </li>
          <li>
            <ExternalLink href={settings.photoNetwork.url}>{settings.photoNetwork.label}</ExternalLink>
          </li>
        </ul>
      </nav>
      <p className="site-footer__copy">
        © {new Date().getFullYear()} {operator.name}
      </p>
    </>
  );
}
