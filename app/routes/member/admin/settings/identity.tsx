import { TextAreaField, TextField } from "~/components/form";
import type { SectionFormProps } from "./shared";

export function IdentityForm({ values, errors }: SectionFormProps) {
  const f = (name: string) => ({ name, defaultValue: values[name] ?? "", error: errors[name] });
  return (
    <>
      <fieldset className="mb-6">
        <legend className="mb-3 text-lg font-semibold text-slate-900">Le club</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label="Nom du club" required {...f("clubName")} />
          <TextField label="Nom court" required hint="Utilisé dans les titres courts." {...f("shortName")} />
        </div>
        <TextField label="Nom officiel de l’association" required {...f("associationName")} />
      </fieldset>
      <fieldset className="mb-6">
        <legend className="mb-3 text-lg font-semibold text-slate-900">Lieu des cours</legend>
        <TextField label="Gymnase ou complexe sportif" required {...f("sportsComplex")} />
        <TextField label="Numéro et rue" required autoComplete="street-address" {...f("street")} />
        <div className="grid gap-x-4 sm:grid-cols-3">
          <TextField label="Code postal" required inputMode="numeric" autoComplete="postal-code" {...f("postalCode")} />
          <TextField
            label="Ville"
            required
            className="mb-4 sm:col-span-2"
            autoComplete="address-level2"
            {...f("city")}
          />
        </div>
        <TextField
          label="Lien vers le plan"
          type="url"
          hint="Par exemple une adresse OpenStreetMap."
          {...f("mapUrl")}
        />
        <TextAreaField
          label="Transports en commun"
          rows={4}
          hint="Une ligne par moyen de transport."
          {...f("transport")}
        />
        <TextAreaField label="Stationnement" rows={2} {...f("parking")} />
      </fieldset>
      <fieldset className="mb-6">
        <legend className="mb-3 text-lg font-semibold text-slate-900">Contact et réseaux sociaux</legend>
        <div className="grid gap-x-4 sm:grid-cols-2">
          <TextField label="Téléphone" type="tel" autoComplete="tel" {...f("phone")} />
          <TextField label="Adresse e-mail" type="email" required autoComplete="email" {...f("email")} />
          <TextField label="Page Facebook" type="url" {...f("facebookUrl")} />
          <TextField label="Compte Instagram" type="url" {...f("instagramUrl")} />
        </div>
      </fieldset>
    </>
  );
}
