import { TextField } from "~/components/form";
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
    </>
  );
}
