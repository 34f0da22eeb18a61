// The popup: a native modal <dialog> (focus moves in and stays in, the page behind is inert,
// Escape closes), labelled by the form's heading, with the page's scroll locked while it is open
// and focus returned to the trigger on close. Loaded lazily by SignupProvider.
import { useEffect, useId, useRef } from 'react';
import type { UserType } from '~/lib/content-types';
import { campaignQuery } from '~/lib/community';
import { SIGNUP_COPY } from '~/copy/signup';
import { SignupForm } from './SignupForm';
import { signupPagePath } from './paths';

/**
 * The popup closes and resets this long after the group link is clicked: long enough for the click
 * to show, short enough that the page is clean when the visitor comes back from the group's tab.
 */
export const CLOSE_AFTER_LINK_MS = 500;

export interface SignupModalProps {
  open: boolean;
  /** Changes at every opening: the form starts fresh with the preselected type. */
  session: number;
  userType: UserType;
  /** Where focus goes back to when the popup closes (the trigger). */
  returnFocusTo: HTMLElement | null;
  onClose(): void;
}

function lockScroll() {
  const root = document.documentElement;
  const scrollbar = window.innerWidth - root.clientWidth;
  const previous = { overflow: root.style.overflow, paddingRight: root.style.paddingRight };
  root.style.overflow = 'hidden';
  if (scrollbar > 0) root.style.paddingRight = `${scrollbar}px`;
  root.dataset.signupOpen = '';
  return () => {
    root.style.overflow = previous.overflow;
    root.style.paddingRight = previous.paddingRight;
    delete root.dataset.signupOpen;
  };
}

/**
 * Focus back to the trigger; if it sat in a panel that has closed meanwhile (the phone menu), to
 * the control of that panel (the element whose aria-controls names it), never to the page's start.
 */
function returnFocusFrom(trigger: HTMLElement) {
  trigger.focus();
  if (document.activeElement === trigger) return;
  for (let el = trigger.parentElement; el; el = el.parentElement) {
    if (!el.id) continue;
    const control = document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(el.id)}"]`);
    if (control) return control.focus();
  }
}

export default function SignupModal({ open, session, userType, returnFocusTo, onClose }: SignupModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = `${useId()}-signup-title`;
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || !open) return;
    if (!dialog.open) dialog.showModal();
    const unlock = lockScroll();
    return () => {
      clearTimeout(closeTimer.current);
      if (dialog.open) dialog.close();
      unlock();
      if (returnFocusTo?.isConnected) returnFocusFrom(returnFocusTo);
    };
  }, [open, session, returnFocusTo]);

  return (
    <dialog
      ref={dialogRef}
      className="signup-dialog"
      aria-labelledby={headingId}
      aria-modal="true"
      // Escape: the browser would close the dialog itself; let our state do it instead.
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      // A click on the backdrop (outside the dialog's box) closes it.
      onClick={(event) => {
        if (event.target === dialogRef.current) onClose();
      }}
    >
      {open && (
        <div className="signup-dialog-body">
          <button type="button" className="signup-close" aria-label={SIGNUP_COPY.close} onClick={onClose}>
            <span aria-hidden="true">×</span>
          </button>
          <SignupForm
            key={session}
            userType={userType}
            // The popup only ever renders in the browser: the campaign of the page's own URL.
            campaign={campaignQuery(window.location.search)}
            action={signupPagePath(userType, campaignQuery(window.location.search))}
            headingId={headingId}
            onGroupLinkClick={() => {
              clearTimeout(closeTimer.current);
              closeTimer.current = setTimeout(onClose, CLOSE_AFTER_LINK_MS);
            }}
          />
        </div>
      )}
    </dialog>
  );
}
