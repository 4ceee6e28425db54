/**
 * /espace-membre/exploitation — the operations page of the administrators
 * (issue "Running the site without a technician"): what to fix first, the
 * system (version, uptime, database, disk, files), backups (start one, list
 * with their verification, download after re-entering the password), e-mails
 * (queue, failures with a retry, a test mail), the e-mail DNS records to
 * publish (SPF, DKIM, DMARC) with their check, and the background jobs.
 *
 * Rules: admins only (permission table); figures from the running system
 * (app/lib/operations/status.server.ts); one handler per intent (`HANDLERS`,
 * app/lib/http/intents.ts); every form works without JavaScript; readable at
 * 390 px (no wide table). One component per card
 * (app/components/operations/): this module holds the handlers.
 */
import { data, href, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/operations";
import { FormMessage } from "~/components/form";
import { BackupsCard } from "~/components/operations/backups-card";
import { MailCard } from "~/components/operations/mail-card";
import { MailDnsCard } from "~/components/operations/mail-dns-card";
import { ReleaseCard } from "~/components/operations/release-card";
import { JobsCard, SystemCard, ToDoCard } from "~/components/operations/status-cards";
import { UploadsCard } from "~/components/operations/uploads-card";
import { userContext } from "~/lib/accounts/auth-context";
import { firstErrors } from "~/lib/http/forms";
import { id } from "~/lib/http/fields";
import { handleIntent, intentOf, resultOf, type IntentAnswer } from "~/lib/http/intents";
import type { SessionUser } from "~/lib/accounts/session.server";
import { pageMeta } from "~/lib/http/seo";
import { readForm } from "~/lib/http/request.server";
import { deliverPendingMail, resendMail } from "~/lib/mail/mail.server";
import { sendMail } from "~/lib/mail/send.server";
import { operationsTestMail } from "~/lib/mail/templates/operations-test";
import { BackupError } from "~/lib/operations/archive.server";
import { createBackup } from "~/lib/operations/backup.server";
import { downloadSchema } from "~/lib/operations/download";
import { issueDownload } from "~/lib/operations/download.server";
import { operationsStatus } from "~/lib/operations/status.server";
import { deploymentStatus } from "~/lib/operations/release.server";
import { mailSettingsSchema } from "~/lib/mail/mail-settings";
import { mailSettingsView, saveMailSettings } from "~/lib/mail/mail-config.server";
import type { MailDnsCheck } from "~/lib/mail/mail-dns";
import { checkMailDns, mailDnsView } from "~/lib/mail/mail-dns.server";
import { uploadsPlaceStatus } from "~/lib/operations/uploads-place.server";
import { uploadsPlaceAction } from "~/lib/operations/uploads-place-form.server";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Exploitation",
    description: "Sauvegardes, e-mails, tâches de fond et espace disque du site.",
    noindex: true,
  });

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  return {
    status: await operationsStatus(),
    mailDns: await mailDnsView(user.email),
    uploads: await uploadsPlaceStatus(),
    deployment: deploymentStatus(),
  };
}

type Notice = { tone: "success" | "error"; text: string };

/** The forms of the page, one handler each (app/lib/http/intents.ts). */
type OperationsIntent = "sauvegarde" | "renvoyer" | "essai" | "smtp" | "telecharger" | "dns" | "fichiers";

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
      await sendMail(operationsTestMail, { prenom: user.prenom }, { to: user.email });
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
  dns: ({ user, formData }) =>
    handleIntent("dns", formData, noFields, async () => ({
      dnsChecks: await checkMailDns(await mailDnsView(user.email)),
    })),
  fichiers: uploadsPlaceAction,
};

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)]({ request, user, formData });
}

export default function Operations({ loaderData, actionData }: Route.ComponentProps) {
  const { status } = loaderData;
  const answer = actionData as
    | ({
        notice?: Notice;
        download?: { name: string; link: string };
        dnsChecks?: MailDnsCheck[];
      } & Partial<IntentAnswer>)
    | undefined;
  // A refused button (a message id that is not one) is shown as the page's notice.
  const refused = resultOf(answer, "renvoyer") ?? resultOf(answer, "sauvegarde") ?? resultOf(answer, "essai");
  const notice: Notice | null =
    answer?.notice ??
    (refused ? { tone: "error", text: Object.values(firstErrors(refused))[0] ?? "Action impossible." } : null);
  const download = answer?.download ?? null;

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-3xl font-bold tracking-tight text-club-900">Exploitation</h1>
        <p className="mt-2 text-slate-700">L'état du site, ses sauvegardes et ses e-mails.</p>
        <p className="mt-2">
          <Link to={href("/espace-membre/exploitation/courriels")} className="text-club-800 underline">
            Aperçu des e-mails envoyés par le site
          </Link>
        </p>
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
      <ToDoCard warnings={status.warnings} toFill={status.toFill} />
      <SystemCard status={status} />
      <ReleaseCard deployment={loaderData.deployment} />
      <UploadsCard uploads={loaderData.uploads} lastResult={resultOf(answer, "fichiers")} />
      <BackupsCard backups={status.backups} downloadResult={(name) => resultOf(answer, "telecharger", name)} />
      <MailCard mail={status.mail} smtpResult={resultOf(answer, "smtp")} />
      <MailDnsCard dns={loaderData.mailDns} checks={answer?.dnsChecks ?? null} />
      <JobsCard jobs={status.jobs} />
    </div>
  );
}
