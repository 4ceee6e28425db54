/**
 * The anchor helper of the specification: scrolls to the element a URL
 * fragment names, waiting for it to appear (content loaded after the
 * navigation, lazy sections…) up to 10 seconds by default.
 *
 * Everything the browser provides can be injected, so the helper is unit
 * tested without a DOM.
 */

/** Default time to wait for the anchor's element (ms). */
export const ANCHOR_WAIT_MS = 10_000;
/** How often the helper looks for the element while waiting (ms). */
export const ANCHOR_POLL_MS = 100;

export interface AnchorTarget {
  scrollIntoView?: (options?: ScrollIntoViewOptions) => void;
}

export interface ScrollToAnchorOptions<T extends object = AnchorTarget> {
  /** Maximum wait for the element (ms), 10 000 by default. */
  timeoutMs?: number;
  /** Polling interval (ms). */
  intervalMs?: number;
  /** Stops waiting (e.g. the user navigated elsewhere). */
  signal?: AbortSignal;
  /** Finds the element for an id; defaults to document.getElementById, then [name]. */
  find?: (id: string) => T | null;
  /** Scrolls to the element; defaults to element.scrollIntoView({ behavior, block: "start" }). */
  scroll?: (element: T) => void;
  behavior?: ScrollBehavior;
  /** Clock and timer (injected by tests). */
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** "#a%20b" -> "a b"; "" or "#" -> "". */
export function anchorId(hash: string): string {
  const raw = hash.startsWith("#") ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function defaultFind(id: string): AnchorTarget | null {
  if (typeof document === "undefined") return null;
  return document.getElementById(id) ?? document.getElementsByName(id)[0] ?? null;
}

/**
 * Scrolls to the element named by `hash` as soon as it exists. Resolves true
 * once scrolled, false when the element did not appear in time, the hash is
 * empty or the wait was aborted.
 */
export function scrollToAnchor<T extends object = AnchorTarget>(
  hash: string,
  options: ScrollToAnchorOptions<T> = {},
): Promise<boolean> {
  const id = anchorId(hash);
  const {
    timeoutMs = ANCHOR_WAIT_MS,
    intervalMs = ANCHOR_POLL_MS,
    signal,
    behavior = "smooth",
    now = () => Date.now(),
    setTimer = (cb: () => void, ms: number) => setTimeout(cb, ms),
    clearTimer = (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  } = options;
  const find = options.find ?? (defaultFind as unknown as (id: string) => T | null);
  const scroll = options.scroll ?? ((el: T) => (el as AnchorTarget).scrollIntoView?.({ behavior, block: "start" }));

  return new Promise<boolean>((resolve) => {
    if (!id || signal?.aborted) return resolve(false);
    const deadline = now() + timeoutMs;
    let handle: unknown;
    const onAbort = () => {
      clearTimer(handle);
      resolve(false);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const attempt = () => {
      if (signal?.aborted) return;
      const element = find(id);
      if (element) {
        signal?.removeEventListener("abort", onAbort);
        scroll(element);
        return resolve(true);
      }
      if (now() >= deadline) {
        signal?.removeEventListener("abort", onAbort);
        return resolve(false);
      }
      handle = setTimer(attempt, Math.min(intervalMs, Math.max(0, deadline - now())));
    };
    attempt();
  });
}
