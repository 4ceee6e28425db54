/** Values the HTTP server hands to every request (see server/index.ts). */
import { createContext } from "react-router";

export interface RequestInfo {
  /** CSP nonce of this response. */
  nonce: string;
  /** Client IP (honours X-Forwarded-For only when TRUST_PROXY is set). */
  ip: string;
  /**
   * A page load only (not a `.data` request): the markup of the blocks written on the server,
   * by block name, written into the page without being repeated in its data.
   * Absent: the markup travels in the data (client navigations).
   */
  serverMarkup?: Map<string, string>;
}

export const requestInfoContext = createContext<RequestInfo>({ nonce: "", ip: "unknown" });

/** What a request's path says of it: a page load gets the map of its server-written blocks. */
export function requestKind(pathname: string): Pick<RequestInfo, "serverMarkup"> {
  return pathname.endsWith(".data") ? {} : { serverMarkup: new Map() };
}
