/**
 * The managers' own tasks: form schemas, browser-safe. The
 * page validates with them and the action of /espace-membre/todo parses with
 * the same ones; todo.server.ts enforces the rest (version check).
 */
import { z } from "zod";
import { id, optionalIsoDate, optionalLongText, requiredText, version } from "../http/fields";

export const todoSchema = z.object({
  title: requiredText("Le titre est obligatoire", 200, "Le titre ne peut pas dépasser 200 caractères."),
  notes: optionalLongText(2000),
  dueOn: optionalIsoDate().transform((v) => (v === "" ? null : v)),
});
export type TodoInput = z.output<typeof todoSchema>;

const todoId = id("Cette tâche n'existe plus.");

export const todoUpdateSchema = todoSchema.extend({
  id: todoId,
  version: version(),
});

/** Tick, reopen, delete: the task's id only. */
export const todoIdSchema = z.object({ id: todoId });

export const startSeasonSchema = z.object({
  season: z.string({ error: "Saison inconnue." }).regex(/^\d{4}(-\d{4})?$/, "Saison inconnue."),
});

export const TODO_INTENTS = ["create", "update", "done", "reopen", "delete", "start-season"] as const;
export type TodoIntent = (typeof TODO_INTENTS)[number];
