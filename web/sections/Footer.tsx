import { useEffect } from 'react';
import type { SiteSettings } from '~/lib/content-types';
import { LABELS } from '~/copy/landing';
import './Footer.css';
import { ExternalLink } from '~/components/ExternalLink';

export function Footer({ settings }: { settings: SiteSettings }) {
  const { operator } = settings;
  // The footer hydrates last: from here on every section of the page is interactive.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
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
      </div>
    </footer>
  );
}
