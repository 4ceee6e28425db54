/**
 * The message of an error page (error-message.tsx) as the layouts' error boundaries show it:
 * its code loads only on an error page (React's `lazy`), written by the server in the page
 * (entry.server.tsx sends a page once all of it is ready).
 */
import { lazy, Suspense } from "react";

const ErrorMessage = lazy(() => import("./error-message").then((m) => ({ default: m.ErrorMessage })));

export function ErrorPageMessage({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <ErrorMessage error={error} />
    </Suspense>
  );
}
