/**
 * A page's error answers: one way, React Router's data() with the status and the French
 * phrase the error page shows (errorTexts), or its generic text when none is given.
 */
import { describe, expect, it } from "vitest";
import { badRequest, forbidden, notFound, refusedWith } from "~/lib/http/responses";
import { errorTexts } from "./error-message";

function thrown(fn: () => never): { data: unknown; init: { status?: number } | null } {
  try {
    fn();
  } catch (err) {
    return err as { data: unknown; init: { status?: number } | null };
  }
  throw new Error("nothing thrown");
}

describe("a page's error answers", () => {
  it("carry their status and phrase", () => {
    expect(thrown(() => notFound("Article introuvable"))).toMatchObject({
      data: "Article introuvable",
      init: { status: 404 },
    });
    expect(thrown(() => forbidden())).toMatchObject({ data: null, init: { status: 403 } });
    expect(thrown(() => badRequest("Action inconnue."))).toMatchObject({ init: { status: 400 } });
    expect(thrown(() => refusedWith({ status: 409, message: "Cette page a changé." }))).toMatchObject({
      data: "Cette page a changé.",
      init: { status: 409 },
    });
  });

  it("show the phrase on the error page, or the status's own French text", () => {
    const asShown = (status: number, data: unknown) => errorTexts({ status, statusText: "", internal: false, data });
    expect(asShown(404, "Article introuvable").message).toBe("Article introuvable");
    expect(asShown(404, null).message).toBe("La page que vous cherchez n'existe pas ou a été déplacée.");
  });
});
