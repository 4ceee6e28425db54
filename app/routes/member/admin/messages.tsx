import { Form, href, Link, redirect } from "react-router";
import { z } from "zod";
import { userContext } from "~/lib/accounts/auth-context";
import type { Route } from "./+types/messages";
import { FormMessage } from "~/components/form";
import { DeliveryBadge } from "~/components/admin-nav";
import { formatDateTime } from "~/lib/core/time";
import { pageMeta } from "~/lib/http/seo";
import {
  contactMessageCounts,
  getContactMessage,
  listContactMessages,
  resendContactMessage,
  setAnswered,
} from "~/lib/club/contact-messages.server";
import { readForm } from "~/lib/http/request.server";
import { positiveId } from "~/lib/http/ids.server";
import { id } from "~/lib/http/fields";
import { firstErrors } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import { Button, buttonClasses } from "~/components/ui/button";
import { ContentPageHeader } from "~/components/dashboard/content-page-header";

const PATH = href("/espace-membre/contenu/messages");
const PER_PAGE = 30;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Messages de contact",
    description: "Les messages envoyés par le formulaire de contact du site.",
    noindex: true,
  });

const NOTICES: Record<string, { tone: "success" | "error"; text: string }> = {
  repondu: { tone: "success", text: "Le message est marqué comme répondu." },
  "non-repondu": { tone: "success", text: "Le message est de nouveau marqué comme sans réponse." },
  renvoye: { tone: "success", text: "L’e-mail a été remis dans la file d’envoi." },
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = positiveId(url.searchParams.get("page")) ?? 1;
  const selectedId = positiveId(url.searchParams.get("message"));
  const [messages, counts, selected] = await Promise.all([
    listContactMessages({ limit: PER_PAGE, offset: (page - 1) * PER_PAGE }),
    contactMessageCounts(),
    selectedId ? getContactMessage(selectedId) : null,
  ]);
  const ok = url.searchParams.get("ok") ?? "";
  return {
    messages,
    counts,
    selected,
    selectedMissing: selectedId !== null && !selected,
    page,
    pages: Math.max(1, Math.ceil(counts.total / PER_PAGE)),
    notice: NOTICES[ok] ?? null,
  };
}

/** Every form of the page names its message. */
const messageSchema = z.object({ id: id("Ce message n’existe plus.") });

/** Post/Redirect/Get back to the message, with a notice. */
const back = (messageId: number, ok: string) =>
  redirect(`${PATH}?${new URLSearchParams({ message: String(messageId), ok }).toString()}#message-detail`);

/** One handler per intent. */
const HANDLERS = {
  answered: (userId: string, formData: FormData) =>
    handleIntent("answered", formData, messageSchema, async ({ id }) => {
      await setAnswered(id, true, userId);
      return back(id, "repondu");
    }),
  unanswered: (userId: string, formData: FormData) =>
    handleIntent("unanswered", formData, messageSchema, async ({ id }) => {
      await setAnswered(id, false, userId);
      return back(id, "non-repondu");
    }),
  resend: (_userId: string, formData: FormData) =>
    handleIntent("resend", formData, messageSchema, async ({ id }) => {
      await resendContactMessage(id);
      return back(id, "renvoye");
    }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](user.id, formData);
}

export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, counts, selected, selectedMissing, page, pages } = loaderData;
  const refused = ["answered", "unanswered", "resend"].map((intent) => resultOf(actionData, intent)).find(Boolean);
  const error = refused ? Object.values(firstErrors(refused))[0] : undefined;
  const notice = error ? { tone: "error" as const, text: error } : loaderData.notice;
  return (
    <div className="space-y-6">
      <ContentPageHeader title="Messages de contact">
        <p className="mt-2 text-slate-700">
          {counts.total} message{counts.total > 1 ? "s" : ""}, dont {counts.unanswered} sans réponse
          {counts.failed ? ` et ${counts.failed} dont l’e-mail n’a pas pu être envoyé` : ""}. Chaque message est aussi
          envoyé par e-mail à l’adresse du club ; répondez directement à l’expéditeur.
        </p>
      </ContentPageHeader>

      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      {selectedMissing ? <FormMessage>Ce message n’existe plus.</FormMessage> : null}

      {selected ? (
        <section
          id="message-detail"
          aria-labelledby="message-title"
          className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
        >
          <h2 id="message-title" className="text-xl font-semibold text-slate-900">
            {selected.subject}
          </h2>
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-slate-800 sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">De</dt>
            <dd>
              {selected.name} —{" "}
              <a
                href={`mailto:${selected.email}?subject=${encodeURIComponent(`Re: ${selected.subject}`)}`}
                className="text-club-800 underline"
              >
                {selected.email}
              </a>
            </dd>
            <dt className="font-medium">Reçu le</dt>
            <dd>{formatDateTime(selected.createdAt)}</dd>
            <dt className="font-medium">Envoi au club</dt>
            <dd>
              <DeliveryBadge status={selected.delivery} label={selected.deliveryLabel} />
              {selected.delivery === "failed" && selected.lastError ? (
                <span className="ml-2 text-sm text-slate-700">
                  ({selected.attempts} tentative{selected.attempts > 1 ? "s" : ""}, dernière erreur :{" "}
                  {selected.lastError})
                </span>
              ) : null}
            </dd>
            <dt className="font-medium">Réponse</dt>
            <dd>
              {selected.answeredAt
                ? `Répondu le ${formatDateTime(selected.answeredAt)}${selected.answeredByName ? ` par ${selected.answeredByName}` : ""}`
                : "Pas encore de réponse"}
            </dd>
          </dl>
          <div className="mt-4 whitespace-pre-line rounded-md bg-slate-50 p-4 text-slate-900">{selected.message}</div>
          <div className="mt-4 flex flex-wrap gap-3">
            <a
              href={`mailto:${selected.email}?subject=${encodeURIComponent(`Re: ${selected.subject}`)}`}
              className={buttonClasses()}
            >
              Répondre par e-mail
            </a>
            <Form method="post">
              <input type="hidden" name="id" value={selected.id} />
              {selected.answeredAt ? (
                <Button type="submit" name="intent" value="unanswered" variant="neutral">
                  Marquer comme sans réponse
                </Button>
              ) : (
                <Button type="submit" name="intent" value="answered" variant="secondary">
                  Marquer comme répondu
                </Button>
              )}
            </Form>
            {selected.delivery === "failed" || selected.delivery === "pending" ? (
              <Form method="post">
                <input type="hidden" name="id" value={selected.id} />
                <Button type="submit" name="intent" value="resend" variant="danger-outline">
                  Renvoyer l’e-mail au club
                </Button>
              </Form>
            ) : null}
            <Link to={PATH} className="self-center font-medium text-club-800 underline">
              Fermer
            </Link>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="list-title">
        <h2 id="list-title" className="text-2xl font-semibold text-slate-900">
          Tous les messages, du plus récent au plus ancien
        </h2>
        {messages.length === 0 ? <p className="mt-3 text-slate-700">Aucun message pour l’instant.</p> : null}
        <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {messages.map((m) => (
            <li key={m.id} className={`p-4 ${selected?.id === m.id ? "bg-club-50" : ""}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link
                  to={`${PATH}?message=${m.id}${page > 1 ? `&page=${page}` : ""}#message-detail`}
                  className="font-semibold text-club-900 underline"
                >
                  {m.subject} — {m.name}
                </Link>
                <span className="text-sm text-slate-700">{formatDateTime(m.createdAt)}</span>
              </div>
              <p className="mt-1 line-clamp-2 text-slate-800">{m.message}</p>
              <p className="mt-2 flex flex-wrap gap-2">
                <DeliveryBadge status={m.delivery} label={m.deliveryLabel} />
                <span
                  className={`inline-block rounded px-2 py-0.5 text-sm font-semibold ${m.answeredAt ? "bg-green-100 text-green-900" : "bg-slate-100 text-slate-900"}`}
                >
                  {m.answeredAt ? "Répondu" : "Sans réponse"}
                </span>
              </p>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <nav aria-label="Pages des messages" className="mt-4 flex gap-4">
            {page > 1 ? (
              <Link to={`${PATH}?page=${page - 1}`} className="text-club-800 underline">
                Messages plus récents
              </Link>
            ) : null}
            <span className="text-slate-700">
              Page {page} sur {pages}
            </span>
            {page < pages ? (
              <Link to={`${PATH}?page=${page + 1}`} className="text-club-800 underline">
                Messages plus anciens
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}
