import { TextField } from "~/components/form";
import type { SectionFormProps } from "./shared";

export function LegalForm({ values, errors }: SectionFormProps) {
  const f = (name: string) => ({ name, defaultValue: values[name] ?? "", error: errors[name] });
  return (
    <>
      <fieldset className="mb-6">
        <legend className="mb-3 text-lg font-semibold text-slate-900">L’association</legend>
        <TextField label="Président ou présidente" required {...f("president")} />
        <TextField
          label="Directeur ou directrice de la publication"
          required
          hint="En général le représentant légal de l’association."
          {...f("publicationDirector")}
        />
        <TextField label="Adresse du siège" required {...f("headOffice")} />
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label="Numéro RNA" hint="W suivi de 9 chiffres." {...f("rna")} />
          <TextField label="SIRET" hint="14 chiffres, si l’association en a un." inputMode="numeric" {...f("siret")} />
        </div>
        <TextField label="Fédération d’affiliation" {...f("federation")} />
      </fieldset>
      <fieldset className="mb-6">
        <legend className="mb-3 text-lg font-semibold text-slate-900">L’hébergeur du site</legend>
        <TextField label="Nom de l’hébergeur" required {...f("hostName")} />
        <TextField label="Adresse de l’hébergeur" {...f("hostAddress")} />
        <TextField label="Téléphone de l’hébergeur" type="tel" {...f("hostPhone")} />
      </fieldset>
    </>
  );
}
