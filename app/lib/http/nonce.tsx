import { createContext, useContext } from "react";

const NonceContext = createContext<string>("");
export const NonceProvider = NonceContext.Provider;
/** The CSP nonce on the server; empty in the browser (which hides it anyway). */
export const useNonce = () => useContext(NonceContext);
