/**
 * A part of the layout whose code the browser loads only when a page shows it (decision 0058):
 * the account area of a signed-in user, the message of an error page. A visitor's pages never
 * load that code.
 *
 * Rules:
 *  - The caller puts the part in a `<Suspense fallback={null}>`. The server writes it in the page;
 *    the browser keeps that markup while the part's file loads, then brings it to life. After a
 *    navigation in the browser the part appears once its file is there.
 *  - On the server the part's module is imported as soon as the part is declared, entry.server.tsx
 *    waits for every such import before writing a page (`lazyPartsLoaded`), and React gets the
 *    part at once (a thenable that answers on the spot): a page is never written without the
 *    part, so the page needs no script to show it (with `progressiveChunkSize` there).
 *  - `load` imports the module with `import()`: a static import would put it back in every page.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from "react";

/** On the server: the parts' imports under way or done. */
const serverLoads: Array<Promise<unknown>> = [];

/** On the server: resolves once every part declared so far is imported (at once after the first time). */
export function lazyPartsLoaded(): Promise<unknown> {
  return Promise.all(serverLoads);
}

export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
): LazyExoticComponent<ComponentType<P>> {
  let ready: ComponentType<P> | undefined;
  if (typeof document === "undefined") {
    serverLoads.push(
      load().then((component) => {
        ready = component;
      }),
    );
  }
  return lazy(() => {
    const component = ready;
    if (component) {
      // Answers on the spot: React then renders the part without waiting (React.lazy reads the
      // answer right after calling `then`).
      const now = {
        then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: component }),
      };
      return now as unknown as Promise<{ default: ComponentType<P> }>;
    }
    return load().then((c) => ({ default: c }));
  });
}
