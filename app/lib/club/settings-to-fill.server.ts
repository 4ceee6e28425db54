/**
 * The club settings still to fill before going live (issue 13, "À compléter
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
 */
import { getSetting } from "./settings.server";

export const SETTINGS_TO_FILL_TITLE = "À compléter avant la mise en ligne";

export interface SettingToFill {
  key: string;
  label: string;
  href: string;
}

const PAGE = "/espace-membre/contenu/reglages";

export async function settingsToFill(): Promise<SettingToFill[]> {
  const [identity, legal, teachers] = await Promise.all([
    getSetting("identity"),
    getSetting("legal"),
    getSetting("teachers"),
  ]);
  const out: SettingToFill[] = [];
  const add = (key: string, label: string, section: string) => out.push({ key, label, href: `${PAGE}/${section}` });
  if (!identity.phone.trim()) add("identity.phone", "Téléphone du club", "identite");
  if (!identity.email.trim()) add("identity.email", "E-mail de contact du club", "identite");
  if (!identity.street.trim() || !identity.city.trim()) add("identity.address", "Adresse du gymnase", "identite");
  if (!legal.president.trim()) add("legal.president", "Président ou présidente de l’association", "mentions-legales");
  if (!legal.publicationDirector.trim())
    add("legal.publicationDirector", "Directeur ou directrice de la publication", "mentions-legales");
  if (!legal.headOffice.trim()) add("legal.headOffice", "Adresse du siège social", "mentions-legales");
  if (!legal.rna.trim() && !legal.siret.trim())
    add("legal.rna", "Numéro RNA ou SIRET de l’association", "mentions-legales");
  if (!legal.hostName.trim()) add("legal.hostName", "Nom de l’hébergeur du site", "mentions-legales");
  if (!legal.hostAddress.trim()) add("legal.hostAddress", "Adresse de l’hébergeur", "mentions-legales");
  if (!legal.hostPhone.trim()) add("legal.hostPhone", "Téléphone de l’hébergeur", "mentions-legales");
  if (!teachers.length) {
    out.push({
      key: "teachers",
      label: "Enseignants du club (la page publique « Enseignants » reste masquée d’ici là)",
      href: "/espace-membre/contenu/enseignants",
    });
  }
  return out;
}
