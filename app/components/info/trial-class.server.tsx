/**
 * /cours-d-essai: the page's public text that nothing changes after load, written on the server
 * and kept as is by the browser (`ServerHtml`), which never loads this code: the text under the
 * heading (how many classes are free), and what to bring and where. The booking form, its end
 * and its confirmation are the route's React (routes/info/trial-class.tsx). Links are
 * `SiteLink`s.
 */
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
