/** The root error page shows a refused request's French message, never React Router's English text. */
import { renderToStaticMarkup } from "react-dom/server";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root";

function page(error: unknown): string {
  const props = { error, params: {}, loaderData: undefined, actionData: undefined } as unknown as Parameters<
    typeof ErrorBoundary
  >[0];
  return renderToStaticMarkup(<ErrorBoundary {...props} />);
}

describe("root error page", () => {
  it("shows the French message of a thrown 413", () => {
    const html = page(
      new ErrorResponse(413, "Payload Too Large", "Envoi trop volumineux\u00a0: la limite est de 256\u00a0Ko."),
    );
    expect(html).toContain("Envoi trop volumineux");
    expect(html).toContain("la limite est de 256");
  });

  it("shows the French message of a thrown 400", () => {
    expect(page(new ErrorResponse(400, "Bad Request", "Identifiant invalide."))).toContain("Identifiant invalide.");
  });

  it("never shows React Router's own English text (405 without action)", () => {
    const html = page(
      new ErrorResponse(
        405,
        "Method Not Allowed",
        new Error('You made a POST request to "/" but did not provide an `action`'),
        true,
      ),
    );
    expect(html).not.toContain("You made a POST");
    expect(html).toContain("Cette requête n");
  });
});
