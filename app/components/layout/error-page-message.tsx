/**
 * The message of an error page (error-message.tsx) as the layouts' error boundaries show it:
 * its code loads only on an error page (lazy-part.ts, decision 0058), written by the server in
 * the page as before.
 */
import { Suspense } from "react";
import { lazyPart } from "~/components/lazy-part";

const ErrorMessage = lazyPart(() => import("./error-message").then((m) => m.ErrorMessage));

export function ErrorPageMessage({ error }: { error: unknown }) {
  return (
    <Suspense fallback={null}>
      <ErrorMessage error={error} />
    </Suspense>
  );
}
