/**
 * The context React Router hands a loader, for tests that call a loader directly: by default
 * that of a client navigation (`.data`), whose answer carries the server-written blocks
 * themselves; `pageLoad` gives that of a page load, whose blocks go to the page.
 */
import { RouterContextProvider } from "react-router";
import { requestInfoContext, requestKind } from "~/lib/http/context";

export function requestContext(options: { pageLoad?: boolean; ip?: string } = {}): RouterContextProvider {
  const info = { nonce: "", ip: options.ip ?? "127.0.0.1", ...requestKind(options.pageLoad ? "/" : "/_root.data") };
  return new RouterContextProvider(new Map([[requestInfoContext, info]]));
}

/** A loader's arguments (`loader(loaderArgs())`): a GET of `/`, no params, `requestContext(options)`. */
export function loaderArgs<Args>(options: { pageLoad?: boolean; ip?: string } = {}): Args {
  const args = { request: new Request("http://localhost/"), params: {}, context: requestContext(options) };
  return args as unknown as Args;
}
