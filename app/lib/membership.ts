/**
 * Labels and options of the user management pages, shared by the server
 * (users-admin.server.ts) and the UI.
 */
export const USER_FILTERS = {
  "": "Tous les comptes",
  "pre-inscrits": "Pré-inscrits à valider",
  cotisation: "Cotisation non payée",
  certificat: "Certificat manquant ou expirant sous 30 jours",
  inactifs: "Comptes désactivés",
} as const;
export type UserFilter = keyof typeof USER_FILTERS;

export const USER_SORTS = {
  nom: "Nom (A à Z)",
  "-nom": "Nom (Z à A)",
  prenom: "Prénom (A à Z)",
  email: "Adresse e-mail",
  "-cree": "Inscription (récentes d'abord)",
  cree: "Inscription (anciennes d'abord)",
} as const;
export type UserSort = keyof typeof USER_SORTS;

export type HealthState = "valide" | "expire-bientot" | "expire" | "manquant";

export const HEALTH_STATE_LABELS: Record<HealthState, string> = {
  valide: "Valable",
  "expire-bientot": "Expire bientôt",
  expire: "Expiré",
  manquant: "Manquant",
};

export const PAYMENT_MEANS = ["cheque", "virement", "especes", "carte", "pass-sport", "helloasso", "autre"] as const;

export const PAYMENT_MEANS_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "cheque", label: "Chèque" },
  { value: "virement", label: "Virement" },
  { value: "especes", label: "Espèces" },
  { value: "carte", label: "Carte bancaire" },
  { value: "pass-sport", label: "Pass'Sport" },
  { value: "helloasso", label: "HelloAsso" },
  { value: "autre", label: "Autre moyen" },
];

export const HEALTH_KIND_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "certificat", label: "Certificat médical" },
  { value: "questionnaire", label: "Attestation du questionnaire de santé" },
];
