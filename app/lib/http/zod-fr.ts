/**
 * Zod's default messages in French, for every schema of the site (server and
 * browser). A message written in a schema always wins; this only replaces
 * Zod's English fallbacks ("Invalid input: expected string, received
 * undefined"), e.g. for a field missing from a forged request.
 * Imported by fields.ts (so every schema built from the shared fields has it,
 * in the browser too, where form pages load it on demand), entry.server.tsx
 * and request.server.ts; never by the root: pages without a form load no Zod.
 */
import { z } from "zod";

// In the browser, no JIT: Zod probes for eval with `new Function`, and the site's CSP (no
// 'unsafe-eval') reports that probe as a violation even though Zod catches it (Lighthouse's Best
// Practices lost 4 points to it). Set before any schema is built: fields.ts imports this module.
if (typeof document !== "undefined") z.config({ jitless: true });

z.config({
  customError: (issue) => {
    if (issue.code === "invalid_type" && issue.input === undefined) return "Ce champ est obligatoire.";
    if (issue.code === "too_big") return "Valeur trop longue ou trop grande.";
    if (issue.code === "too_small") return "Valeur trop courte ou trop petite.";
    return "Valeur invalide.";
  },
});

export {};
