// Values the HTTP layer hands to route loaders, actions and entry.server through React Router's
// context. Defaults apply where no server is involved (prerendering at build time).
import { createContext } from 'react-router';

/** The per-response CSP nonce for inline scripts ('' while prerendering). */
export const nonceContext = createContext<string>('');
/** The client's address (the socket's, or the X-Forwarded-For entry of the outermost trusted proxy: clientAddressOf). */
export const clientAddressContext = createContext<string>('unknown');
