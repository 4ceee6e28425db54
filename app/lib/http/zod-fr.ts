/**
 * Zod's default messages in French, for every schema of the site (server and
 * browser). A message written in a schema always wins; this only replaces
 * Zod's English fallbacks ("Invalid input: expected string, received
 * undefined"), e.g. for a field missing from a forged request.
 * Imported by entry.server.tsx (the server), request.server.ts (actions in
 * tests) and form-validation.ts (the browser, loaded with a form's validation:
 * never by the root, so pages without a form load no Zod, decision 0036).
 */
import { z } from "zod";

z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Ce champ est obligatoire.";
    if (issue.code === "too_big") return "Valeur trop longue ou trop grande.";
    if (issue.code === "too_small") return "Valeur trop courte ou trop petite.";
    return "Valeur invalide.";
  },
});

export {};
