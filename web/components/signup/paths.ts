import type { UserType } from '~/lib/content-types';

/**
 * The signup page (works without JavaScript), with the user type preselected and, where given, the
 * visit's campaign (`?utm_…` from campaignQuery) carried on to the group link it shows.
 */
export function signupPagePath(userType: UserType = 'reiter', campaign = ''): string {
  const query = new URLSearchParams(campaign);
  if (userType === 'trainer') query.set('typ', 'trainer');
  const search = query.toString();
  return search ? `/mitmachen?${search}` : '/mitmachen';
}
