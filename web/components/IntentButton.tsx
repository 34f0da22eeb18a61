// A form of one button that posts an intent (sign out, sign out everywhere, resend the mail) to a
// page's action: a plain form post without JavaScript, React Router's Form with it.
import type { ReactNode } from 'react';
import { Form } from 'react-router';

export function IntentButton(props: {
  intent: string;
  /** The page that handles it; the current page's action when not given. */
  action?: string;
  className: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Form method="post" action={props.action}>
      <button type="submit" name="intent" value={props.intent} className={props.className} disabled={props.disabled}>
        {props.children}
      </button>
    </Form>
  );
}
