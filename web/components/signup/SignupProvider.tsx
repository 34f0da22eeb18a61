// The signup popup's public API for the rest of the page: <SignupProvider> (once, around the
// page) and <SignupTrigger> for every call to action.
// A trigger is a plain link to the signup page /mitmachen (it works without JavaScript and before the
// page's scripts have run); once the provider runs, a click on any trigger on the page opens the
// popup instead. The provider listens on the document, so a trigger needs no code of its own and can
// sit in content that the browser never hydrates (<Static>). The dialog's code (form, validation,
// styles) is loaded only when a trigger is hovered, focused or clicked, so it is not part of the
// landing page's first-load JavaScript.
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import type { UserType } from '~/lib/content-types';
import type * as SignupModalModule from './SignupDialog';

import { campaignQuery } from '~/lib/community';
import { sendInsights } from '~/lib/insights-loader';
import { signupPagePath } from './paths';

/** The attribute that marks a trigger; its value is the user type to preselect. */
const TRIGGER = 'data-signup';

let modalModule: Promise<typeof SignupModalModule> | undefined;
/** Starts loading the dialog's code (idempotent); a trigger calls it on hover and focus. */
function preloadSignup() {
  modalModule ??= import('./SignupDialog').catch((error: unknown) => {
    modalModule = undefined; // try again next time
    throw error;
  });
  return modalModule;
}
const SignupModal = lazy(preloadSignup);

interface State {
  open: boolean;
  session: number;
  userType: UserType;
  returnFocusTo: HTMLElement | null;
}

export function SignupProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>({ open: false, session: 0, userType: 'reiter', returnFocusTo: null });
  const open = useCallback((userType: UserType = 'reiter') => {
    const trigger = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    preloadSignup().then(
      () => {
        setState((s) => ({ open: true, session: s.session + 1, userType, returnFocusTo: trigger }));
        sendInsights('popup_open');
      },
      // The code could not be loaded (offline, new deployment): the signup page works without it.
      () => window.location.assign(signupPagePath(userType, campaignQuery(window.location.search))),
    );
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  useEffect(() => {
    const triggerOf = (event: Event) =>
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>(`a[${TRIGGER}]`) : null;
    const onClick = (event: MouseEvent) => {
      const trigger = triggerOf(event);
      if (!trigger || event.defaultPrevented) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
      event.preventDefault();
      open(trigger.getAttribute(TRIGGER) === 'trainer' ? 'trainer' : 'reiter');
    };
    const onIntent = (event: Event) => {
      if (triggerOf(event)) void preloadSignup().catch(() => {});
    };
    document.addEventListener('click', onClick);
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    return () => {
      document.removeEventListener('click', onClick);
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
    };
  }, [open]);
  return (
    <>
      {children}
      {state.session > 0 && (
        <Suspense fallback={null}>
          <SignupModal {...state} onClose={close} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Every call to action that leads into the community: a link to the signup page, which the
 * provider turns into the popup (see the top of this file).
 */
export function SignupTrigger({
  userType = 'reiter',
  className,
  children,
}: {
  userType?: UserType;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a href={signupPagePath(userType)} className={className} aria-haspopup="dialog" data-signup={userType}>
      {children}
    </a>
  );
}
