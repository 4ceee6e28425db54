/**
 * /espace-membre/saison/paiements (admin, user_manager): the payments of the
 * campaign's season.
 *  - « Paiements non rapprochés »: paid HelloAsso orders not applied (a
 *    second tab, an order made outside the site): link to a registration
 *    awaiting payment in one click, or decide a refund.
 *  - HelloAsso alerts (refused, cancelled, refunded instalments) until a
 *    manager marks them handled.
 *  - Registrations awaiting payment, each with its schedule (instalments'
 *    dates, amounts and states), « paiement incomplet » first, and the form
 *    that records a cheque, cash, a transfer or holiday vouchers (ANCV) for
 *    what is left.
 * Plain forms, one `intent` each (app/lib/http/intents.ts):
 * everything works without JavaScript.
 */
import { Form, href, redirect } from "react-router";
import type { Route } from "./+types/payments";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { PaymentSchedule } from "~/components/season/payment-schedule";
import { Button } from "~/components/ui/button";
import { userContext } from "~/lib/accounts/auth-context";
import type { SessionUser as Actor } from "~/lib/accounts/session.server";
import { formatEuros } from "~/lib/core/money";
import { formatDate, parisDate } from "~/lib/core/time";
import { firstErrors, type SubmissionResult } from "~/lib/http/forms";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import {
  alertDoneSchema,
  linkPaymentSchema,
  manualPaymentSchema,
  PAYMENT_METHOD_LABELS,
  refundSchema,
} from "~/lib/members/campaign";
import { handlePaymentAlert, openPaymentAlerts } from "~/lib/members/payment-alerts.server";
import { getCampaign } from "~/lib/members/family-registration.server";
import {
  awaitingRegistrations,
  decideRefund,
  linkPayment,
  paidRegistrations,
  recordManualPayment,
  unmatchedPayments,
} from "~/lib/members/manual-payments.server";
import { PAYMENT_SITUATION_LABELS } from "~/lib/members/payment-schedule";
import { countOf } from "~/lib/core/count";
import { de } from "~/lib/typography/elision";

const PATH = href("/espace-membre/saison/paiements");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Paiements de la saison",
    description: "Rapprocher les paiements HelloAsso et enregistrer les chèques, espèces et chèques-vacances.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  rattache: "Le paiement est rattaché : l'inscription est payée.",
  rembourser: "Le paiement est marqué à rembourser. Faites le remboursement dans l'espace HelloAsso de l'association.",
  enregistre: "Le paiement est enregistré.",
  alerte: "L'alerte est marquée comme traitée.",
};

const METHOD_OPTIONS = [
  { value: "cheque", label: "Chèque" },
  { value: "especes", label: "Espèces" },
  { value: "virement", label: "Virement" },
  { value: "ancv", label: "Chèques-vacances (ANCV)" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const campaign = await getCampaign();
  const [inbox, awaiting, paid, alerts] = [
    await unmatchedPayments(),
    await awaitingRegistrations(campaign.season),
    await paidRegistrations(campaign.season),
    await openPaymentAlerts(),
  ];
  const ok = new URL(request.url).searchParams.get("ok") ?? "";
  return {
    season: campaign.season,
    today: parisDate(),
    notice: NOTICES[ok] ?? null,
    alerts: alerts.map((a) => ({ id: a.id, message: a.message, at: a.createdAt.toISOString() })),
    inbox: inbox.map((p) => ({
      id: p.id,
      state: p.state,
      orderId: p.orderId,
      amountCents: p.amountCents,
      payer: [p.payerName, p.payerEmail].filter(Boolean).join(", "),
      registrationId: p.registrationId,
      note: p.note,
      at: p.createdAt.toISOString(),
    })),
    awaiting: awaiting
      .map((r) => ({
        id: r.id,
        name: `${r.prenom} ${r.nom}`.trim() || r.email,
        email: r.email,
        totalCents: r.totalCents,
        money: r.money,
      }))
      // « Paiement incomplet » first: money the club will not get without a call.
      .sort((a, b) => Number(b.money.situation === "incomplet") - Number(a.money.situation === "incomplet")),
    paid: paid.map((r) => ({
      id: r.id,
      name: `${r.prenom} ${r.nom}`.trim() || r.email,
      email: r.email,
      totalCents: r.totalCents,
      paidAt: r.paidAt?.toISOString() ?? null,
      money: r.money,
    })),
  };
}

const HANDLERS = {
  link: (formData: FormData, actor: Actor) =>
    handleIntent(
      "link",
      formData,
      linkPaymentSchema,
      async (v) => {
        await linkPayment(actor, v.paymentId, v.registrationId);
        return redirect(`${PATH}?ok=rattache`);
      },
      { keyField: "paymentId" },
    ),
  refund: (formData: FormData, actor: Actor) =>
    handleIntent(
      "refund",
      formData,
      refundSchema,
      async (v) => {
        await decideRefund(actor, v.paymentId);
        return redirect(`${PATH}?ok=rembourser`);
      },
      { keyField: "paymentId" },
    ),
  "alert-done": (formData: FormData, actor: Actor) =>
    handleIntent(
      "alert-done",
      formData,
      alertDoneSchema,
      async (v) => {
        await handlePaymentAlert(actor, v.alertId);
        return redirect(`${PATH}?ok=alerte`);
      },
      { keyField: "alertId" },
    ),
  record: (formData: FormData, actor: Actor) =>
    handleIntent(
      "record",
      formData,
      manualPaymentSchema,
      async (v) => {
        await recordManualPayment(actor, {
          registrationId: v.registrationId,
          method: v.method,
          amountCents: v.amount,
          receivedOn: v.receivedOn,
          reference: v.reference,
        });
        return redirect(`${PATH}?ok=enregistre`);
      },
      { keyField: "registrationId" },
    ),
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](formData, actor);
}

function RecordForm({
  registration,
  today,
  lastResult,
}: {
  registration: { id: number; name: string; totalCents: number; money: { restCents: number } };
  today: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useClubForm({
    id: `paiement-${registration.id}`,
    schema: manualPaymentSchema,
    lastResult,
    defaultValue: {
      registrationId: String(registration.id),
      method: "cheque",
      amount: (registration.money.restCents / 100).toFixed(2).replace(".", ","),
      receivedOn: today,
      reference: "",
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 grid gap-x-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <FormErrors
          form={form}
          lastResult={lastResult}
          summary="Le paiement n'a pas été enregistré : corrigez les champs signalés."
        />
      </div>
      <input type="hidden" name="intent" value="record" />
      <input type="hidden" name="registrationId" value={registration.id} />
      <SelectField label="Moyen de paiement" options={METHOD_OPTIONS} {...fieldProps(fields.method)} />
      <TextField label="Montant en euros" inputMode="decimal" {...fieldProps(fields.amount)} />
      <TextField label="Reçu le" type="date" {...fieldProps(fields.receivedOn)} />
      <TextField
        label="Référence (facultatif)"
        hint="Numéro de chèque, nombre de chèques-vacances…"
        {...fieldProps(fields.reference)}
      />
      <div className="sm:col-span-2">
        <SubmitButton pendingLabel="Enregistrement…">
          Enregistrer le paiement<span className="sr-only"> {de(registration.name)}</span>
        </SubmitButton>
      </div>
    </Form>
  );
}

export default function Payments({ loaderData, actionData }: Route.ComponentProps) {
  const { season, today, notice, inbox, awaiting, paid, alerts } = loaderData;
  const inboxResult =
    resultOf(actionData, "link") ?? resultOf(actionData, "refund") ?? resultOf(actionData, "alert-done");
  const inboxError = inboxResult ? Object.values(firstErrors(inboxResult))[0] : undefined;
  return (
    <div className="max-w-4xl space-y-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Paiements de la saison {season}</h1>
        <p className="mt-2 text-slate-700">
          {countOf(
            inbox.filter((p) => p.state === "a-rapprocher").length,
            "paiement à rapprocher",
            "paiements à rapprocher",
            "Aucun paiement à rapprocher",
          )}
          ,{" "}
          {countOf(
            awaiting.length,
            "inscription en attente de paiement",
            "inscriptions en attente de paiement",
            "aucune inscription en attente de paiement",
          )}
          .
        </p>
      </div>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {inboxError ? <FormMessage>{inboxError}</FormMessage> : null}

      {alerts.length ? (
        <section id="alertes" aria-labelledby="alertes-titre" className="space-y-3">
          <h2 id="alertes-titre" className="text-2xl font-semibold text-slate-900">
            Alertes HelloAsso
          </h2>
          <p className="text-slate-700">
            Remboursements et échéances refusées signalés par HelloAsso. Vérifiez l'inscription concernée, puis marquez
            l'alerte comme traitée.
          </p>
          <ul className="space-y-3">
            {alerts.map((a) => (
              <li
                key={a.id}
                id={`alerte-${a.id}`}
                className="rounded-lg border border-amber-400 bg-amber-50 p-4 shadow-sm"
              >
                <p className="text-slate-900">{a.message}</p>
                <p className="text-sm text-slate-700">Le {formatDate(a.at)}</p>
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="alert-done" />
                  <input type="hidden" name="alertId" value={a.id} />
                  <Button type="submit" variant="secondary">
                    Marquer comme traitée<span className="sr-only"> : {a.message}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="non-rapproches" className="space-y-3">
        <h2 id="non-rapproches" className="text-2xl font-semibold text-slate-900">
          Paiements non rapprochés
        </h2>
        {inbox.length === 0 ? <p className="text-slate-700">Aucun paiement à rapprocher.</p> : null}
        <ul className="space-y-3">
          {inbox.map((p) => (
            <li key={p.id} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
              <p className="font-semibold text-slate-900">
                HelloAsso {p.orderId ? `commande ${p.orderId}` : ""} : {formatEuros(p.amountCents)}, le{" "}
                {formatDate(p.at)}
              </p>
              {p.payer ? <p className="text-slate-800">Payé par {p.payer}</p> : null}
              {p.note ? <p className="text-slate-700">{p.note}</p> : null}
              {p.state === "a-rembourser" ? (
                <p className="mt-2 font-medium text-slate-900">
                  À rembourser dans l'espace HelloAsso de l'association.
                </p>
              ) : (
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  {awaiting.length > 0 ? (
                    <Form method="post" className="flex flex-wrap items-end gap-3">
                      <input type="hidden" name="intent" value="link" />
                      <input type="hidden" name="paymentId" value={p.id} />
                      <SelectField
                        label="Inscription en attente"
                        name="registrationId"
                        options={awaiting.map((r) => ({
                          value: String(r.id),
                          label: `${r.name} (${r.email}) : ${formatEuros(r.totalCents)}`,
                        }))}
                      />
                      <div className="mb-4">
                        <Button type="submit">Rattacher</Button>
                      </div>
                    </Form>
                  ) : null}
                  <Form method="post" className="mb-4">
                    <input type="hidden" name="intent" value="refund" />
                    <input type="hidden" name="paymentId" value={p.id} />
                    <Button type="submit" variant="danger-outline">
                      À rembourser
                    </Button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="en-attente" className="space-y-3">
        <h2 id="en-attente" className="text-2xl font-semibold text-slate-900">
          Inscriptions en attente de paiement
        </h2>
        {awaiting.length === 0 ? <p className="text-slate-700">Aucune inscription en attente de paiement.</p> : null}
        <ul className="space-y-3">
          {awaiting.map((r) => (
            <li
              key={r.id}
              id={`inscription-${r.id}`}
              className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm"
            >
              <p className="font-semibold text-slate-900">
                {r.name} : {formatEuros(r.totalCents)}{" "}
                <span
                  className={
                    r.money.situation === "incomplet" ? "font-semibold text-red-800" : "font-normal text-slate-700"
                  }
                >
                  ({PAYMENT_SITUATION_LABELS[r.money.situation]})
                </span>
              </p>
              <p className="text-sm text-slate-700">
                {r.email} ; moyens acceptés : {Object.values(PAYMENT_METHOD_LABELS).join(", ")}
              </p>
              <div className="mt-2">
                <PaymentSchedule money={r.money} caption={`Échéancier de l'inscription ${de(r.name)}`} />
              </div>
              {r.money.restCents > 0 ? (
                <RecordForm registration={r} today={today} lastResult={resultOf(actionData, "record", r.id)} />
              ) : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="payees" className="space-y-3">
        <h2 id="payees" className="text-2xl font-semibold text-slate-900">
          Inscriptions payées ({paid.length})
        </h2>
        {paid.length === 0 ? <p className="text-slate-700">Aucune inscription payée pour l'instant.</p> : null}
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {paid.map((r) => (
            <li key={r.id} className="px-4 py-2 text-slate-900">
              {r.name} ({r.email}) : {formatEuros(r.totalCents)}
              {r.paidAt ? `, payée le ${formatDate(r.paidAt)}` : ""}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
