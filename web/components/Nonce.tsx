import { createContext, useContext } from 'react';

// The CSP nonce of the current response (server only; '' in the browser and when prerendering,
// where the server adds the nonce as it sends the file).
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
