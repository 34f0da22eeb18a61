import { createContext, useContext } from 'react';

// The CSP nonce of the current response (server only; '' in the browser and when prerendering:
// a prerendered page's inline scripts are allowed by their hashes instead).
const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
