/**
 * The registration campaign as managed: the `campaign`
 * setting, edited with a version check (the setting's last save), opened and
 * closed by the managers, written to the audit log. Its groups are the groups
 * of the weekly classes (the `schedule` setting).
 *
 * Aids: a new season keeps the last season's aids, « à confirmer »
 * (confirmations are for one season: a save that changes the season drops
 * them); the treasurer ticks « montant confirmé » for each, after which the
 * aid is offered to families and deducted (campaign.ts). Two aids never
 * share a code.
 */
import { DomainError } from "../core/errors";
import { getSetting } from "../club/settings.server";
import { saveSettingChecked, settingMeta } from "../club/settings-save.server";
import type { Aid, Campaign, CampaignFormInput } from "./campaign";
import { audit } from "../core/audit.server";
import { type Actor } from "./users-rules.server";

/** Groups of the weekly classes, in schedule order, each once. */
async function scheduleGroups(): Promise<string[]> {
  return [...new Set((await getSetting("schedule")).map((c) => c.group))];
}

export async function campaignPage() {
  const campaign = await getSetting("campaign");
  const groups = await scheduleGroups();
  const meta = await settingMeta("campaign");
  // Every group of the schedule gets a price line (kept ones first), even a new group.
  const prices = groups.map((g) => ({
    group: g,
    amountCents: campaign.prices.find((p) => p.group === g)?.amountCents ?? 0,
  }));
  return {
    campaign,
    prices,
    basedOn: meta.updatedAt ?? "",
    updatedAt: meta.updatedAt,
    updatedByName: meta.updatedByName,
  };
}

async function save(actor: Actor, value: Campaign, basedOn: string, summary: string) {
  const result = await saveSettingChecked("campaign", value, basedOn, actor.id);
  if (!result.ok) throw new DomainError(result.message, { status: 409 });
  await audit(actor, "campaign.update", summary);
}

/** The form's aids as stored: blank rows dropped, confirmed for this season unless the season changes. */
function aidsOf(input: CampaignFormInput, seasonChanged: boolean): Aid[] {
  const aids: Aid[] = [];
  for (const [i, a] of input.aids.entries()) {
    if (!a) continue;
    if (aids.some((x) => x.code === a.code))
      throw new DomainError(`Le code ${a.code} est déjà celui d'une autre aide.`, { field: `aids[${i}].code` });
    aids.push({
      code: a.code,
      label: a.label,
      amountCents: a.amountCents,
      ...(a.rules ? { rules: a.rules } : {}),
      ...(a.confirmed && !seasonChanged ? { confirmedFor: input.season } : {}),
    });
  }
  return aids;
}

/** Saves the campaign's settings; true when the season changed (its aids are then « à confirmer »). */
export async function saveCampaign(actor: Actor, input: CampaignFormInput): Promise<boolean> {
  const current = await getSetting("campaign");
  const groups = new Set(await scheduleGroups());
  for (const [i, p] of input.prices.entries()) {
    if (!groups.has(p.group))
      throw new DomainError("Ce groupe n'est plus dans les horaires : rechargez la page.", {
        field: `prices[${i}].amount`,
      });
  }
  const seasonChanged = input.season !== current.season;
  const aids = aidsOf(input, seasonChanged);
  const familyDiscounts = [
    ...(input.discountSecond ? [{ fromMember: 2, percent: input.discountSecond }] : []),
    ...(input.discountThird ? [{ fromMember: 3, percent: input.discountThird }] : []),
  ];
  const value: Campaign = {
    ...current,
    season: input.season,
    prices: input.prices.map((p) => ({ group: p.group, amountCents: p.amount })),
    familyDiscounts,
    aids,
    maxInstalments: input.maxInstalments,
    rulesVersion: input.rulesVersion,
    paymentInstructions: input.paymentInstructions
      .split(/\r?\n/)
      .map((l) => l.trim())
      .filter(Boolean),
  };
  const pending = aids.filter((a) => a.confirmedFor !== value.season).map((a) => a.label);
  await save(
    actor,
    value,
    input.basedOn,
    `Campagne d'inscription ${value.season} : ${seasonChanged ? `nouvelle saison (après ${current.season})` : "réglages modifiés"}${pending.length ? ` ; aides à confirmer : ${pending.join(", ")}` : ""}.`,
  );
  return seasonChanged;
}

export async function setCampaignOpen(actor: Actor, open: boolean, basedOn: string): Promise<void> {
  const current = await getSetting("campaign");
  if (open && current.prices.length === 0)
    throw new DomainError("Indiquez les tarifs avant d'ouvrir les inscriptions.");
  await save(actor, { ...current, open }, basedOn, `Inscriptions ${current.season} ${open ? "ouvertes" : "fermées"}.`);
}
