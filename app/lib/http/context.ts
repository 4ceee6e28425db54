/** Values the HTTP server hands to every request (see server/index.ts). */
import { createContext } from "react-router";

export interface RequestInfo {
  /** CSP nonce of this response. */
  nonce: string;
  /** Client IP (honours X-Forwarded-For only when TRUST_PROXY is set). */
  ip: string;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", ip: "unknown" });
