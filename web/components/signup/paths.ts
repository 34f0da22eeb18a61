import type { UserType } from '~/lib/content-types';

/** The signup page (works without JavaScript), with the user type preselected. */
export const signupPagePath = (userType: UserType = 'reiter') =>
  userType === 'trainer' ? '/mitmachen?typ=trainer' : '/mitmachen';
