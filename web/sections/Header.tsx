// The site header: brand, the three section links, the photo network, the "WhatsApp Gruppe" button
// (a signup trigger) and the phone menu. Hides on downward scroll after 100 px, returns on upward
// scroll, takes the "scrolled" style at 300 px; the floating logo appears after 200 px.
// Until the page's script runs (and without JavaScript) the header is not fixed: it stays at the top
// of the page instead of lying, transparent, on the text scrolled under it.
import { useEffect, useState } from 'react';
import { Picture } from '~/components/Picture';
import { BurgerMenu } from '~/components/BurgerMenu';
import { SignupTrigger } from '~/components/signup/SignupProvider';
import { Static } from '~/components/Static';
import type { SiteSettings } from '~/lib/content-types';
import { initialHeaderState, nextHeaderState, sameHeaderState } from '~/lib/header-state';
import { LABELS, NAV } from '~/copy/landing';
import './Header.css';
import { ExternalLink } from '~/components/ExternalLink';

function useHeaderState() {
  // `live`: the script follows the scroll (the header is fixed from then on).
  const [state, setState] = useState(() => ({ ...initialHeaderState(), live: false }));
  useEffect(() => {
    let current = initialHeaderState(window.scrollY);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the scroll position exists only in the browser, after hydration
    setState({ ...current, live: true });
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        const next = nextHeaderState(current, window.scrollY);
        if (!sameHeaderState(next, current)) setState({ ...next, live: true });
        current = next;
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return state;
}

function NavLinks({ settings }: { settings?: SiteSettings }) {
  return (
    <Static as="ul" className="nav-links">
      {settings && (
        <>
          {Object.values(NAV).map((link) => (
            <li key={link.id}>
              <a href={link.href}>{link.label}</a>
            </li>
          ))}
          <li>
            <ExternalLink href={settings.photoNetwork.url}>{settings.photoNetwork.label}</ExternalLink>
          </li>
        </>
      )}
    </Static>
  );
}

/** `settings`: the content, where it is at hand (see web/components/Static.tsx). */
export function Header({ settings }: { settings?: SiteSettings }) {
  const state = useHeaderState();
  return (
    <>
      <header
        className="site-header"
        data-live={state.live || undefined}
        data-hidden={state.hidden || undefined}
        data-scrolled={state.scrolled || undefined}
      >
        <div className="site-header__inner">
          <Static as="a" className="site-header__brand" href="#top">
            {settings && (
              <>
                <Picture image={settings.seal} sizes="40px" className="site-header__seal" afterFirstPaint />
                <span className="site-header__name">{settings.founderName}</span>
              </>
            )}
          </Static>
          <nav className="site-nav" aria-label={LABELS.mainNav}>
            <NavLinks settings={settings} />
          </nav>
          <SignupTrigger userType="reiter" className="button button--primary button--small site-header__cta">
            {LABELS.whatsappGroup}
          </SignupTrigger>
          <BurgerMenu>
            <NavLinks settings={settings} />
            <SignupTrigger userType="reiter" className="button button--primary">
              {LABELS.whatsappGroup}
            </SignupTrigger>
          </BurgerMenu>
        </div>
      </header>
      <a
        className="floating-logo"
        href="#top"
        aria-label={LABELS.backToTop}
        data-visible={state.floatingLogo || undefined}
      >
        <Static as="span" className="floating-logo__seal">
          {settings && <Picture image={{ ...settings.seal, alt: '' }} sizes="56px" afterFirstPaint />}
        </Static>
      </a>
    </>
  );
}
