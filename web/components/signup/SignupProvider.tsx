// The signup popup's public API for the rest of the page: <SignupProvider> (once, around the
// page) and <SignupTrigger> for every call to action.
// The dialog's code (form, validation, styles) is loaded only when a trigger is hovered, focused
// or clicked, so it is not part of the landing page's first-load JavaScript. Without JavaScript a
// trigger is a plain link to the signup page /mitmachen.
import { lazy, Suspense, useCallback, useContext, useMemo, useState, createContext, type ReactNode } from 'react';
import type { UserType } from '~/lib/content-types';
import type * as SignupModalModule from './SignupDialog';

import { campaignQuery } from '~/lib/community';
import { signupPagePath } from './paths';

interface SignupApi {
  /** Opens the popup with `userType` preselected ('reiter' by default). */
  open(userType?: UserType): void;
}

const SignupContext = createContext<SignupApi | null>(null);

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
        void import('~/lib/insights-beacon').then(
          (beacon) => beacon.sendInsightsEvent('popup_open'),
          () => {},
        );
      },
      // The code could not be loaded (offline, new deployment): the signup page works without it.
      () => window.location.assign(signupPagePath(userType, campaignQuery(window.location.search))),
    );
  }, []);
  const close = useCallback(() => setState((s) => ({ ...s, open: false })), []);
  const api = useMemo<SignupApi>(() => ({ open }), [open]);
  return (
    <SignupContext.Provider value={api}>
      {children}
      {state.session > 0 && (
        <Suspense fallback={null}>
          <SignupModal {...state} onClose={close} />
        </Suspense>
      )}
    </SignupContext.Provider>
  );
}

/**
 * Every call to action that leads into the community. A real link to the signup page (works
 * without JavaScript); with JavaScript it opens the popup instead.
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
  const signup = useContext(SignupContext);
  return (
    <a
      href={signupPagePath(userType)}
      className={className}
      aria-haspopup="dialog"
      onPointerEnter={() => void preloadSignup()}
      onFocus={() => void preloadSignup()}
      onClick={(event) => {
        if (!signup || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        signup.open(userType);
      }}
    >
      {children}
    </a>
  );
}
