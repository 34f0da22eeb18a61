// The form limits that both a validation schema enforces and a message in web/copy/ states. Kept
// apart from the schemas, which import their messages from web/copy/: a copy module that imported a
// schema for its numbers would make an import cycle.
/** A name, in the signup and in the application. */
export const NAME_MAX = 200;
export const EMAIL_MAX = 254;
export const WEBSITE_MAX = 500;
/** The application's message, in characters (line breaks count as one). */
export const MESSAGE_MAX = 2000;
/** Passwords shorter than this are refused (by Better Auth too, which is configured with it). */
export const MIN_PASSWORD_LENGTH = 10;
