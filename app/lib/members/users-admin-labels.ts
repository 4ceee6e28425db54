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

/** Messages of the rules enforced by users-admin.server.ts. */
export const USERS_ADMIN_MESSAGES = {
  notFound: "Utilisateur introuvable.",
  adminOnlyEdit: "Seul un administrateur peut modifier le compte d'un administrateur.",
  adminOnlyRole: "Seul un administrateur peut attribuer ou retirer le rôle administrateur.",
  lastAdmin: "Il doit toujours rester au moins un administrateur actif : donnez d'abord ce rôle à une autre personne.",
  selfDeactivate: "Vous ne pouvez pas désactiver votre propre compte.",
  selfDelete: "Vous ne pouvez pas supprimer votre propre compte ici.",
  stale:
    "Ces informations ont été modifiées entre-temps par quelqu'un d'autre. La page a été rechargée : vérifiez puis recommencez.",
  emailTaken: "Un autre compte utilise déjà cette adresse e-mail.",
} as const;
