import { createContext, useContext } from 'react';

/** The CSP nonce of this response (server only; browsers hide it from the DOM, and the client needs none). */
const NonceContext = createContext<string | undefined>(undefined);
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
