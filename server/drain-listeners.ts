/**
 * `drain` listeners of a compressed response, removable again (issue 12).
 *
 * `compression()` replaces `res.on` so that a `drain` listener goes to its gzip stream, but not
 * `res.off` / `res.removeListener`: React Router's adapter (`waitForDrain` in @react-router/node)
 * adds a `once("drain")` listener each time a write returns false and removes it with
 * `res.off("drain")`, which then finds nothing on the response. The listeners piled up on the
 * gzip stream (one per full buffer of a large page: "MaxListenersExceededWarning … drain
 * listeners added to [Gzip]"), each one kept until the page ended.
 *
 * Rule: placed right after `compression()`. The response keeps its own list of `drain`
 * listeners and gives compression ONE dispatcher, so adding and removing stay symmetric
 * whether the page is compressed or not. Other events are untouched.
 */
import type { RequestHandler } from "express";

type Listener = (...args: unknown[]) => void;
/** A `once` wrapper made by Node's EventEmitter keeps the original function here. */
type Wrapped = Listener & { listener?: Listener };

export const drainListeners: RequestHandler = (_req, res, next) => {
  const on = res.on.bind(res); // compression's: forwards "drain" to its gzip stream once it exists
  const listeners: Wrapped[] = [];
  let dispatching = false;
  const dispatch = () => {
    for (const fn of listeners.slice()) fn.call(res);
  };
  function add(this: typeof res, event: string | symbol, fn: Listener) {
    if (event !== "drain") return on(event, fn);
    listeners.push(fn);
    if (!dispatching) {
      dispatching = true;
      on("drain", dispatch);
    }
    return this;
  }
  const removeListener = res.removeListener.bind(res);
  function remove(this: typeof res, event: string | symbol, fn: Listener) {
    if (event !== "drain") return removeListener(event, fn);
    const i = listeners.findIndex((l) => l === fn || l.listener === fn);
    if (i >= 0) listeners.splice(i, 1);
    return this;
  }
  res.on = add as typeof res.on;
  res.addListener = add as typeof res.addListener;
  res.removeListener = remove as typeof res.removeListener;
  res.off = remove as typeof res.off;
  next();
};
