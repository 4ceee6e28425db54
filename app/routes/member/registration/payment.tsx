/**
 * /espace-membre/inscription/paiement: pays the family's sent registration.
 *  - HelloAsso configured: « Payer avec HelloAsso » creates a checkout intent
 *    and sends the payer to HelloAsso; HelloAsso brings them back here with
 *    `checkoutIntentId` in the address. That parameter is only an id: the
 *    loader READS the intent and its order from HelloAsso's API and marks the
 *    registration paid only if HelloAsso says so.
 *  - A refused card (HelloAsso's error URL, or the return URL with
 *    `code=refused`) or a payer who left HelloAsso (its back URL) is told so
 *    in plain French, with the button to try again; the intent is
 *    still read from the API, which alone says whether it was paid.
 *  - The registration's schedule: each instalment's date, amount and state;
 *    « payée » only once every instalment is collected; a failed one shows
 *    what is left and the club's other means of payment.
 *  - HelloAsso down or not configured: the club's payment instructions; the
 *    registration stays « en attente de paiement » and can be paid later.
 */
import { badRequest } from "~/lib/http/responses";
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/payment";
import { FormMessage, SubmitButton } from "~/components/form";
import { userContext } from "~/lib/accounts/auth-context";
import { DomainError } from "~/lib/core/errors";
import { env } from "~/lib/core/env.server";
import { formatEuros } from "~/lib/core/money";
import { formatDate } from "~/lib/core/time";
import { positiveId } from "~/lib/http/ids.server";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { PaymentSchedule } from "~/components/season/payment-schedule";
import { splitInstalments } from "~/lib/members/campaign";
import { moneySummary, PAYMENT_SITUATION_LABELS } from "~/lib/members/payment-schedule";
import { getCampaign } from "~/lib/members/family-registration.server";
import { helloAssoClient } from "~/lib/members/helloasso.server";
import { startCheckout } from "~/lib/members/helloasso-checkout.server";
import { familyRegistration, reconcileReturn } from "~/lib/members/registration-payments.server";

const PATH = href("/espace-membre/inscription/paiement");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Paiement de l'inscription",
    description: "Payer l'inscription de la famille pour la saison.",
    noindex: true,
  });

const RETURN_MESSAGES: Record<string, { tone: "success" | "info" | "error"; text: string }> = {
  applied: { tone: "success", text: "Merci : HelloAsso confirme votre paiement." },
  "already-applied": { tone: "success", text: "Votre paiement est bien enregistré." },
  "not-paid": {
    tone: "info",
    text: "HelloAsso n'a pas encore confirmé ce paiement. Revenez sur cette page dans quelques minutes.",
  },
  collected: { tone: "success", text: "Merci : HelloAsso confirme le paiement de l'échéance." },
  "state-changed": {
    tone: "info",
    text: "HelloAsso signale un changement sur vos échéances : voyez l'échéancier ci-dessous.",
  },
  refused: {
    tone: "error",
    text: "Le paiement a été refusé : rien n'a été prélevé. Vérifiez les informations de votre carte ou essayez-en une autre, puis réessayez.",
  },
  abandoned: {
    tone: "info",
    text: "Vous avez quitté le paiement avant la fin : rien n'a été payé. Votre inscription reste en attente de paiement ; vous pouvez réessayer quand vous le souhaitez.",
  },
  duplicate: {
    tone: "info",
    text: "Votre inscription était déjà payée : ce second paiement est signalé au club, qui vous contactera pour le rembourser.",
  },
  unavailable: {
    tone: "info",
    text: "HelloAsso ne répond pas pour le moment : votre paiement sera vérifié automatiquement, revenez plus tard.",
  },
};

/**
 * How the payer came back: our own marker on the back and error URLs
 * (`retour`), and HelloAsso's (`code=refused` on the return URL, `error` on
 * the error URL): its documentation allows both, both are read.
 */
function cameBack(params: URLSearchParams): "refused" | "abandoned" | null {
  if (params.get("retour") === "erreur" || params.get("code") === "refused" || params.has("error")) return "refused";
  if (params.get("retour") === "abandon") return "abandoned";
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const campaign = await getCampaign();
  const params = new URL(request.url).searchParams;
  const intentId = positiveId(params.get("checkoutIntentId"));
  const back = cameBack(params);
  let outcome: string | null = back;
  if (intentId !== null && helloAssoClient()) {
    try {
      outcome = await reconcileReturn(user.id, intentId);
      // Not paid, as the API says: the way back tells why.
      if (outcome === "not-paid" && back) outcome = back;
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      outcome = "unknown";
    }
  }
  const found = await familyRegistration(user.id, campaign.season);
  return {
    season: campaign.season,
    instructions: campaign.paymentInstructions,
    online: helloAssoClient() !== null,
    outcome,
    registration: found
      ? {
          id: found.registration.id,
          status: found.registration.status,
          totalCents: found.registration.totalCents,
          instalments: found.registration.instalments,
          paidAt: found.registration.paidAt?.toISOString() ?? null,
          lines: found.lines.map((l) => ({
            id: l.line.id,
            name: `${l.prenom} ${l.nom}`.trim(),
            group: l.line.groupName,
            priceCents: l.line.priceCents,
            discountCents: l.line.discountCents,
            aidCents: l.line.aidCents,
            amountCents: l.line.amountCents,
          })),
          money: moneySummary(found.registration.totalCents, found.payments),
        }
      : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const form = await readForm(request);
  const registrationId = positiveId(form.get("registrationId"));
  if (registrationId === null) badRequest("Inscription inconnue.");
  try {
    const target = await startCheckout(user.id, registrationId, {
      base: env().BASE_URL,
      returnPath: PATH,
      backPath: `${PATH}?retour=abandon`,
      errorPath: `${PATH}?retour=erreur`,
    });
    return redirect(target);
  } catch (err) {
    if (err instanceof DomainError) return data({ error: err.message }, { status: err.status });
    throw err;
  }
}

export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { season, instructions, online, outcome, registration } = loaderData;
  const message = outcome ? RETURN_MESSAGES[outcome] : undefined;
  return (
    <div className="max-w-3xl">
      <h1 className="mb-4 text-3xl font-bold text-club-900">Paiement de l'inscription {season}</h1>
      {message ? <FormMessage tone={message.tone}>{message.text}</FormMessage> : null}
      {outcome === "unknown" ? <FormMessage>Ce paiement n'a pas été trouvé pour votre famille.</FormMessage> : null}
      {actionData?.error ? <FormMessage>{actionData.error}</FormMessage> : null}
      {registration && registration.status !== "brouillon" ? (
        <p className="mb-4 text-slate-800">
          <Link to={href("/espace-membre/inscription/pieces")} className="font-medium text-club-800 underline">
            Pièces du dossier
          </Link>{" "}
          : certificat médical, attestation de santé et justificatifs d'aide à envoyer au club.
        </p>
      ) : null}
      {!registration || registration.status === "brouillon" ? (
        <p className="text-slate-800">
          Votre inscription n'est pas encore envoyée.{" "}
          <Link to={href("/espace-membre/inscription")} className="font-medium text-club-800 underline">
            Terminer l'inscription
          </Link>
        </p>
      ) : (
        <>
          <table className="mb-4 w-full text-left text-slate-900">
            <caption className="sr-only">Détail de l'inscription</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2">
                  Membre
                </th>
                <th scope="col" className="py-2 text-right">
                  Montant
                </th>
              </tr>
            </thead>
            <tbody>
              {registration.lines.map((l) => (
                <tr key={l.id} className="border-b border-slate-200 align-top">
                  <td className="py-2">
                    {l.name}
                    <span className="block text-sm text-slate-700">
                      {l.group} : {formatEuros(l.priceCents)}
                      {l.discountCents ? `, réduction famille ${formatEuros(l.discountCents)}` : ""}
                      {l.aidCents ? `, aide ${formatEuros(l.aidCents)}` : ""}
                    </span>
                  </td>
                  <td className="py-2 text-right">{formatEuros(l.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" className="py-2">
                  Total
                </th>
                <td className="py-2 text-right font-semibold">{formatEuros(registration.totalCents)}</td>
              </tr>
            </tfoot>
          </table>
          <p className="mb-3 text-slate-800">
            Statut : <strong>{PAYMENT_SITUATION_LABELS[registration.money.situation]}</strong>
            {registration.money.situation === "payee" && registration.paidAt
              ? ` le ${formatDate(registration.paidAt)}`
              : ""}
            .
          </p>
          {registration.money.situation === "incomplet" ? (
            <FormMessage>
              Une échéance n'a pas pu être encaissée : il reste {formatEuros(registration.money.restCents)} à régler par
              l'un des moyens de paiement du club ci-dessous.
            </FormMessage>
          ) : null}
          <div className="mb-4">
            <PaymentSchedule money={registration.money} caption="Échéancier de l'inscription" />
          </div>
          {registration.money.collectedCents > 0 ? (
            <p className="mb-4 text-slate-800">
              <a
                href={href("/espace-membre/inscription/attestation.pdf")}
                className="font-medium text-club-800 underline"
                download
              >
                Télécharger l'attestation de paiement (PDF)
              </a>{" "}
              : elle atteste les sommes encaissées, avec leur date.
            </p>
          ) : null}
          {registration.money.situation === "payee" ? (
            <FormMessage tone="success">Votre inscription est payée : merci !</FormMessage>
          ) : registration.money.situation === "en-cours" ? (
            <p className="mb-4 text-slate-800">
              Les échéances à venir seront prélevées par HelloAsso aux dates indiquées : vous n'avez rien à faire.
            </p>
          ) : (
            <>
              {registration.money.situation === "a-payer" && registration.instalments > 1 ? (
                <p className="mb-4 text-slate-800">
                  Paiement en {registration.instalments} fois :{" "}
                  {splitInstalments(registration.totalCents, registration.instalments).map(formatEuros).join(" + ")}.
                </p>
              ) : null}
              {online && registration.money.situation === "a-payer" && registration.money.collectedCents === 0 ? (
                <Form method="post" className="mb-6">
                  <input type="hidden" name="registrationId" value={registration.id} />
                  <SubmitButton pendingLabel="Connexion à HelloAsso…">
                    {outcome === "refused" || outcome === "abandoned"
                      ? "Réessayer le paiement"
                      : "Payer avec HelloAsso"}
                  </SubmitButton>
                </Form>
              ) : null}
              <section aria-labelledby="autres-moyens" className="rounded-lg border border-slate-300 bg-white p-4">
                <h2 id="autres-moyens" className="mb-2 text-xl font-semibold text-slate-900">
                  {online ? "Autres moyens de paiement" : "Comment payer"}
                </h2>
                {instructions.length ? (
                  <ul className="list-disc pl-5 text-slate-800">
                    {instructions.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-slate-800">
                    Le club n'a pas encore indiqué ses autres moyens de paiement : demandez-les au bureau ou par la page{" "}
                    <Link to="/contact" className="font-medium text-club-800 underline">
                      Contact
                    </Link>
                    .
                  </p>
                )}
              </section>
            </>
          )}
        </>
      )}
    </div>
  );
}
