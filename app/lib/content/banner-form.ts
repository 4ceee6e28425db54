/**
 * The banner image form, browser-safe: the page validates
 * with it and the action of /espace-membre/contenu/bannieres parses with it;
 * banners.server.ts checks the section and the image (`DomainError`).
 */
import { z } from "zod";
import { withMax } from "../http/fields";

const section = withMax(200, z.string({ error: "Choisissez une section dans la liste." }));

export const bannerSchema = z.object({
  section,
  file: z.file({ error: "Choisissez une image (JPEG, PNG ou WebP)." }),
});

export const bannerResetSchema = z.object({ section });
