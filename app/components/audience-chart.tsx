/**
 * The audience card of the admins' dashboard: page views of
 * the last 30 days as a small SVG bar chart (role="img" with a text summary),
 * the same figures as a table for screen readers and keyboard users (in a
 * <details>), then the most viewed pages and the referring sites.
 * Only totals: nothing here identifies a visitor.
 */
import { formatDate, formatDayMonth } from "~/lib/core/time";
import { Icon } from "~/components/ui/icon";

export interface AudienceChartData {
  days: Array<{ day: string; views: number }>;
  total: number;
  pages: Array<{ path: string; views: number }>;
  referrers: Array<{ domain: string; visits: number }>;
}

const WIDTH = 600;
const HEIGHT = 160;
const BASELINE = 140;

function plural(n: number, one: string, many: string) {
  return `${n} ${n > 1 ? many : one}`;
}

export function AudienceChart({ data }: { data: AudienceChartData }) {
  const max = Math.max(1, ...data.days.map((d) => d.views));
  const step = WIDTH / Math.max(1, data.days.length);
  const first = data.days[0]?.day;
  const last = data.days.at(-1)?.day;
  const best = data.days.reduce((a, d) => (d.views > a.views ? d : a), { day: "", views: 0 });
  const summary =
    first && last
      ? `${plural(data.total, "page vue", "pages vues")} du ${formatDate(first)} au ${formatDate(last)}${
          best.views > 0 ? ` ; le plus : ${plural(best.views, "vue", "vues")} le ${formatDayMonth(best.day)}` : ""
        }.`.replace(/ ([;:])/g, "\u00a0$1")
      : "Aucune donnée.";
  return (
    <section
      aria-labelledby="audience-title"
      className="rounded-lg border border-slate-300 bg-white p-5 shadow-sm"
      data-testid="audience-card"
    >
      <h2 id="audience-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
        <Icon name="bar-chart-3" className="h-6 w-6 text-club-700" />
        Fréquentation du site public
      </h2>
      <p className="mt-1 text-slate-700">
        Pages vues par jour sur 30&nbsp;jours, comptées sans cookie ni adresse IP (effacées après 25&nbsp;mois).
      </p>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="mt-4 h-40 w-full"
        role="img"
        aria-labelledby="audience-chart-summary"
        preserveAspectRatio="none"
      >
        <line x1="0" x2={WIDTH} y1={BASELINE} y2={BASELINE} stroke="#475569" strokeWidth="1" />
        {data.days.map((d, i) => {
          const h = Math.round((d.views / max) * (BASELINE - 10));
          return (
            <rect key={d.day} x={i * step + step * 0.15} y={BASELINE - h} width={step * 0.7} height={h} fill="#1d4ed8">
              <title>{`${formatDayMonth(d.day)} : ${plural(d.views, "vue", "vues")}`.replace(" :", "\u00a0:")}</title>
            </rect>
          );
        })}
      </svg>
      <p id="audience-chart-summary" className="mt-2 text-slate-800">
        {summary}
      </p>
      <details className="mt-3">
        <summary className="cursor-pointer font-medium text-club-800 underline">
          Voir les chiffres jour par jour
        </summary>
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Pages vues par jour</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4">
                Jour
              </th>
              <th scope="col" className="py-1 text-right">
                Pages vues
              </th>
            </tr>
          </thead>
          <tbody>
            {data.days.map((d) => (
              <tr key={d.day} className="border-t border-slate-200">
                <td className="py-1 pr-4">{formatDayMonth(d.day)}</td>
                <td className="py-1 text-right tabular-nums">{d.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-semibold text-slate-900">Pages les plus vues</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4">
                Page
              </th>
              <th scope="col" className="py-1 text-right">
                Vues
              </th>
            </tr>
          </thead>
          <tbody>
            {data.pages.length === 0 ? (
              <tr>
                <td colSpan={2} className="py-1 text-slate-700">
                  Aucune page vue pour le moment.
                </td>
              </tr>
            ) : (
              data.pages.map((p) => (
                <tr key={p.path} className="border-t border-slate-200">
                  <td className="break-all py-1 pr-4">{p.path}</td>
                  <td className="py-1 text-right tabular-nums">{p.views}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-semibold text-slate-900">Sites d’origine des visiteurs</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1 pr-4">
                Site
              </th>
              <th scope="col" className="py-1 text-right">
                Arrivées
              </th>
            </tr>
          </thead>
          <tbody>
            {data.referrers.length === 0 ? (
              <tr>
                <td colSpan={2} className="py-1 text-slate-700">
                  Aucun visiteur venu d’un autre site pour le moment.
                </td>
              </tr>
            ) : (
              data.referrers.map((r) => (
                <tr key={r.domain} className="border-t border-slate-200">
                  <td className="break-all py-1 pr-4">{r.domain}</td>
                  <td className="py-1 text-right tabular-nums">{r.visits}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
