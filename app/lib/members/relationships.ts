/** Relationship of a family profile to the account holder (shared by server and UI). */
export const RELATIONSHIPS = ["enfant", "conjoint", "autre"] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const RELATIONSHIP_LABELS: Record<"moi" | Relationship, string> & Partial<Record<string, string>> = {
  moi: "Moi",
  enfant: "Enfant",
  conjoint: "Conjoint ou conjointe",
  autre: "Autre proche",
};
