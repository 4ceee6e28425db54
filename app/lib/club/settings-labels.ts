/** Names shared by the settings admin pages and their server code (no server imports). */

/** URL slug -> settings key, with the page title. */
export const SETTINGS_SECTIONS = {
  identite: {
    key: "identity",
    title: "Identité du club",
    description: "Nom, adresse du gymnase, téléphone, e-mail, réseaux sociaux et accès.",
  },
  horaires: {
    key: "schedule",
    title: "Horaires des cours",
    description: "Le planning hebdomadaire affiché sur la page Tarifs et horaires.",
  },
  tarifs: { key: "prices", title: "Tarifs", description: "Les cotisations de la saison par groupe, et les remarques." },
  equipement: { key: "equipment", title: "Équipement", description: "La liste du matériel à prévoir." },
  dons: {
    key: "donation",
    title: "Dons (HelloAsso)",
    description: "Les adresses du formulaire de don HelloAsso, et les reçus fiscaux.",
  },
  "mentions-legales": {
    key: "legal",
    title: "Mentions légales",
    description: "Président, directeur de la publication, hébergeur, RNA ou SIRET.",
  },
  adhesion: {
    key: "membership",
    title: "Adhésion",
    description: "Début de saison, validité du certificat médical, cours d’essai.",
  },
} as const;

export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

export function isSettingsSection(value: string | undefined): value is SettingsSection {
  return value !== undefined && Object.hasOwn(SETTINGS_SECTIONS, value);
}

export const DAYS = ["Lundi", "Mardi", "Mercredi", "Jeudi", "Vendredi", "Samedi", "Dimanche"] as const;
export const MONTHS = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
] as const;
