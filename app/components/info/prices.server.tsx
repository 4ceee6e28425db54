/**
 * /tarifs-horaires (« Tarifs et horaires »): what the page shows, read here, and its content, written on the
 * server (`renderServerHtml` in the route's loader) and kept as is by the browser
 * (`ServerHtml`), which never loads this code (a `.server` module). Nothing here
 * reacts to the visitor; links are `SiteLink`s. Prices and hours the club has not entered yet
 * (the code holds none) are announced as coming, never invented.
 */
import { SiteLink } from "~/components/layout/site-link";
import { InfoPage, InfoSection, linkClass } from "~/components/info-page";
import { eurosToCents, formatEuros } from "~/lib/core/money";
import { formatTime, WEEKDAY_NAMES, weekdayName } from "~/lib/core/time";
import { getSetting } from "~/lib/club/settings.server";
import { Icon } from "~/components/ui/icon";

/** What the page shows. */
export async function pricesView() {
  const [prices, schedule, membership] = await Promise.all([
    getSetting("prices"),
    getSetting("schedule"),
    getSetting("membership"),
  ]);
  const days = WEEKDAY_NAMES.map((_, i) => i + 1)
    .map((day) => ({
      day,
      name: weekdayName(day),
      classes: schedule
        .filter((c) => c.day === day)
        .sort((a, b) => a.start.localeCompare(b.start))
        .map((c) => ({ ...c, hours: `${formatTime(c.start)} – ${formatTime(c.end)}` })),
    }))
    .filter((d) => d.classes.length > 0);
  return {
    season: prices.season,
    items: prices.items.map((item) => ({ ...item, price: formatEuros(eurosToCents(item.amount)) })),
    notes: prices.notes,
    days,
    trialClasses: membership.trialClasses,
  };
}

export type PricesView = Awaited<ReturnType<typeof pricesView>>;
function trialText(n: number): string {
  if (n <= 0) return "";
  if (n === 1) return "Votre premier cours est un cours d'essai gratuit, sans engagement.";
  return `Vos ${n} premiers cours sont des cours d'essai gratuits, sans engagement.`;
}

export function PricesContent(loaderData: PricesView) {
  const { season, items, notes, days, trialClasses } = loaderData;
  const trial = trialText(trialClasses);
  return (
    <InfoPage
      title="Tarifs et horaires"
      intro={
        <p>
          {season ? `Les cotisations de la saison ${season}` : "Les cotisations"} et les horaires des cours. La
          cotisation est annuelle et comprend la licence fédérale et son assurance.
        </p>
      }
      wide
    >
      {trial ? (
        <aside
          aria-label="Cours d'essai"
          className="flex items-start gap-3 rounded-lg border border-club-200 bg-club-50 p-4 text-club-900"
        >
          <Icon name="gift" className="mt-0.5 size-6 shrink-0 text-club-700" />
          <p>
            <strong>Envie d'essayer ?</strong> {trial} Venez en tenue de sport à l'un des cours de votre groupe, ou{" "}
            <SiteLink to="/contact" className={linkClass}>
              prévenez-nous
            </SiteLink>{" "}
            avant votre venue.
          </p>
        </aside>
      ) : null}

      <InfoSection
        id="tarifs"
        title={season ? `Cotisations ${season}` : "Cotisations"}
        icon={<Icon name="euro" className="size-6" />}
      >
        {items.length === 0 ? (
          <p>Les tarifs de la saison seront bientôt publiés. Contactez-nous pour tout renseignement.</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2">
            {items.map((item) => (
              <li key={item.id} className="rounded-lg border border-slate-200 p-5 shadow-sm">
                <h3 className="text-lg font-semibold text-club-900">{item.group}</h3>
                <p className="mt-1 text-3xl font-bold text-club-700">
                  {item.price}
                  <span className="text-base font-normal text-slate-600"> par an</span>
                </p>
                {item.description ? <p className="mt-2 text-slate-700">{item.description}</p> : null}
              </li>
            ))}
          </ul>
        )}
        {notes.length > 0 ? (
          <>
            <h3 className="text-lg font-semibold text-club-900">Bon à savoir</h3>
            <ul className="list-disc space-y-1 pl-6">
              {notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p>
          Pour vous inscrire, consultez{" "}
          <SiteLink to="/inscription-documents" className={linkClass}>
            les étapes de l'inscription et les documents à fournir
          </SiteLink>
          .
        </p>
      </InfoSection>

      <InfoSection id="horaires" title="Horaires des cours" icon={<Icon name="calendar-days" className="size-6" />}>
        {days.length === 0 ? (
          <p>Les horaires de la saison seront bientôt publiés.</p>
        ) : (
          <table className="stack-table w-full border-collapse text-left">
            <caption className="sr-only">Horaires hebdomadaires des cours, regroupés par jour</caption>
            <thead>
              <tr className="border-b-2 border-club-700 text-club-900">
                <th scope="col" className="py-2 pr-4">
                  Jour
                </th>
                <th scope="col" className="py-2 pr-4">
                  Horaire
                </th>
                <th scope="col" className="py-2 pr-4">
                  Cours
                </th>
                <th scope="col" className="py-2 pr-4">
                  Niveau
                </th>
                <th scope="col" className="py-2">
                  Lieu
                </th>
              </tr>
            </thead>
            {days.map((d) => (
              <tbody key={d.day} className="border-b border-slate-200">
                {d.classes.map((c, i) => (
                  <tr key={c.id} className="align-top">
                    {i === 0 ? (
                      <th
                        scope="rowgroup"
                        rowSpan={d.classes.length}
                        className="py-2 pr-4 font-semibold capitalize text-club-900 max-sm:border-b max-sm:border-club-200 max-sm:pt-4 max-sm:text-lg"
                      >
                        {d.name}
                      </th>
                    ) : null}
                    <td data-label="Horaire" className="py-2 pr-4 whitespace-nowrap">
                      {c.hours}
                    </td>
                    <td data-label="Cours" className="py-2 pr-4">
                      {c.group}
                    </td>
                    <td data-label="Niveau" className="py-2 pr-4">
                      {c.level}
                    </td>
                    <td data-label="Lieu" className="py-2">
                      {c.place}
                    </td>
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        )}
        <p>
          Pendant les vacances scolaires, les horaires peuvent changer. Les stages, passages de grades et fermetures
          exceptionnelles sont annoncés dans le{" "}
          <SiteLink to="/la-vie-du-club/calendrier" className={linkClass}>
            calendrier du club
          </SiteLink>
          .
        </p>
      </InfoSection>
    </InfoPage>
  );
}
