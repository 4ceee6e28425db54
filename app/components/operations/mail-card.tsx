/**
 * The operations page's « E-mails » card: the sending server, the queue, the
 * failed messages each with a « Réessayer » button (intent « renvoyer »), the
 * mail-server form (intent « smtp », hidden when SMTP_URL wins) and a test
 * e-mail to oneself (intent « essai »). Works without JavaScript.
 */
import { Form } from "react-router";
import { SubmitButton, type useClubForm } from "~/components/form";
import { formatDateTime } from "~/lib/core/time";
import type { OperationsStatus } from "~/lib/operations/status.server";
import { MailServerForm } from "./mail-settings-fields";
import { Card, Facts } from "./card";

export function MailCard({
  mail,
  smtpResult,
}: {
  mail: OperationsStatus["mail"];
  smtpResult?: Parameters<typeof useClubForm>[0]["lastResult"];
}) {
  return (
    <Card id="emails" title="E-mails">
      <Facts
        items={[
          [
            "Serveur d'envoi",
            mail.settings.envWins
              ? "fixé par SMTP_URL (prime sur le réglage ci-dessous)"
              : mail.smtp
                ? `réglé ici (${mail.settings.host})`
                : "non configuré",
          ],
          ["En attente", String(mail.waiting)],
          ["En échec", String(mail.failed.length)],
          ["Dernier envoi", mail.lastSent ? formatDateTime(mail.lastSent) : "aucun"],
        ]}
      />
      {mail.failed.length ? (
        <ul className="mt-4 divide-y divide-slate-200 border-t border-slate-200">
          {mail.failed.map((m) => (
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
      <MailServerForm view={mail.settings} lastResult={smtpResult} />
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="essai" />
        <SubmitButton pendingLabel="Envoi…">M'envoyer un e-mail d'essai</SubmitButton>
      </Form>
    </Card>
  );
}
