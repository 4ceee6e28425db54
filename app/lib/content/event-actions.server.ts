/**
 * The one action of the event pages (/espace-membre/evenements/ajouter and
 * /modifier/:id): the form parsed with its schema and saved.
 * Success: back to the list; a new event is created once however often its
 * form is sent (one-time token). Refusal:
 * `{ result, conflict }` with what was typed kept (also on a conflict, so the
 * changes can be carried over). The event is gone: a 404 page.
 */
import { notFound } from "~/lib/http/responses";
import { data, href, redirect } from "react-router";
import { DomainError } from "../core/errors";
import { domainErrors, parseSubmission, reply, type SubmissionResult } from "../http/forms";
import { readForm } from "../http/request.server";
import { redirectOnce } from "../http/submissions.server";
import { eventSchema, eventUpdateSchema } from "./event-form";
import { saveEvent } from "./event-editing.server";

export type EventSaveAnswer = { result: SubmissionResult<string[]>; conflict: boolean };

const listPath = (id: number) => `${href("/espace-membre/evenements")}?enregistre=${id}`;

export async function eventAction(request: Request, userId: string, id: number | null) {
  const formData = await readForm(request);
  const submission = parseSubmission(formData, id === null ? eventSchema : eventUpdateSchema);
  if (submission.status !== "success")
    return data<EventSaveAnswer>({ result: reply(submission), conflict: false }, { status: 400 });
  try {
    if (id === null)
      return await redirectOnce("event.create", formData, async () =>
        listPath((await saveEvent(null, submission.value, userId)).id),
      );
    await saveEvent(id, submission.value, userId);
    return redirect(listPath(id));
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.status === 404) notFound("Événement introuvable");
    return data<EventSaveAnswer>(
      { result: reply(submission, domainErrors(err)), conflict: err.status === 409 },
      { status: err.status },
    );
  }
}
