/**
 * /espace-membre/utilisateurs/rappels (admin, user_manager):
 *  - the families' reminder e-mails (reminders.server.ts: ONE combined e-mail
 *    per family — registration to finish or to pay, medical papers,
 *    certificate expiring, cotisation — at most weekly): off until a manager
 *    turns them on for the season, with a preview of who would get what
 *    (nothing is sent from this page);
 *  - the manager's own choice for the e-mails about new pré-inscriptions and
 *    RGPD deletion requests: immediately, a daily digest, or never.
 * One handler per intent (`HANDLERS`, app/lib/http/intents.ts); every form
 * works without JavaScript.
 */
import { Form, href, Link, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/reminders";
import { FormErrors, FormMessage, SelectField, SubmitButton, useClubForm, getFormProps } from "~/components/form";
import { userContext } from "~/lib/accounts/auth-context";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import type { SessionUser } from "~/lib/accounts/session.server";
import { pageMeta } from "~/lib/http/seo";
import { readForm } from "~/lib/http/request.server";
import { NOTIFICATION_CHOICES, notificationChoiceSchema } from "~/lib/members/manager-notifications";
import { notificationChoice, setNotificationChoice } from "~/lib/members/manager-notifications.server";
import { remindersEnabledFor, setRemindersEnabled } from "~/lib/members/reminders-activation.server";
import { dueReminders, reminderSeason } from "~/lib/members/reminders.server";

const PATH = href("/espace-membre/utilisateurs/rappels");
const PREVIEW_MAX = 200;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Rappels et notifications",
    description: "Les rappels par e-mail aux membres et vos notifications.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  actives:
    "Les rappels sont activés pour la saison : ils partent le matin, un e-mail par famille au plus chaque semaine.",
  desactives: "Les rappels sont désactivés pour la saison : plus aucun ne partira.",
  notifications: "Votre choix de notifications est enregistré.",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const season = await reminderSeason();
  const due = await dueReminders();
  return {
    season,
    enabled: await remindersEnabledFor(season),
    preview: due
      .slice(0, PREVIEW_MAX)
      .map((r) => ({ key: r.ownerId, to: r.to, lines: r.items.map((i) => i.line), subject: r.subject })),
    total: due.length,
    choice: await notificationChoice(user.id),
    notice: NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null,
  };
}

type RemindersIntent = "activer" | "desactiver" | "notifications";

const noFields = z.object({});

/** One handler per form (app/lib/http/intents.ts). */
const HANDLERS: Record<RemindersIntent, (user: SessionUser, formData: FormData) => Promise<unknown>> = {
  activer: (user, formData) =>
    handleIntent("activer", formData, noFields, async () => {
      await setRemindersEnabled(await reminderSeason(), true, user);
      return redirect(`${PATH}?ok=actives`);
    }),
  desactiver: (user, formData) =>
    handleIntent("desactiver", formData, noFields, async () => {
      await setRemindersEnabled(await reminderSeason(), false, user);
      return redirect(`${PATH}?ok=desactives`);
    }),
  notifications: (user, formData) =>
    handleIntent("notifications", formData, notificationChoiceSchema, async ({ choice }) => {
      await setNotificationChoice(user.id, choice);
      return redirect(`${PATH}?ok=notifications`);
    }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](user, formData);
}

function NotificationsForm({
  choice,
  lastResult,
}: {
  choice: string;
  lastResult?: Parameters<typeof useClubForm>[0]["lastResult"];
}) {
  const [form, fields] = useClubForm({
    id: "notifications",
    schema: notificationChoiceSchema,
    lastResult,
    defaultValue: { choice },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4">
      <FormErrors form={form} lastResult={lastResult} />
      <input type="hidden" name="intent" value="notifications" />
      <SelectField
        label="Recevoir ces e-mails"
        name={fields.choice.name}
        defaultValue={choice}
        error={fields.choice.errors?.[0]}
        options={Object.entries(NOTIFICATION_CHOICES).map(([value, label]) => ({ value, label }))}
      />
      <SubmitButton pendingLabel="Enregistrement…">Enregistrer mon choix</SubmitButton>
    </Form>
  );
}

export default function Reminders({ loaderData, actionData }: Route.ComponentProps) {
  const { season, enabled, preview, total, choice, notice } = loaderData;
  const result = resultOf(actionData, "notifications");
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-club-900">Rappels et notifications</h1>
        <p className="mt-2 text-slate-700">
          <Link to={href("/espace-membre/utilisateurs")} className="font-medium text-club-800 underline">
            Retour aux utilisateurs
          </Link>
        </p>
      </header>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}

      <section
        aria-labelledby="rappels-title"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="rappels-title" className="text-xl font-bold text-club-900">
          Rappels aux familles, saison {season}
        </h2>
        <p className="mt-2 text-slate-800">
          Un seul e-mail par famille, à partir de 8 h et au plus une fois par semaine, qui liste ce qu'il reste à faire
          : inscription à terminer ou à payer, dossier médical incomplet, certificat qui expire sous 30 jours,
          cotisation non enregistrée un mois après la rentrée. Chaque point est rappelé trois fois au plus dans la
          saison, et plus du tout dès qu'il est réglé.{" "}
          <strong>
            {enabled ? "Les rappels sont activés pour cette saison." : "Les rappels sont désactivés : aucun ne part."}
          </strong>
        </p>
        <h3 className="mt-4 font-semibold text-slate-900">
          {enabled ? "Prochains envois" : "Aperçu : ce qui partirait si vous les activiez"} ({total})
        </h3>
        {preview.length ? (
          <ul className="mt-2 divide-y divide-slate-200 border-t border-slate-200">
            {preview.map((r) => (
              <li key={r.key} className="py-2">
                <p className="font-medium text-slate-900">{r.subject}</p>
                <p className="text-sm wrap-anywhere text-slate-700">À {r.to}</p>
                <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
                  {r.lines.map((line) => (
                    <li key={line} className="break-words">
                      {line}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
            {total > preview.length ? (
              <li className="py-2 text-slate-700">… et {total - preview.length} autres.</li>
            ) : null}
          </ul>
        ) : (
          <p className="mt-2 text-slate-700">Aucun rappel à envoyer aujourd’hui.</p>
        )}
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value={enabled ? "desactiver" : "activer"} />
          <SubmitButton pendingLabel="Enregistrement…">
            {enabled ? "Désactiver les rappels de la saison" : "Activer les rappels de la saison"}
          </SubmitButton>
        </Form>
      </section>

      <section
        aria-labelledby="notifications-title"
        className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
      >
        <h2 id="notifications-title" className="text-xl font-bold text-club-900">
          Vos notifications
        </h2>
        <p className="mt-2 text-slate-800">
          Les nouvelles pré-inscriptions à valider, les demandes de suppression de compte (le club a un mois pour y
          répondre) et les demandes de cours d'essai.
        </p>
        <NotificationsForm choice={choice} lastResult={result} />
      </section>
    </div>
  );
}
