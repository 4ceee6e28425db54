/**
 * The operations page's « Enregistrements DNS des e-mails » card: the SPF,
 * DKIM and DMARC records to publish for the sending domain, each with its
 * name and value ready to copy (one click selects the whole value), what it
 * does, and after « Vérifier » (intent « dns ») whether it is published and
 * right. Works without JavaScript: the button posts to the page's action.
 *
 * Rules: a verdict is written in words, never by colour alone; long values
 * wrap at any character, so the card stays readable at 390 px.
 */
import { Form } from "react-router";
import { FormMessage, SubmitButton } from "~/components/form";
import { countOf } from "~/lib/core/count";
import type { MailDnsCheck, MailDnsRecord, MailDnsState, MailDnsView } from "~/lib/mail/mail-dns";
import { Card } from "./card";

const STATE: Record<MailDnsState, { label: string; className: string }> = {
  ok: { label: "Correct", className: "border-green-700 bg-green-50 text-green-900" },
  absent: { label: "Absent", className: "border-red-700 bg-red-50 text-red-900" },
  different: { label: "À corriger", className: "border-amber-600 bg-amber-50 text-amber-950" },
  error: { label: "Non vérifié", className: "border-slate-500 bg-slate-50 text-slate-900" },
};

/** The name as DNS hosts that want it relative to the domain write it (« @ » for the domain itself). */
function relativeName(name: string, domain: string): string {
  return name === domain ? "@" : name.endsWith(`.${domain}`) ? name.slice(0, -domain.length - 1) : name;
}

function Verdict({ check }: { check: MailDnsCheck }) {
  const state = STATE[check.state];
  return (
    <div className={`mt-3 rounded-md border-l-4 px-3 py-2 text-sm ${state.className}`}>
      <p>
        <strong>{`${state.label} :`}</strong> {check.text}
      </p>
      {check.state === "different" && check.found.length ? (
        <p className="mt-1 break-all">
          Publié actuellement : <code>{check.found.join(" | ")}</code>
        </p>
      ) : null}
    </div>
  );
}

function RecordItem({ record, domain, check }: { record: MailDnsRecord; domain: string; check?: MailDnsCheck }) {
  const relative = relativeName(record.name, domain);
  return (
    <li className="py-4">
      <h3 className="font-semibold text-slate-900">{record.title}</h3>
      <dl className="mt-2 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        <dt className="font-semibold text-slate-600">Type</dt>
        <dd>TXT</dd>
        <dt className="font-semibold text-slate-600">Nom</dt>
        <dd className="break-all">
          <code className="select-all">{record.name}</code>
          {relative !== record.name ? (
            <>
              {" "}
              (ou <code className="select-all">{relative}</code> chez les hébergeurs qui ajoutent le domaine)
            </>
          ) : null}
        </dd>
        <dt className="font-semibold text-slate-600">Valeur</dt>
        <dd className="break-all">
          {record.value ? (
            <code className="select-all rounded bg-slate-100 px-1">{record.value}</code>
          ) : (
            <span className="text-slate-700">aucune pour l'instant (voir ci-dessous)</span>
          )}
        </dd>
      </dl>
      <p className="mt-2 text-sm text-slate-700">{record.help}</p>
      {check ? <Verdict check={check} /> : null}
    </li>
  );
}

export function MailDnsCard({ dns, checks }: { dns: MailDnsView; checks: MailDnsCheck[] | null }) {
  const correct = checks?.filter((c) => c.state === "ok").length ?? 0;
  return (
    <Card id="dns-courriels" title="Enregistrements DNS des e-mails">
      {dns.domain ? (
        <>
          <p className="text-slate-700">
            Pour que les e-mails du club arrivent dans les boîtes de réception plutôt que dans les indésirables, publiez
            ces enregistrements de type TXT pour le domaine <strong>{dns.domain}</strong>, dans l'espace client de
            l'hébergeur du domaine (là où il a été acheté), puis vérifiez-les ici. Une modification met de quelques
            minutes à quelques heures à se propager.
          </p>
          <ul className="mt-2 divide-y divide-slate-200 border-t border-slate-200">
            {dns.records.map((record) => (
              <RecordItem
                key={record.kind}
                record={record}
                domain={dns.domain ?? ""}
                check={checks?.find((c) => c.kind === record.kind)}
              />
            ))}
          </ul>
          {checks ? (
            <p role="status" className="mt-2 font-semibold text-slate-900">
              Vérification faite : {countOf(correct, "enregistrement correct", "enregistrements corrects")} sur{" "}
              {dns.records.length}.
            </p>
          ) : null}
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="dns" />
            <SubmitButton pendingLabel="Vérification…">Vérifier</SubmitButton>
          </Form>
        </>
      ) : (
        <FormMessage tone="info">{dns.problem}</FormMessage>
      )}
    </Card>
  );
}
