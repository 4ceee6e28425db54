/** To every active admin: the nightly backup failed, or was written but did not pass its check. */
import { href } from "react-router";
import { defineMail } from "./layout";

export interface BackupProblemData {
  prenom: string;
  /** "verification": written but its check failed; "failure": not written. */
  problem: "verification" | "failure";
  /** The error as reported. */
  error: string;
}

export const backupProblemMail = defineMail({
  id: "sauvegarde-a-verifier",
  label: "Sauvegarde à vérifier",
  when: "Aux administrateurs, quand la sauvegarde de la nuit échoue ou ne passe pas sa vérification.",
  sample: { prenom: "Dominique", problem: "failure", error: "Espace disque insuffisant." },
  write: (d: BackupProblemData, club) => ({
    subject: "Sauvegarde du site : à vérifier",
    lines: [
      `Bonjour ${d.prenom},`.replace(" ,", ","),
      "",
      ...(d.problem === "verification"
        ? [`La sauvegarde de cette nuit a été écrite, mais sa vérification a échoué : ${d.error}`]
        : [`La sauvegarde de cette nuit a échoué : ${d.error}`, "Les sauvegardes précédentes sont intactes."]),
      "",
      `Détails et nouvel essai : ${club.baseUrl}${href("/espace-membre/exploitation")}`,
    ],
  }),
});
