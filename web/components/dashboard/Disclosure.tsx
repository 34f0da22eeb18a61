// A button that shows and hides what follows it (aria-expanded, aria-controls): a card's history, a
// decision mail. What it holds is rendered only while open, so a part that loads its data loads it
// when it is first opened (and again each time it opens).
import { useId, useState, type ReactNode } from 'react';

export function Disclosure({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div className={className}>
      <button
        type="button"
        className="link-button dash-history__toggle"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <div id={id} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
