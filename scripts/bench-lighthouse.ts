/**
 * Lighthouse (mobile) for the benchmark (scripts/bench.ts): the site's
 * home and the bare app's page, run after run, with the metrics behind the
 * performance score.
 *
 * Rules:
 * - One run is not a figure: a score moves by 10 points from one run to the
 *   next on the same build. Each page gets BENCH_LIGHTHOUSE_RUNS
 *   runs (default 3), the two pages alternate, and the median of each category
 *   is printed with every run's score, FCP, LCP and TBT.
 * - The bare app is measured with the same browser on the same machine: it is
 *   the ceiling of this browser and machine. When the bare app itself loses
 *   points, the browser or the machine changed, not the site.
 * - Home is measured as a visitor gets it: without React's scripts (measured
 *   through a proxy, their hydration was the whole gap to the bare app).
 * - Lighthouse comes through npx (lighthouse@12.8.2, the last one for Node 20);
 *   it sometimes loses its own trace (NO_NAVSTART) on a busy machine: up to 3
 *   tries per run. Without npx or Chromium the section says so and the bench
 *   goes on.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

interface LighthouseRun {
  /** Each category's score, by its title (as printed). */
  scores: Record<string, number>;
  performance: number;
  fcp: string;
  lcp: string;
  tbt: string;
}

interface LighthouseReport {
  categories: Record<string, { title: string; score: number }>;
  audits: Record<string, { displayValue?: string }>;
}

function runOnce(url: string, chrome: string, outDir: string): LighthouseRun {
  let lastError: unknown;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      const out = path.join(outDir, "lighthouse.json");
      execFileSync(
        "npx",
        [
          "--yes",
          "lighthouse@12.8.2",
          url,
          "--quiet",
          "--output=json",
          `--output-path=${out}`,
          "--form-factor=mobile",
          "--only-categories=performance,accessibility,best-practices,seo",
          "--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync",
        ],
        { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, CHROME_PATH: chrome }, timeout: 180_000 },
      );
      const report = JSON.parse(readFileSync(out, "utf8")) as LighthouseReport;
      const scores: Record<string, number> = {};
      for (const c of Object.values(report.categories)) scores[c.title] = Math.round(c.score * 100);
      const metric = (id: string) => (report.audits[id]?.displayValue ?? "?").replace(/\s/g, "\u00a0");
      return {
        scores,
        performance: Math.round((report.categories["performance"]?.score ?? 0) * 100),
        fcp: metric("first-contentful-paint"),
        lcp: metric("largest-contentful-paint"),
        tbt: metric("total-blocking-time"),
      };
    } catch (err) {
      lastError = err;
    }
  }
  throw lastError;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

/** Lighthouse of each page, `runs` times, alternating; prints the medians and every run. */
export function lighthouseBench(pages: Array<{ label: string; url: string }>, chrome: string, outDir: string) {
  const runs = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 3);
  console.log(
    `\n== Lighthouse (mobile, lighthouse@12.8.2), ${runs} passage${runs > 1 ? "s" : ""} par page, en alternance`,
  );
  const results = new Map<string, LighthouseRun[]>(pages.map((p) => [p.label, []]));
  try {
    for (let i = 0; i < runs; i++) for (const p of pages) results.get(p.label)?.push(runOnce(p.url, chrome, outDir));
  } catch (err) {
    console.log(
      `Lighthouse indisponible après 3 essais (npx hors ligne\u00a0?)\u00a0: ${err instanceof Error ? err.message.split("\n")[0] : JSON.stringify(err)}`,
    );
    return;
  }
  for (const p of pages) {
    const list = results.get(p.label) ?? [];
    const titles = Object.keys(list[0]?.scores ?? {});
    console.log(
      `${p.label}\u00a0: ${titles.map((t) => `${t} ${median(list.map((r) => r.scores[t] ?? 0))}`).join(", ")} (médianes)`,
    );
    list.forEach((r, i) =>
      console.log(`  passage ${i + 1}\u00a0: performance ${r.performance} — FCP ${r.fcp}, LCP ${r.lcp}, TBT ${r.tbt}`),
    );
  }
}
