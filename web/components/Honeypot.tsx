// The honeypot field of the public forms (web/lib/honeypot.ts): out of sight, out of the tab order
// and hidden from screen readers; people leave it empty, bots that fill every field do not.
import { HONEYPOT_LABEL } from '~/copy/forms';
import { HONEYPOT_FIELD } from '~/lib/honeypot';

export function Honeypot({ id }: { id: string }) {
  return (
    <div className="honeypot visually-hidden" aria-hidden="true">
      <label htmlFor={id}>{HONEYPOT_LABEL}</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
