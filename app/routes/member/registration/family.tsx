/**
 * /espace-membre/inscription: the family registers (or re-registers) its
 * profiles for the campaign's season in one form, pre-filled from last
 * season; « Enregistrer le brouillon » keeps what was typed (save and
 * resume), « Valider l'inscription » checks it, prices it with the campaign
 * setting and leads to the payment page. Open to every signed-in account
 * (a new family is pré-inscrite). Conform form: works without JavaScript.
 */
import { data, Form, href, Link, redirect } from "react-router";
import type { Route } from "./+types/family";
import { PaymentSchedule } from "~/components/season/payment-schedule";
import { PAYMENT_SITUATION_LABELS } from "~/lib/members/payment-schedule";
import {
  checkboxProps,
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { CheckboxField } from "~/components/checkbox-field";
import { buttonClasses } from "~/components/ui/button";
import { userContext } from "~/lib/accounts/auth-context";
import { DomainError } from "~/lib/core/errors";
import { formatEuros } from "~/lib/core/money";
import { domainErrors, parseSubmission, reply } from "~/lib/http/forms";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { confirmedAids, familyRegistrationSchema, priceLines, splitInstalments } from "~/lib/members/campaign";
import { MEDICAL_STATUS_LABELS } from "~/lib/members/medical";
import {
  familyRegistrationView,
  saveFamilyDraft,
  submitFamilyRegistration,
} from "~/lib/members/family-registration.server";
import { de } from "~/lib/typography/elision";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Inscription de la famille",
    description: "Inscrire ou réinscrire les membres de votre famille pour la saison.",
    noindex: true,
  });

const STATUS_LABELS: Record<string, string> = {
  brouillon: "brouillon enregistré, pas encore envoyé",
  "en-attente": "envoyée, en attente de paiement",
  payee: "payée",
  annulee: "annulée",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const view = await familyRegistrationView(user.id);
  const saved = new URL(request.url).searchParams.get("brouillon") === "enregistre";
  return { ...view, saved };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const submission = parseSubmission(await readForm(request), familyRegistrationSchema);
  if (submission.status !== "success") return data({ result: reply(submission) }, { status: 400 });
  try {
    if (submission.value.intent === "draft") {
      await saveFamilyDraft(user.id, submission.value);
      return redirect(`${href("/espace-membre/inscription")}?brouillon=enregistre`);
    }
    await submitFamilyRegistration(user.id, submission.value);
    return redirect(href("/espace-membre/inscription/paiement"));
  } catch (err) {
    if (err instanceof DomainError)
      return data({ result: reply(submission, domainErrors(err)) }, { status: err.status });
    throw err;
  }
}

export default function FamilyRegistration({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, registration, profiles, instalments, saved } = loaderData;
  // Only the aids whose amount the treasurer confirmed for this season.
  const aids = confirmedAids(campaign);
  const [form, fields] = useClubForm({
    id: "inscription-famille",
    schema: familyRegistrationSchema,
    lastResult: actionData?.result,
    defaultValue: {
      instalments: String(instalments),
      profiles: profiles.map((p) => ({
        profileId: String(p.profileId),
        register: p.register ? "on" : "",
        group: p.group,
        aidCode: p.aidCode,
        photoConsent: p.photoConsent,
        parentalAuthorisation: p.parentalAuthorisation ? "on" : "",
        rulesAccepted: p.rulesAccepted ? "on" : "",
        emergencyContacts: p.emergencyContacts,
        competitor: p.competitor ? "on" : "",
      })),
    },
  });
  const list = fields.profiles.getFieldList();
  const paid = registration?.status === "payee";
  const estimate = priceLines(
    campaign,
    profiles
      .filter((p) => p.register && p.group)
      .map((p) => ({ profileId: p.profileId, group: p.group, aidCode: p.aidCode })),
  );
  const estimateTotal = estimate.reduce((s, l) => s + l.amountCents, 0);

  return (
    <div className="max-w-3xl">
      <h1 className="mb-2 text-3xl font-bold text-club-900">Inscription {campaign.season}</h1>
      {registration ? (
        <p className="mb-4 text-slate-800">
          Votre inscription :{" "}
          <strong>
            {registration.status === "en-attente" && registration.money.situation !== "a-payer"
              ? `envoyée, ${PAYMENT_SITUATION_LABELS[registration.money.situation]}`
              : (STATUS_LABELS[registration.status] ?? registration.status)}
          </strong>
          {registration.status !== "brouillon" ? <> ({formatEuros(registration.totalCents)})</> : null}.{" "}
          {registration.status === "en-attente" || paid ? (
            <Link to={href("/espace-membre/inscription/paiement")} className="font-medium text-club-800 underline">
              {paid ? "Voir le paiement" : "Payer l'inscription"}
            </Link>
          ) : null}
        </p>
      ) : null}
      {registration && registration.money.schedule.length ? (
        <div className="mb-4">
          <PaymentSchedule money={registration.money} caption="Échéancier de l'inscription" />
        </div>
      ) : null}
      {saved ? (
        <FormMessage tone="success">Votre brouillon est enregistré : vous pourrez reprendre plus tard.</FormMessage>
      ) : null}
      {!campaign.open ? (
        <FormMessage tone="info">
          Les inscriptions pour la saison {campaign.season} ne sont pas encore ouvertes. Vous pouvez préparer votre
          dossier et l'enregistrer en brouillon.
        </FormMessage>
      ) : null}
      {paid ? (
        <FormMessage tone="success">Votre inscription est payée. Pour la modifier, contactez le club.</FormMessage>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          <FormErrors
            form={form}
            lastResult={actionData?.result}
            summary="L'inscription n'a pas été envoyée : corrigez les champs signalés."
          />
          {list.map((item, i) => {
            const f = item.getFieldset();
            const p = profiles[i];
            if (!p) return null;
            return (
              <fieldset key={item.key} className="mb-6 rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
                <legend className="px-1 text-xl font-semibold text-slate-900">
                  {p.prenom} {p.nom}
                  {p.minor ? <span className="ml-2 text-base font-normal text-slate-700">(mineur)</span> : null}
                </legend>
                <input type="hidden" name={f.profileId.name} value={String(p.profileId)} />
                <CheckboxField
                  label={`Inscrire ${p.prenom} pour la saison ${campaign.season}`}
                  {...checkboxProps(f.register)}
                />
                <p className="mb-3 text-sm text-slate-800">
                  Dossier médical : {MEDICAL_STATUS_LABELS[p.medical]}.
                  {p.medical !== "ok" && registration && registration.status !== "brouillon" ? (
                    <>
                      {" "}
                      <Link
                        to={`${href("/espace-membre/inscription/pieces")}#profil-${p.profileId}`}
                        className="font-medium text-club-800 underline"
                      >
                        Envoyer le document<span className="sr-only"> {de(p.prenom)}</span>
                      </Link>
                    </>
                  ) : null}
                </p>
                {p.lastGroup ? (
                  <p className="mb-3 text-sm text-slate-700">Groupe la saison dernière : {p.lastGroup}.</p>
                ) : null}
                <SelectField
                  label="Groupe"
                  options={[
                    { value: "", label: "Choisir un groupe" },
                    ...campaign.prices.map((x) => ({
                      value: x.group,
                      label: `${x.group} : ${formatEuros(x.amountCents)}`,
                    })),
                  ]}
                  {...fieldProps(f.group)}
                />
                {aids.length > 0 ? (
                  <SelectField
                    label="Aide (facultatif)"
                    hint="Le justificatif est vérifié par le club."
                    options={[
                      { value: "", label: "Aucune aide" },
                      ...aids.map((a) => ({
                        value: a.code,
                        label: `${a.label} : ${formatEuros(a.amountCents)} déduits`,
                      })),
                    ]}
                    {...fieldProps(f.aidCode)}
                  />
                ) : null}
                {aids.some((a) => a.rules) ? (
                  <details className="mb-4 text-sm text-slate-800">
                    <summary className="cursor-pointer font-medium text-club-800">
                      Qui peut bénéficier {aids.length > 1 ? "des aides" : "de cette aide"} ?
                    </summary>
                    <ul className="mt-2 space-y-1 pl-4">
                      {aids.map((a) =>
                        a.rules ? (
                          <li key={a.code}>
                            <strong>{a.label}</strong> : {a.rules}
                          </li>
                        ) : null,
                      )}
                    </ul>
                  </details>
                ) : null}
                <TextField
                  label="Contacts en cas d'urgence (nom et téléphone)"
                  autoComplete="off"
                  {...fieldProps(f.emergencyContacts)}
                />
                <SelectField
                  label="Photos et vidéos du club"
                  options={[
                    { value: "non", label: "Je n'autorise pas la diffusion de photos" },
                    { value: "oui", label: "J'autorise la diffusion de photos sur le site et les réseaux du club" },
                  ]}
                  {...fieldProps(f.photoConsent)}
                />
                <CheckboxField label={`${p.prenom} fait de la compétition`} {...checkboxProps(f.competitor)} />
                {p.minor ? (
                  <CheckboxField
                    label={`Je suis parent ou tuteur légal ${de(p.prenom)} et j'autorise sa pratique`}
                    {...checkboxProps(f.parentalAuthorisation)}
                  />
                ) : null}
                <CheckboxField
                  label={`J'accepte le règlement du club (version ${campaign.rulesVersion})`}
                  {...checkboxProps(f.rulesAccepted)}
                />
              </fieldset>
            );
          })}
          {campaign.maxInstalments > 1 ? (
            <SelectField
              label="Paiement"
              options={Array.from({ length: campaign.maxInstalments }, (_, k) => ({
                value: String(k + 1),
                label:
                  k === 0
                    ? "En une fois"
                    : `En ${k + 1} fois${
                        estimateTotal
                          ? ` (${splitInstalments(estimateTotal, k + 1)
                              .map(formatEuros)
                              .join(" + ")})`
                          : ""
                      }`,
              }))}
              {...fieldProps(fields.instalments)}
            />
          ) : (
            <input type="hidden" name={fields.instalments.name} value="1" />
          )}
          {estimate.length > 0 ? (
            <p className="mb-4 text-slate-800">
              Montant enregistré jusqu'ici : <strong>{formatEuros(estimateTotal)}</strong> (réductions familiales et
              aides comprises ; recalculé à l'envoi).
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <SubmitButton name="intent" value="submit" pendingLabel="Envoi…">
              Valider l'inscription
            </SubmitButton>
            <button
              type="submit"
              name="intent"
              value="draft"
              formNoValidate
              className={buttonClasses({ variant: "secondary", size: "lg" })}
            >
              Enregistrer le brouillon
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
