import { SiteLink } from "~/components/layout/site-link";

/**
 * The home page's hero: it carries the page's <h1> (home has no banner) and
 * the call to try a class. The bamboo drawing is decorative CSS/SVG. Written on the server
 * only, with the rest of home (components/home/content.server.tsx).
 */
export function HomeHero({ clubName, city, trialText }: { clubName: string; city: string; trialText: string }) {
  return (
    <section
      aria-labelledby="accueil-titre"
      className="relative overflow-hidden bg-gradient-to-br from-club-900 via-club-800 to-club-700 text-white"
    >
      <Bamboo className="pointer-events-none absolute -right-6 bottom-0 h-[110%] w-auto opacity-20 sm:right-8" />
      <div className="relative mx-auto max-w-6xl px-4 pt-32 pb-16 sm:pt-36 sm:pb-20">
        <p className="text-sm font-semibold tracking-widest text-belt-yellow uppercase">
          Art martial vietnamien{city ? ` · ${city}` : ""}
        </p>
        <h1 id="accueil-titre" className="mt-3 max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">
          {clubName}
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-club-50">
          Self-défense, techniques de combat, ciseaux de jambes et formes traditionnelles : venez découvrir le Vovinam
          Viet Vo Dao dans un club associatif ouvert aux enfants comme aux adultes. {trialText}
        </p>
        <p className="mt-8 flex flex-wrap gap-4">
          <SiteLink
            to="/cours-d-essai"
            className="rounded-lg bg-belt-yellow px-5 py-3 font-semibold text-slate-900 shadow hover:bg-yellow-300"
          >
            Essayer un cours
          </SiteLink>
          <SiteLink
            to="/tarifs-horaires"
            className="rounded-lg border-2 border-white px-5 py-3 font-semibold text-white hover:bg-white/10"
          >
            Horaires et tarifs
          </SiteLink>
        </p>
      </div>
    </section>
  );
}

/** A few bamboo stalks, the symbol of the school (decorative). */
function Bamboo({ className }: { className?: string }) {
  const stalks = [
    { x: 30, h: 380, w: 18 },
    { x: 80, h: 330, w: 14 },
    { x: 120, h: 400, w: 20 },
  ];
  return (
    <svg viewBox="0 0 160 400" aria-hidden="true" focusable="false" className={className}>
      {stalks.map(({ x, h, w }) => (
        <g key={x} fill="#bfd3fe">
          <rect x={x} y={400 - h} width={w} height={h} rx={w / 2} />
          {Array.from({ length: Math.floor(h / 60) }, (_, i) => (
            <rect key={i} x={x - 2} y={400 - h + 40 + i * 60} width={w + 4} height={4} rx={2} fill="#16397c" />
          ))}
          <path d={`M${x + w} ${430 - h} q 26 -20 40 -8 q -22 8 -40 16 z`} />
        </g>
      ))}
    </svg>
  );
}
