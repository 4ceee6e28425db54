/** To an account whose password was changed (from the profile, or through a reset link). */
import { defineMail } from "./layout";

export const passwordChangedMail = defineMail({
  id: "mot-de-passe-modifie",
  label: "Mot de passe modifié",
  when: "Au compte dont le mot de passe vient d'être changé (profil ou lien de réinitialisation).",
  sample: { prenom: "Camille", how: "change" },
  write: (d: { prenom: string; how: "change" | "reset" }) => ({
    subject: "Votre mot de passe a été modifié",
    lines: [
      d.prenom ? `Bonjour ${d.prenom},` : "Bonjour,",
      "",
      d.how === "reset"
        ? "Le mot de passe de votre compte sur le site du club vient d'être remplacé à l'aide d'un lien de réinitialisation."
        : "Le mot de passe de votre compte sur le site du club vient d'être modifié depuis votre profil.",
      "Toutes vos sessions ouvertes sur d'autres appareils ont été fermées.",
      "Si vous n'êtes pas à l'origine de ce changement, utilisez « Mot de passe oublié » sur la page de connexion et contactez le club au plus vite.",
    ],
  }),
});
