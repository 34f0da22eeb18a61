// The signup popup's public API for the rest of the page. Owned by the signup work (issue 5):
// this first version only links to the no-JavaScript signup page; the dialog replaces it.
import { createContext, useContext, type ReactNode } from 'react';
import type { UserType } from '~/lib/content-types';

export const signupPagePath = (userType: UserType = 'reiter') =>
  userType === 'trainer' ? '/mitmachen?typ=trainer' : '/mitmachen';

interface SignupApi {
  /** Opens the popup with `userType` preselected ('reiter' by default). */
  open(userType?: UserType): void;
}

const SignupContext = createContext<SignupApi | null>(null);

export function SignupProvider({ children }: { groupLinks: Record<UserType, string>; children: ReactNode }) {
  const api: SignupApi = { open: (userType) => window.location.assign(signupPagePath(userType)) };
  return <SignupContext.Provider value={api}>{children}</SignupContext.Provider>;
}

export function useSignup(): SignupApi {
  const api = useContext(SignupContext);
  if (!api) throw new Error('useSignup() needs a <SignupProvider> above it');
  return api;
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
      onClick={(event) => {
        if (!signup) return;
        event.preventDefault();
        signup.open(userType);
      }}
    >
      {children}
    </a>
  );
}
