/**
 * The admins' form tying an instructor's account to the weekly classes they
 * teach, browser-safe: one form per instructor, the slots as
 * checkboxes (ids of the `schedule` setting). The rules needing the database
 * (the account holds the role, the slots still exist) are in
 * instructors.server.ts.
 */
import { z } from "zod";
import { href } from "react-router";

export const INSTRUCTORS_PATH = href("/espace-membre/contenu/enseignants-des-cours");

export const instructorSlotsSchema = z.object({
  userId: z
    .string({ error: "Ce compte n’existe plus." })
    .min(1, "Ce compte n’existe plus.")
    .max(100, "Ce compte n’existe plus."),
  slotIds: z.array(z.string().max(60)).max(100).default([]),
});
