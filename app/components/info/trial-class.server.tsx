/**
 * /cours-d-essai: the page's parts that nothing changes after load (decision 0059), written on
 * the server and kept as is by the browser (`ServerHtml`), which never loads this code: the
 * text under the heading (how many classes are free), the end of the form (its one-time token,
 * its honeypot, the note on personal data), what to bring and where, and the confirmation
 * once the request was recorded. The booking form stays in the route
 * (routes/info/trial-class.tsx): it reacts to the visitor. Links are `SiteLink`s.
 */
import { FormMessage } from "~/components/form";
import { HoneypotField } from "~/components/honeypot-field";
import { OnceField } from "~/components/once-field";
import { SiteLink } from "~/components/layout/site-link";
import { Icon } from "~/components/ui/icon";
import { freeClassesText } from "~/lib/club/trial-requests.server";
import { venueLines } from "~/lib/club/identity";

export function TrialIntro({ freeClasses }: { freeClasses: number }) {
  return (
    <p className="mt-4 max-w-3xl text-lg leading-relaxed text-slate-700">
      Le meilleur moyen de découvrir le Vovinam Viet Vo Dao : venir sur le tapis. {freeClassesText(freeClasses) ?? ""}{" "}
      Choisissez un cours, laissez vos coordonnées, le club vous confirme le rendez-vous.
    </p>
  );
}

/** Inside the form, after its button: the one-time token (decision 0019), the honeypot (0033), the data note. */
export function TrialFormEnd({ token }: { token: string }) {
  return (
    <>
      <OnceField token={token} />
      <HoneypotField id="essai_site_web" />
      <p className="mt-4 text-sm text-slate-600">
        Vos coordonnées servent uniquement à organiser votre essai et ne sont jamais transmises à des tiers. Voir les{" "}
        <SiteLink to="/mentions-legales" className="underline">
          mentions légales
        </SiteLink>
        .
      </p>
    </>
  );
}

/** The confirmation after a request: the session chosen, and whether an e-mail went out. */
export function TrialSent({ booked, mailed }: { booked: string | null; mailed: boolean }) {
  return (
    <div className="mt-4">
      <FormMessage tone="success">
        <p className="flex items-start gap-2 font-semibold">
          <Icon name="check-circle-2" className="mt-0.5 h-5 w-5 shrink-0" />
          Merci, votre demande de cours d'essai est enregistrée.
        </p>
        {booked ? <p className="mt-2">Cours choisi : {booked}.</p> : null}
        <p className="mt-2">
          {mailed
            ? "Un e-mail de confirmation vous a été envoyé avec l'adresse et ce qu'il faut prévoir. Pensez à vérifier vos courriers indésirables."
            : "Le club vous contactera pour confirmer le rendez-vous."}
        </p>
      </FormMessage>
      <p>
        <SiteLink to="/cours-d-essai" className="font-semibold text-club-700 underline">
          Réserver un autre cours
        </SiteLink>
      </p>
    </div>
  );
}

export interface TrialPlace {
  sportsComplex: string;
  street: string;
  postalCode: string;
  city: string;
}

export function TrialAside({ place }: { place: TrialPlace }) {
  return (
    <aside aria-labelledby="prevoir-titre" className="h-fit space-y-6 rounded-xl border border-club-200 bg-club-50 p-6">
      <section>
        <h2 id="prevoir-titre" className="flex items-center gap-2 text-xl font-bold text-club-900">
          <Icon name="shirt" className="h-5 w-5 text-club-700" />À prévoir
        </h2>
        <p className="mt-2 text-slate-800">Une tenue de sport confortable et une gourde d'eau.</p>
        <p className="mt-2 text-sm text-slate-700">
          La tenue du club et les protections, pour la suite :{" "}
          <SiteLink to="/equipement" className="font-semibold text-club-800 underline">
            l'équipement
          </SiteLink>
          .
        </p>
      </section>
      <section aria-labelledby="lieu-titre">
        <h2 id="lieu-titre" className="flex items-center gap-2 text-xl font-bold text-club-900">
          <Icon name="map-pin" className="h-5 w-5 text-club-700" />
          Le lieu
        </h2>
        {/* Only what the club entered (issue 56). */}
        <p className="mt-2 text-slate-800">
          {venueLines(place).map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </p>
        <SiteLink to="/adresse-acces" className="mt-1 inline-block text-club-800 underline">
          Plan et accès
        </SiteLink>
      </section>
    </aside>
  );
}
