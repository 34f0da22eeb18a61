// Fixed UI texts of the signup popup and the auth form, kept word for word (tests compare them
// exactly); they are interface, not editorial content. Everything else a visitor reads comes from
// the content module.
export const SIGNUP_MESSAGES = {
  empty: 'Bitte füllen Sie alle Felder aus.',
  email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  saveFailed: 'Fehler beim Speichern der Daten. Bitte versuchen Sie es erneut.',
  unexpected: 'Ein Fehler ist aufgetreten. Bitte versuchen Sie es erneut.',
} as const;

export const AUTH_MESSAGES = {
  emailFirst: 'Please enter your email address first',
  unexpected: 'An unexpected error occurred',
  signedUp: 'Account created successfully!',
  signedIn: 'Signed in successfully!',
  resetSent: 'Password reset email sent!',
} as const;

export const DASHBOARD_MESSAGES = {
  wrongCode: 'Incorrect password. Please try again.',
  empty: 'No applications found matching the selected filters.',
  loading: 'Loading applications...',
  statusErrorPrefix: 'Error updating status: ',
} as const;
