/**
 * The French texts of error pages: a route's own French explanation is shown
 * (the revision page's refusal), framework messages and server errors are
 * replaced by a generic French sentence (nothing internal leaks).
 */
import { describe, expect, it } from "vitest";
import { errorTexts } from "./error-message";

const response = (status: number, data: unknown) => ({ status, statusText: "", internal: false, data });

describe("error page texts", () => {
  it("show the route's French explanation under the title", () => {
    const texts = errorTexts(
      response(
        403,
        "Ce grade est au-delà du prochain grade de ce profil\u00a0: son programme s'ouvre quand le grade précédent est obtenu.",
      ),
    );
    expect(texts.title).toBe("Accès refusé");
    expect(texts.message).toMatch(/^Ce grade est au-delà/);
  });

  it("replace framework messages by the French sentence of the status", () => {
    expect(errorTexts(response(404, 'Error: No route matches URL "/x"'))).toMatchObject({
      title: "Page introuvable",
      message: "La page que vous cherchez n'existe pas ou a été déplacée.",
    });
    expect(errorTexts(response(403, { secret: true })).message).toBe("Vous n'avez pas accès à cette page.");
  });

  it("never show a server error's message or stack", () => {
    const texts = errorTexts(new Error("connexion refusée à 10.0.0.3:5432\n    at Pool.connect (node_modules/pg)"));
    expect(texts).toEqual({
      status: 500,
      title: "Une erreur est survenue",
      message: "Le serveur n'a pas pu afficher cette page. Réessayez dans quelques instants.",
      detail: null,
    });
  });
});
