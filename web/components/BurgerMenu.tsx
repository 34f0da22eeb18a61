// The phone menu: a <details> disclosure, so it opens with a tap before the page's scripts have
// arrived (a slow phone) and without JavaScript at all. Once hydrated it also moves focus into the
// panel on open; Escape, a click on a link or focus leaving the menu closes it (focus returns to
// the button on Escape).
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { LABELS } from '~/copy/landing';
import { useHydrated } from './use-hydrated';
import './BurgerMenu.css';

export function BurgerMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const id = useId();
  const details = useRef<HTMLDetailsElement>(null);
  const button = useRef<HTMLElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Opened with a tap before hydration: carry on from there (only the DOM knows).
    if (details.current?.open) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open) return;
    if (document.activeElement === button.current) panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  // Until hydration the browser alone knows whether it is open: no state is claimed for it.
  const expanded = hydrated ? open : undefined;
  return (
    <details
      ref={details}
      className="burger"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      onBlur={(event) => {
        if (open && !details.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      {/* A <summary> is the disclosure's button by itself (HTML allows it no role attribute). */}
      <summary
        ref={button}
        className="burger__button"
        aria-expanded={expanded}
        aria-controls={id}
        aria-label={expanded ? LABELS.closeMenu : LABELS.openMenu}
      >
        <span className="burger__bars" aria-hidden="true" />
      </summary>
      <div
        ref={panel}
        id={id}
        className="burger__panel"
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        <nav aria-label={LABELS.mobileNav}>{children}</nav>
      </div>
    </details>
  );
}
