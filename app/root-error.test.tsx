/**
 * The root error page (the root's own data failed) shows a refused request's French message,
 * never React Router's English text. It is rendered as the server renders it: by React Router's
 * static handler, the root's loader throwing, its error boundary written with the layouts'
 * message (error-message.tsx, loaded with React's `lazy`: the page is read once all of it is
 * ready, as entry.server.tsx sends it).
 */
import { renderToReadableStream } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  StaticRouterProvider,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  UNSAFE_withErrorBoundaryProps as withErrorBoundaryProps,
} from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root";

async function page(error: unknown): Promise<string> {
  const handler = createStaticHandler([
    {
      id: "root",
      path: "/",
      loader: () => {
        throw error;
      },
      Component: () => null,
      ErrorBoundary: withErrorBoundaryProps(ErrorBoundary as Parameters<typeof withErrorBoundaryProps>[0]),
    },
  ]);
  const context = await handler.query(new Request("http://localhost/"));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  const stream = await renderToReadableStream(
    <StaticRouterProvider router={router} context={context} hydrate={false} />,
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  await stream.allReady;
  // React's markers around a part that waited for its code (`<!--$-->`) are no part of what a reader sees.
  return (await new Response(stream).text()).replace(/<!--\/?\$\??-->/g, "");
}

describe("root error page", () => {
  it("shows the French message of a thrown 413, in place", async () => {
    const html = await page(
      new ErrorResponse(413, "Payload Too Large", "Envoi trop volumineux\u00a0: la limite est de 256\u00a0Ko."),
    );
    expect(html).toMatch(/<main id="contenu"><div [^>]*data-status="413"/);
    expect(html).toContain("Envoi trop volumineux");
    expect(html).toContain("la limite est de 256");
    expect(html).toContain('href="/"');
  });

  it("shows the French message of a thrown 400", async () => {
    expect(await page(new ErrorResponse(400, "Bad Request", "Identifiant invalide."))).toContain(
      "Identifiant invalide.",
    );
  });

  it("never shows React Router's own English text (405 without action)", async () => {
    const html = await page(
      new ErrorResponse(
        405,
        "Method Not Allowed",
        new Error('You made a POST request to "/" but did not provide an `action`'),
        true,
      ),
    );
    expect(html).not.toContain("You made a POST");
    expect(html).toContain("La demande envoyée n");
  });
});
