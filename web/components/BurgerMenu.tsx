// The phone menu: a button that opens a panel with the page's links. Focus moves into the panel on
// open; Escape, a click on a link or focus leaving the menu closes it (focus returns to the button
// on Escape). Without JavaScript the page's <noscript> style shows the links inline instead.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { LABELS } from '~/lib/ui-labels';

export function BurgerMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('a, button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <div
      ref={wrapper}
      className="burger"
      onBlur={(event) => {
        if (open && !wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="burger__button"
        aria-expanded={open}
        aria-controls={id}
        aria-label={open ? LABELS.closeMenu : LABELS.openMenu}
        onClick={() => setOpen(!open)}
      >
        <span className="burger__bars" aria-hidden="true" />
      </button>
      <div
        ref={panel}
        id={id}
        className="burger__panel"
        hidden={!open}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a')) setOpen(false);
        }}
      >
        <nav aria-label={LABELS.mobileNav}>{children}</nav>
      </div>
    </div>
  );
}
