/**
 * /espace-membre/saison/campagne (admin, user_manager): the registration
 * campaign — open or close it, its season, the price of each group of the
 * weekly classes, the family discounts, the aids (each with who may claim
 * it, and its amount confirmed by the treasurer for the season), the number of
 * instalments, the version of the club rules and the payment instructions
 * (the `campaign` setting, saved with a version check). Plain forms, one
 * `intent` each (app/lib/http/intents.ts).
 */
import { Form, href, redirect } from "react-router";
import type { Route } from "./+types/campaign";
import {
  fieldProps,
  FormErrors,
  FormMessage,
  SelectField,
  SubmitButton,
  TextAreaField,
  TextField,
  useClubForm,
  getFormProps,
} from "~/components/form";
import { userContext } from "~/lib/accounts/auth-context";
import type { SessionUser as Actor } from "~/lib/accounts/session.server";
import { formatDateTime } from "~/lib/core/time";
import { handleIntent, intentOf, resultOf } from "~/lib/http/intents";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { CheckboxField } from "~/components/checkbox-field";
import { campaignOpenSchema, campaignSchema, confirmedAids } from "~/lib/members/campaign";
import { campaignPage, saveCampaign, setCampaignOpen } from "~/lib/members/campaign.server";

const PATH = href("/espace-membre/saison/campagne");

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Campagne d'inscription",
    description: "Ouvrir les inscriptions de la saison et régler les tarifs, réductions et aides.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  enregistree: "Les réglages de la campagne sont enregistrés.",
  "nouvelle-saison":
    "Nouvelle saison enregistrée : les aides de la saison précédente sont reprises, à confirmer. Vérifiez leur montant, cochez « Montant confirmé » et enregistrez : une aide n'est proposée aux familles qu'une fois confirmée.",
  ouverte: "Les inscriptions sont ouvertes.",
  fermee: "Les inscriptions sont fermées.",
};

export async function loader({ request }: Route.LoaderArgs) {
  const page = await campaignPage();
  return { ...page, notice: NOTICES[new URL(request.url).searchParams.get("ok") ?? ""] ?? null };
}

const HANDLERS = {
  open: (formData: FormData, actor: Actor) =>
    handleIntent("open", formData, campaignOpenSchema, async (v) => {
      await setCampaignOpen(actor, v.open === "oui", v.basedOn);
      return redirect(`${PATH}?ok=${v.open === "oui" ? "ouverte" : "fermee"}`);
    }),
  save: (formData: FormData, actor: Actor) =>
    handleIntent("save", formData, campaignSchema, async (v) => {
      const newSeason = await saveCampaign(actor, v);
      return redirect(`${PATH}?ok=${newSeason ? "nouvelle-saison" : "enregistree"}`);
    }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](formData, actor);
}

const euros = (cents: number) => (cents / 100).toFixed(2).replace(".", ",").replace(/,00$/, "");

export default function CampaignPage({ loaderData, actionData }: Route.ComponentProps) {
  const { campaign, prices, basedOn, updatedAt, updatedByName, notice } = loaderData;
  const settingsResult = resultOf(actionData, "save");
  const openResult = resultOf(actionData, "open");
  const openError = openResult ? (openResult.error?.[""]?.[0] ?? "L'action n'a pas abouti.") : null;
  const [form, fields] = useClubForm({
    id: "campagne",
    schema: campaignSchema,
    lastResult: settingsResult,
    defaultValue: {
      basedOn,
      season: campaign.season,
      prices: prices.map((p) => ({
        group: p.group,
        amount: euros(p.amountCents),
      })),
      discountSecond: String(campaign.familyDiscounts.find((d) => d.fromMember === 2)?.percent ?? 0),
      discountThird: String(campaign.familyDiscounts.find((d) => d.fromMember === 3)?.percent ?? 0),
      // The club's aids, then a blank row to add one.
      aids: [...campaign.aids, null].map((a) => ({
        code: a?.code ?? "",
        label: a?.label ?? "",
        amount: a ? euros(a.amountCents) : "",
        rules: a?.rules ?? "",
        confirmed: a?.confirmedFor === campaign.season ? "on" : "",
      })),
      maxInstalments: String(campaign.maxInstalments),
      rulesVersion: campaign.rulesVersion,
      paymentInstructions: campaign.paymentInstructions.join("\n"),
    },
  });
  const priceList = fields.prices.getFieldList();
  const aidList = fields.aids.getFieldList();
  const toConfirm = campaign.aids.filter((a) => !confirmedAids(campaign).includes(a));
  return (
    <div className="max-w-3xl space-y-8">
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Campagne d'inscription {campaign.season}</h1>
        <p className="mt-2 text-slate-800">
          Les inscriptions sont <strong>{campaign.open ? "ouvertes" : "fermées"}</strong>.
          {updatedAt
            ? ` Dernière modification le ${formatDateTime(updatedAt)}${updatedByName ? ` par ${updatedByName}` : ""}.`
            : ""}
        </p>
      </div>
      {notice ? <FormMessage tone="success">{notice}</FormMessage> : null}
      {toConfirm.length ? (
        <FormMessage>
          {`Montant à confirmer pour la saison ${campaign.season} : ${toConfirm.map((a) => a.label).join(", ")}. Tant qu'il ne l'est pas, les familles ne peuvent pas déclarer ${toConfirm.length > 1 ? "ces aides" : "cette aide"}.`}
        </FormMessage>
      ) : null}
      {openError ? <FormMessage>{openError}</FormMessage> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="open" />
        <input type="hidden" name="basedOn" value={basedOn} />
        <input type="hidden" name="open" value={campaign.open ? "non" : "oui"} />
        <SubmitButton pendingLabel="Enregistrement…">
          {campaign.open ? "Fermer les inscriptions" : "Ouvrir les inscriptions"}
        </SubmitButton>
      </Form>

      <Form method="post" {...getFormProps(form)} className="rounded-lg border border-slate-300 bg-white p-4 shadow-sm">
        <h2 className="mb-4 text-2xl font-semibold text-slate-900">Réglages</h2>
        <FormErrors
          form={form}
          lastResult={settingsResult}
          summary="Les réglages n'ont pas été enregistrés : corrigez les champs signalés."
        />
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name={fields.basedOn.name} value={basedOn} />
        <TextField label="Saison" hint="Au format 2026-2027." {...fieldProps(fields.season)} />
        <fieldset className="mb-4">
          <legend className="mb-2 font-semibold text-slate-900">Tarif annuel par groupe (cours de la semaine)</legend>
          {priceList.map((item, i) => {
            const f = item.getFieldset();
            const group = prices[i]?.group ?? "";
            return (
              <div key={item.key}>
                <input type="hidden" name={f.group.name} value={group} />
                <TextField label={`${group} (euros)`} inputMode="decimal" {...fieldProps(f.amount)} />
              </div>
            );
          })}
        </fieldset>
        <TextField
          label="Réduction famille à partir du 2e membre (%)"
          inputMode="numeric"
          {...fieldProps(fields.discountSecond)}
        />
        <TextField
          label="Réduction famille à partir du 3e membre (%)"
          inputMode="numeric"
          hint="0 : la même que pour le 2e membre."
          {...fieldProps(fields.discountThird)}
        />
        <fieldset className="mb-4">
          <legend className="mb-2 font-semibold text-slate-900">Aides déduites du tarif</legend>
          <p className="mb-3 text-sm text-slate-700">
            Une aide n'est proposée aux familles qu'une fois son montant confirmé pour la saison {campaign.season}. La
            dernière ligne, vide, ajoute une aide ; pour en retirer une, videz son code, son libellé et son montant.
          </p>
          {aidList.map((item, i) => {
            const f = item.getFieldset();
            const known = campaign.aids[i];
            return (
              <div key={item.key} className="mb-3 rounded-md border border-slate-200 p-3">
                <p className="mb-2 font-medium text-slate-900">
                  {known
                    ? `${known.label} : ${known.confirmedFor === campaign.season ? "montant confirmé" : "à confirmer"}`
                    : "Nouvelle aide"}
                </p>
                <div className="grid gap-x-4 sm:grid-cols-3">
                  <TextField label="Code" hint="Exemple : PASS-SPORT" {...fieldProps(f.code)} />
                  <TextField label="Libellé" {...fieldProps(f.label)} />
                  <TextField label="Montant (euros)" inputMode="decimal" {...fieldProps(f.amount)} />
                </div>
                <TextAreaField label="Qui peut en bénéficier (montré aux familles)" rows={3} {...fieldProps(f.rules)} />
                <CheckboxField
                  label={`Montant confirmé pour la saison ${campaign.season}`}
                  name={f.confirmed.name}
                  defaultChecked={f.confirmed.initialValue === "on"}
                  error={f.confirmed.errors?.[0]}
                />
              </div>
            );
          })}
        </fieldset>
        <SelectField
          label="Paiement en plusieurs fois"
          options={[
            { value: "1", label: "En une fois seulement" },
            { value: "2", label: "Jusqu'à 2 fois" },
            { value: "3", label: "Jusqu'à 3 fois" },
          ]}
          {...fieldProps(fields.maxInstalments)}
        />
        <TextField
          label="Version du règlement du club"
          hint="Changer la version redemande l'accord de chaque famille."
          {...fieldProps(fields.rulesVersion)}
        />
        <TextAreaField
          label="Instructions de paiement hors ligne (une par ligne)"
          rows={4}
          {...fieldProps(fields.paymentInstructions)}
        />
        <SubmitButton pendingLabel="Enregistrement…">Enregistrer les réglages</SubmitButton>
      </Form>
    </div>
  );
}
