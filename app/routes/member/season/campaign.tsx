/**
 * /espace-membre/saison/campagne (admin, user_manager): the registration
 * campaign — open or close it, its season, the price of each group of the
 * weekly classes, the family discounts, the aid codes, the number of
 * instalments, the version of the club rules and the payment instructions
 * (the `campaign` setting, saved with a version check). Plain forms, one
 * `intent` each (app/lib/http/intents.ts, decision 0019).
 */
import { Form, redirect } from "react-router";
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
import { campaignOpenSchema, campaignSchema, formatAids } from "~/lib/members/campaign";
import { campaignPage, saveCampaign, setCampaignOpen } from "~/lib/members/campaign.server";

const PATH = "/espace-membre/saison/campagne";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Campagne d'inscription",
    description: "Ouvrir les inscriptions de la saison et régler les tarifs, réductions et aides.",
    noindex: true,
  });

const NOTICES: Record<string, string> = {
  enregistree: "Les réglages de la campagne sont enregistrés.",
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
      await saveCampaign(actor, v);
      return redirect(`${PATH}?ok=enregistree`);
    }),
};

export async function action({ request, context }: Route.ActionArgs) {
  const actor = context.get(userContext);
  const formData = await readForm(request);
  return HANDLERS[intentOf(formData, HANDLERS)](formData, actor);
}

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
        amount: (p.amountCents / 100).toFixed(2).replace(".", ",").replace(/,00$/, ""),
      })),
      discountSecond: String(campaign.familyDiscounts.find((d) => d.fromMember === 2)?.percent ?? 0),
      discountThird: String(campaign.familyDiscounts.find((d) => d.fromMember === 3)?.percent ?? 0),
      aids: formatAids(campaign.aids),
      maxInstalments: String(campaign.maxInstalments),
      rulesVersion: campaign.rulesVersion,
      paymentInstructions: campaign.paymentInstructions.join("\n"),
    },
  });
  const priceList = fields.prices.getFieldList();
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
        <TextAreaField
          label="Aides déduites (une par ligne : CODE ; libellé ; montant en euros)"
          rows={3}
          {...fieldProps(fields.aids)}
        />
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
