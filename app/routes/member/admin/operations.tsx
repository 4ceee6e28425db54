/**
 * /espace-membre/exploitation — the operations page of the administrators
 * (issue "Running the site without a technician"): what to fix first, the
 * system (version, uptime, database, disk, files), backups (start one, list
 * with their verification, download after re-entering the password), e-mails
 * (queue, failures with a retry, a test mail) and the background jobs.
 *
 * Rules: admins only (permission table); figures from the running system
 * (app/lib/operations/status.server.ts); one handler per intent (`HANDLERS`,
 * app/lib/http/intents.ts); every form works without JavaScript; readable at
 * 390 px (no wide table).
 */
import { getFormProps } from "@conform-to/react";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/operations";
import { fieldProps, FormErrors, FormMessage, SubmitButton, TextField, useClubForm } from "~/components/form";
import { formatDateTime } from "~/lib/core/time";
import { userContext } from "~/lib/accounts/auth-context";
import { firstErrors } from "~/lib/http/forms";
import { id } from "~/lib/http/fields";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import type { SessionUser } from "~/lib/accounts/session.server";
import { pageMeta } from "~/lib/http/seo";
import { readForm } from "~/lib/http/request.server";
import { queueMail } from "~/lib/mail/mail.server";
import { resendMail } from "~/lib/mail/mail.server";
import { BackupError } from "~/lib/operations/archive.server";
import { createBackup } from "~/lib/operations/backup.server";
import { issueDownload } from "~/lib/operations/download.server";
import { operationsStatus } from "~/lib/operations/status.server";
import { MailServerForm } from "~/components/operations/mail-settings-fields";
import { mailSettingsSchema } from "~/lib/mail/mail-settings";
import { mailSettingsView, saveMailSettings } from "~/lib/mail/mail-config.server";
import { deliverPendingMail } from "~/lib/mail/mail.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Exploitation",
    description: "Sauvegardes, e-mails, tâches de fond et espace disque du site.",
    noindex: true,
  });

const downloadSchema = z.object({
  name: z.string({ error: "Sauvegarde inconnue." }).max(200),
  password: z.string({ error: "Saisissez votre mot de passe." }).min(1, "Saisissez votre mot de passe.").max(128),
});

export async function loader() {
  return { status: await operationsStatus() };
}

type Notice = { tone: "success" | "error"; text: string };

/** The forms of the page, one handler each (app/lib/http/intents.ts). */
type OperationsIntent = "sauvegarde" | "renvoyer" | "essai" | "smtp" | "telecharger";

const noFields = z.object({});
const resendSchema = z.object({ id: id("Message inconnu.") });

interface IntentArgs {
  request: Request;
  user: SessionUser;
  formData: FormData;
}

const noticeAnswer = (tone: Notice["tone"], text: string, status = 200) => data({ notice: { tone, text } }, { status });

const HANDLERS: Record<OperationsIntent, (args: IntentArgs) => Promise<unknown>> = {
  sauvegarde: ({ formData }) =>
    handleIntent("sauvegarde", formData, noFields, async () => {
      try {
        const info = await createBackup({ reason: "page" });
        return info.verification.ok
          ? noticeAnswer("success", `Sauvegarde ${info.name} écrite et vérifiée.`)
          : noticeAnswer("error", `Sauvegarde écrite, mais sa vérification a échoué : ${info.verification.error}`);
      } catch (err) {
        if (err instanceof BackupError) return noticeAnswer("error", err.message, 409);
        throw err;
      }
    }),
  renvoyer: ({ formData }) =>
    handleIntent("renvoyer", formData, resendSchema, async ({ id }) => {
      await resendMail(id);
      return noticeAnswer("success", "Le message a été remis dans la file d'envoi.");
    }),
  essai: ({ user, formData }) =>
    handleIntent("essai", formData, noFields, async () => {
      await queueMail({
        to: user.email,
        subject: "Essai d'envoi depuis la page Exploitation",
        text: `Bonjour ${user.prenom},\n\nCe message d'essai confirme que le site du club envoie bien ses e-mails.`,
      });
      return noticeAnswer("success", `Un e-mail d'essai part vers ${user.email}.`);
    }),
  smtp: ({ user, formData }) =>
    handleIntent(
      "smtp",
      formData,
      mailSettingsSchema,
      async (settings) => {
        // With SMTP_URL the page shows no form: the refusal is a notice.
        if ((await mailSettingsView()).envWins)
          return noticeAnswer(
            "error",
            "Le serveur d'envoi est fixé par la variable SMTP_URL : elle prime sur ce réglage.",
            409,
          );
        await saveMailSettings(settings, user);
        void deliverPendingMail();
        return noticeAnswer(
          "success",
          "Serveur d'envoi enregistré : les e-mails en attente partent maintenant. Envoyez-vous un e-mail d'essai pour vérifier.",
        );
      },
      { hideFields: ["smtpPassword"] },
    ),
  telecharger: ({ request, user, formData }) =>
    handleIntent(
      "telecharger",
      formData,
      downloadSchema,
      async ({ name, password }) => ({ download: { name, link: await issueDownload(request, user, name, password) } }),
      { keyField: "name", hideFields: ["password"] },
    ),
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)]({ request, user, formData });
}

const mo = (bytes: number | null) =>
  bytes === null
    ? "inconnu"
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))}\u00a0Ko`
      : `${(bytes / 1024 / 1024).toFixed(1).replace(".", ",")}\u00a0Mo`;
const go = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(1).replace(".", ",")}\u00a0Go`;

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={id} className="text-xl font-bold text-club-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function Facts({ items }: { items: Array<[string, React.ReactNode]> }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt className="text-sm font-semibold text-slate-600">{term}</dt>
          <dd className="text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function DownloadForm({
  name,
  lastResult,
}: {
  name: string;
  lastResult?: Parameters<typeof useClubForm>[0]["lastResult"];
}) {
  const [form, fields] = useClubForm({
    id: `telecharger-${name}`,
    schema: downloadSchema,
    lastResult,
    defaultValue: { name },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
      <FormErrors form={form} lastResult={lastResult} />
      <input type="hidden" name="intent" value="telecharger" />
      <input type="hidden" name="name" value={name} />
      <TextField
        label="Votre mot de passe pour télécharger"
        type="password"
        autoComplete="current-password"
        className="mb-0 grow"
        {...fieldProps(fields.password)}
      />
      <SubmitButton pendingLabel="Vérification…">Télécharger</SubmitButton>
    </Form>
  );
}

export default function Operations({ loaderData, actionData }: Route.ComponentProps) {
  const { status } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "sauvegarde";
  const answer = actionData as
    ({ notice?: Notice; download?: { name: string; link: string } } & Partial<IntentAnswer>) | undefined;
  // A refused button (a message id that is not one) is shown as the page's notice.
  const refused = resultOf(answer, "renvoyer") ?? resultOf(answer, "sauvegarde") ?? resultOf(answer, "essai");
  const notice: Notice | null =
    answer?.notice ??
    (refused ? { tone: "error", text: Object.values(firstErrors(refused))[0] ?? "Action impossible." } : null);
  const download = answer?.download ?? null;
  const smtpResult = resultOf(answer, "smtp");
  const last = status.backups.list[0];

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-club-900">Exploitation</h1>
        <p className="mt-2 text-slate-700">L'état du site, ses sauvegardes et ses e-mails.</p>
      </header>
      {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
      {download ? (
        <FormMessage tone="success">
          <p>
            Mot de passe vérifié.{" "}
            <a href={download.link} className="font-semibold underline" download>
              Télécharger {download.name}
            </a>{" "}
            (lien valable 5 minutes, une seule fois).
          </p>
        </FormMessage>
      ) : null}

      <Section id="a-faire" title="À faire">
        {status.warnings.length ? (
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {status.warnings.map((w) => (
              <li key={w}>{w}</li>
            ))}
          </ul>
        ) : (
          <p className="text-slate-800">Rien à signaler.</p>
        )}
        {status.toFill.length ? (
          <div className="mt-4">
            <h3 className="font-semibold text-slate-900">Réglages à compléter avant la mise en ligne</h3>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-800">
              {status.toFill.map((t) => (
                <li key={t.key}>
                  <a href={t.href} className="font-medium text-club-800 underline">
                    {t.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </Section>

      <Section id="systeme" title="Système">
        <Facts
          items={[
            ["Version", status.version],
            ["En marche depuis", formatDateTime(status.startedAt)],
            [
              "Base de données",
              `${status.database.kind === "pglite" ? "embarquée (PGlite)" : "PostgreSQL"}, ${mo(status.database.size)}`,
            ],
            [
              "Espace libre (dossier des données)",
              status.disk ? `${go(status.disk.free)} sur ${go(status.disk.total)}` : "inconnu",
            ],
            ["Fichiers envoyés", mo(status.uploads)],
          ]}
        />
      </Section>

      <Section id="sauvegardes" title="Sauvegardes">
        <Facts
          items={[
            [
              "Dernière réussie",
              last
                ? `${formatDateTime(last.createdAt)} (${last.verification.ok ? "vérifiée" : "vérification en échec"})`
                : "aucune",
            ],
            ["Prochaine", status.backups.next],
            [
              "Dossier",
              <code key="dir" className="break-all text-sm">
                {status.backups.dir}
              </code>,
            ],
            ["Chiffrement", status.backups.encrypted ? "oui" : "non"],
          ]}
        />
        {status.backups.failure ? (
          <div className="mt-4">
            <FormMessage>
              Échec le {formatDateTime(status.backups.failure.at)} : {status.backups.failure.error}
            </FormMessage>
          </div>
        ) : null}
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sauvegarde" />
          <SubmitButton pendingLabel="Sauvegarde en cours…">Lancer une sauvegarde</SubmitButton>
          {busy ? (
            <p className="mt-2 text-sm text-slate-700">
              La sauvegarde est écrite puis vérifiée : cela peut prendre une minute.
            </p>
          ) : null}
        </Form>
        {status.backups.list.length ? (
          <ul className="mt-6 divide-y divide-slate-200 border-t border-slate-200">
            {status.backups.list.map((b) => (
              <li key={b.name} className="py-4">
                <p className="break-all font-semibold text-slate-900">{b.name}</p>
                <p className="text-sm text-slate-700">
                  {formatDateTime(b.createdAt)} · {mo(b.size)} ·{" "}
                  {b.reason === "nocturne"
                    ? "de la nuit"
                    : b.reason === "page"
                      ? "depuis cette page"
                      : "en ligne de commande"}{" "}
                  ·{" "}
                  {b.verification.ok ? (
                    <span className="font-semibold text-green-800">vérifiée</span>
                  ) : (
                    <span className="font-semibold text-red-800">vérification en échec : {b.verification.error}</span>
                  )}
                </p>
                <DownloadForm name={b.name} lastResult={resultOf(answer, "telecharger", b.name)} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-700">Aucune sauvegarde pour l'instant.</p>
        )}
      </Section>

      <Section id="emails" title="E-mails">
        <Facts
          items={[
            [
              "Serveur d'envoi",
              status.mail.settings.envWins
                ? "fixé par SMTP_URL (prime sur le réglage ci-dessous)"
                : status.mail.smtp
                  ? `réglé ici (${status.mail.settings.host})`
                  : "non configuré",
            ],
            ["En attente", String(status.mail.waiting)],
            ["En échec", String(status.mail.failed.length)],
            ["Dernier envoi", status.mail.lastSent ? formatDateTime(status.mail.lastSent) : "aucun"],
          ]}
        />
        {status.mail.failed.length ? (
          <ul className="mt-4 divide-y divide-slate-200 border-t border-slate-200">
            {status.mail.failed.map((m) => (
              <li key={m.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{m.subject}</p>
                  <p className="break-all text-sm text-slate-700">
                    À {m.to}, {formatDateTime(m.createdAt)}, {m.attempts} essais. Dernière erreur :{" "}
                    {m.lastError ?? "inconnue"}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="renvoyer" />
                  <input type="hidden" name="id" value={m.id} />
                  <SubmitButton pendingLabel="Envoi…">Réessayer</SubmitButton>
                </Form>
              </li>
            ))}
          </ul>
        ) : null}
        <MailServerForm view={status.mail.settings} lastResult={smtpResult} />
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="essai" />
          <SubmitButton pendingLabel="Envoi…">M'envoyer un e-mail d'essai</SubmitButton>
        </Form>
      </Section>

      <Section id="taches" title="Tâches de fond">
        <ul className="divide-y divide-slate-200">
          {status.jobs.map((j) => (
            <li key={j.name} className="py-3">
              <p className="font-semibold text-slate-900">{j.label}</p>
              <p className="text-sm text-slate-700">
                Dernière exécution :{" "}
                {j.lastRun
                  ? j.lastRun.length === 10
                    ? j.lastRun.split("-").reverse().join("/")
                    : formatDateTime(j.lastRun)
                  : "jamais"}{" "}
                · Prochaine : {j.next}
              </p>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
