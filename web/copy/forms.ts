// Texts shared by the public forms (the signup and the application form).

/** The honeypot's label (web/components/Honeypot.tsx): only bots and the page's source see it. */
export const HONEYPOT_LABEL = 'Dieses Feld bitte leer lassen';
