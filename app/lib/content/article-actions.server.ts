/**
 * The one action of the article pages (/espace-membre/articles/ajouter and
 * /modifier/:id): the editor's image upload, or the article form parsed with
 * its schema and saved. Answers:
 *  - success: Post/Redirect/Get to the edit page; a new article is created
 *    once however often its form is sent (one-time token);
 *  - refusal: `{ intent: "save", result, conflict }` (Conform's result, what
 *    was typed kept — also on a conflict, so the changes can be carried over);
 *  - the article is gone: a 404 page.
 */
import { notFound } from "~/lib/http/responses";
import { data, href, redirect } from "react-router";
import { DomainError } from "../core/errors";
import { domainErrors, parseSubmission, reply, type ReplyOptions, type SubmissionResult } from "../http/forms";
import { readForm, UPLOAD_BODY_LIMIT } from "../http/request.server";
import { redirectOnce } from "../http/submissions.server";
import { articleSchema, articleUpdateSchema, COVER_LOST } from "./article-form";
import { saveArticle, uploadBodyImage } from "./article-editing.server";
import { oversizedRequest, uploadedFile } from "./uploads.server";

export type ArticleSaveAnswer = { intent: "save"; result: SubmissionResult<string[]>; conflict: boolean };

const editPath = (id: number) => href("/espace-membre/articles/modifier/:id", { id: String(id) });

export async function articleAction(request: Request, userId: string, id: number | null) {
  const tooLarge = await oversizedRequest(request);
  // No value sent back: with JavaScript the form stays as typed (the browser checks sizes first anyway).
  if (tooLarge) {
    return data<ArticleSaveAnswer>(
      { intent: "save", result: { status: "error", error: { cover: [tooLarge.message] } }, conflict: false },
      { status: tooLarge.status },
    );
  }
  const formData = await readForm(request, { limit: UPLOAD_BODY_LIMIT });
  if (formData.get("intent") === "upload-image") {
    return { intent: "upload-image" as const, ...(await uploadBodyImage(formData, userId)) };
  }
  const submission = parseSubmission(formData, id === null ? articleSchema : articleUpdateSchema);
  // The browser forgets a chosen file when the page comes back with errors.
  const coverLost = (options: ReplyOptions): ReplyOptions =>
    uploadedFile(formData, "cover") &&
    !options.fieldErrors?.cover &&
    !(submission.status === "error" && submission.error?.cover)
      ? { ...options, fieldErrors: { ...options.fieldErrors, cover: [COVER_LOST] } }
      : options;
  const refuse = (options: ReplyOptions, status: number, conflict = false) =>
    data<ArticleSaveAnswer>({ intent: "save", result: reply(submission, coverLost(options)), conflict }, { status });
  if (submission.status !== "success") return refuse({}, 400);
  try {
    if (id === null) {
      return await redirectOnce("article.create", formData, async () => {
        const row = await saveArticle(null, submission.value, userId);
        return `${editPath(row.id)}?enregistre=cree`;
      });
    }
    await saveArticle(id, submission.value, userId);
    return redirect(`${editPath(id)}?enregistre=1`);
  } catch (err) {
    if (!(err instanceof DomainError)) throw err;
    if (err.status === 404) notFound("Article introuvable");
    return refuse(domainErrors(err), err.status, err.status === 409);
  }
}
