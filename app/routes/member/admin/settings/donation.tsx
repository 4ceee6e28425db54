import { SelectField, TextField } from "~/components/form";
import type { SectionFormProps } from "./shared";

export function DonationForm({ values, errors }: SectionFormProps) {
  return (
    <>
      <TextField
        label="Page de don HelloAsso"
        name="helloAssoUrl"
        type="url"
        hint="L’adresse du formulaire de don, qui commence par https://www.helloasso.com/associations/…"
        defaultValue={values.helloAssoUrl ?? ""}
        error={errors.helloAssoUrl}
      />
      <TextField
        label="Adresse du widget HelloAsso"
        name="helloAssoWidgetUrl"
        type="url"
        hint="Le formulaire intégré à la page Faire un don (adresse se terminant par /widget), sur https://www.helloasso.com uniquement. Laissez vide pour n’afficher que le lien."
        defaultValue={values.helloAssoWidgetUrl ?? ""}
        error={errors.helloAssoWidgetUrl}
      />
      <SelectField
        label="Reçus fiscaux"
        name="taxReceipts"
        required
        options={[
          { value: "", label: "Choisir…" },
          { value: "oui", label: "Oui : l’association est d’intérêt général et délivre des reçus fiscaux" },
          { value: "non", label: "Non : pas de reçu fiscal" },
        ]}
        hint="Seule une association d’intérêt général peut délivrer un reçu fiscal (Cerfa n° 11580). Sur « Oui », la page Faire un don annonce la réduction d’impôt de 66 % et le reçu ; sur « Non », elle précise que le club ne délivre pas de reçu fiscal ; sans réponse, elle n’en parle pas."
        defaultValue={values.taxReceipts ?? ""}
        error={errors.taxReceipts}
      />
      <TextField
        label="Référence du rescrit fiscal (facultatif)"
        name="rescrit"
        hint="Si l’administration fiscale a confirmé par un rescrit que les dons ouvrent droit à la réduction d’impôt : sa référence ou sa date, affichée sur la page Faire un don."
        defaultValue={values.rescrit ?? ""}
        error={errors.rescrit}
      />
    </>
  );
}
