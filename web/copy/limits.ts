// The form limits, in copy because its texts state these numbers (web/lib's schemas enforce them).

/** A name, in the signup and in the application. */
export const NAME_MAX = 200;
export const EMAIL_MAX = 254;
/** The characters of a mentee/mentor code (one box each). */
export const CODE_LENGTH = 5;
export const WEBSITE_MAX = 500;
/** The application's message, in characters (line breaks count as one). */
export const MESSAGE_MAX = 2000;
/** Passwords shorter than this are refused (by Better Auth too, which is configured with it). */
export const MIN_PASSWORD_LENGTH = 10;
