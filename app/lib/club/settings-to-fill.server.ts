/**
 * The club settings still to fill before going live ("À compléter
 * avant la mise en ligne"): one list, read by the dashboard, the to-do list
 * and the operations page.
 *
 * Rules:
 *  - A setting the club has not given is empty (the seed never invents a
 *    phone, an RNA number or a host); public pages hide its line, and this
 *    module names it, with the settings page where it is filled.
 *  - Only facts a visitor or the law expects are listed (LCEN mentions,
 *    contact means) and the teachers (the public page « Enseignants » stays
 *    hidden until one is entered); optional extras (Instagram, SIRET when RNA
 *    is known) are not.
 *  - The code holds no club's facts, so every fact a public page
 *    states and the club has not entered is listed: identity (name, short
 *    name, association, venue, address, e-mail, phone, transport, parking,
 *    map), legal notice (head office, publisher, host, federation), the weekly
 *    schedule, prices, equipment, the donation page and whether the club may
 *    issue tax receipts; and, for the registrations, how to pay without HelloAsso and
 *    the aids whose amount the treasurer has not confirmed for the campaign's season.
 */
import { getSetting } from "./settings.server";
import { href } from "react-router";

export const SETTINGS_TO_FILL_TITLE = "À compléter avant la mise en ligne";

export interface SettingToFill {
  key: string;
  label: string;
  href: string;
}

export async function settingsToFill(): Promise<SettingToFill[]> {
  const [identity, legal, teachers, schedule, prices, equipment, donation, campaign] = await Promise.all([
    getSetting("identity"),
    getSetting("legal"),
    getSetting("teachers"),
    getSetting("schedule"),
    getSetting("prices"),
    getSetting("equipment"),
    getSetting("donation"),
    getSetting("campaign"),
  ]);
  const out: SettingToFill[] = [];
  const add = (key: string, label: string, section: string) =>
    out.push({ key, label, href: href("/espace-membre/contenu/reglages/:section", { section }) });
  const empty = (v: string) => !v.trim();
  if (empty(identity.clubName)) add("identity.clubName", "Nom du club", "identite");
  if (empty(identity.shortName)) add("identity.shortName", "Nom court du club", "identite");
  if (empty(identity.associationName)) add("identity.associationName", "Nom officiel de l’association", "identite");
  if (empty(identity.sportsComplex)) add("identity.sportsComplex", "Gymnase ou complexe sportif des cours", "identite");
  if (empty(identity.street) || empty(identity.postalCode) || empty(identity.city))
    add("identity.address", "Adresse du gymnase", "identite");
  if (empty(identity.phone)) add("identity.phone", "Téléphone du club", "identite");
  if (empty(identity.email)) add("identity.email", "E-mail de contact du club", "identite");
  if (empty(identity.mapUrl)) add("identity.mapUrl", "Lien vers le plan d’accès", "identite");
  if (!identity.transport.length) add("identity.transport", "Accès en transports en commun", "identite");
  if (empty(identity.parking)) add("identity.parking", "Stationnement", "identite");
  if (!schedule.length)
    add("schedule", "Horaires des cours (la page Tarifs et horaires annonce qu’ils seront publiés)", "horaires");
  if (!prices.items.length)
    add("prices", "Tarifs de la saison (la page Tarifs et horaires annonce qu’ils seront publiés)", "tarifs");
  if (!equipment.length) add("equipment", "Liste de l’équipement à prévoir", "equipement");
  if (empty(donation.helloAssoUrl) && empty(donation.helloAssoWidgetUrl))
    add("donation.helloAssoUrl", "Page de don HelloAsso", "dons");
  if (donation.taxReceipts === null)
    add(
      "donation.taxReceipts",
      "Reçus fiscaux : l’association peut-elle en délivrer (intérêt général) ? D’ici là, aucune réduction d’impôt n’est annoncée",
      "dons",
    );
  if (empty(legal.president)) add("legal.president", "Président ou présidente de l’association", "mentions-legales");
  if (empty(legal.publicationDirector))
    add("legal.publicationDirector", "Directeur ou directrice de la publication", "mentions-legales");
  if (empty(legal.headOffice)) add("legal.headOffice", "Adresse du siège social", "mentions-legales");
  if (empty(legal.rna) && empty(legal.siret))
    add("legal.rna", "Numéro RNA ou SIRET de l’association", "mentions-legales");
  if (empty(legal.federation)) add("legal.federation", "Fédération d’affiliation", "mentions-legales");
  if (empty(legal.hostName)) add("legal.hostName", "Nom de l’hébergeur du site", "mentions-legales");
  if (empty(legal.hostAddress)) add("legal.hostAddress", "Adresse de l’hébergeur", "mentions-legales");
  if (empty(legal.hostPhone)) add("legal.hostPhone", "Téléphone de l’hébergeur", "mentions-legales");
  if (!teachers.length) {
    out.push({
      key: "teachers",
      label: "Enseignants du club (la page publique « Enseignants » reste masquée d’ici là)",
      href: href("/espace-membre/contenu/enseignants"),
    });
  }
  if (!campaign.paymentInstructions.some((line) => line.trim())) {
    out.push({
      key: "campaign.paymentInstructions",
      label: "Moyens de paiement des inscriptions hors HelloAsso (chèque, virement, espèces…)",
      href: href("/espace-membre/saison/campagne"),
    });
  }
  for (const aid of campaign.aids) {
    if (aid.confirmedFor === campaign.season) continue;
    out.push({
      key: `campaign.aids.${aid.code}`,
      label: `Montant de l’aide ${aid.label} à confirmer pour la saison ${campaign.season} (elle n’est pas proposée aux familles d’ici là)`,
      href: href("/espace-membre/saison/campagne"),
    });
  }
  return out;
}
