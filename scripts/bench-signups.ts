/**
 * npm run bench -- --signups: a registration evening on the embedded
 * database. While 200 connections flood the home page (page cache off, so every
 * view reaches the queue), 20 accounts are created at once through the sign-up
 * form (/inscription, scrypt hashing). Figures: sign-ups that succeeded
 * (2xx/3xx with a session cookie), sign-ups refused (503) or failed otherwise,
 * the slowest sign-up; page views served, shed (503), other 5xx and time-outs.
 * Goal: every sign-up succeeds while page views are still shed with 503.
 *
 * Rules: the server is the production build on a throw-away data folder, with
 * the sign-up limit per address raised (every request comes from 127.0.0.1);
 * the flood starts one second before the sign-ups and stops one second after
 * the last one answered.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { closedLoopLoad } from "./bench-load";
import { startServer } from "./bench-servers";
import { waitForJobs } from "./bench-jobs";

const SIGNUPS = 20;
const FLOOD_CONNECTIONS = 200;

interface SignUpOutcome {
  status: number;
  signedIn: boolean;
  ms: number;
}

async function signUp(base: string, n: number): Promise<SignUpOutcome> {
  const start = performance.now();
  try {
    const res = await fetch(`${base}/inscription`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        prenom: "Soirée",
        nom: `Inscription ${n}`,
        email: `soiree-inscription-${n}@exemple.fr`,
        password: `banc d'essai soirée d'inscription ${n}`,
        redirectTo: "/espace-membre",
      }),
      signal: AbortSignal.timeout(300_000),
    });
    await res.arrayBuffer();
    const signedIn = res.headers.getSetCookie().some((c) => c.includes("session_token"));
    return { status: res.status, signedIn, ms: performance.now() - start };
  } catch {
    return { status: 0, signedIn: false, ms: performance.now() - start };
  }
}

export async function signUpEvening() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "club-bench-"));
  const running = await startServer(dataDir, { PAGE_CACHE_SECONDS: "0", RATE_LIMIT_SIGNUP_PER_MINUTE: "10000" });
  try {
    console.log(`serveur mesuré\u00a0: ${await waitForJobs(dataDir)}`);
    console.log(
      `\n== Soirée d'inscription : ${SIGNUPS} inscriptions en même temps pendant ${FLOOD_CONNECTIONS} connexions sur l'accueil (base embarquée, ${os.cpus().length} cœurs)`,
    );
    const stop = new AbortController();
    const flood = closedLoopLoad({
      url: `${running.base}/`,
      connections: FLOOD_CONNECTIONS,
      seconds: 600,
      timeoutSeconds: 10,
      headers: { "accept-encoding": "gzip" },
      stop: stop.signal,
    });
    await new Promise((r) => setTimeout(r, 1000));
    const outcomes = await Promise.all(Array.from({ length: SIGNUPS }, (_, i) => signUp(running.base, i + 1)));
    await new Promise((r) => setTimeout(r, 1000));
    stop.abort();
    const views = await flood;

    const succeeded = outcomes.filter((o) => o.status >= 200 && o.status < 400 && o.signedIn).length;
    const refused = outcomes.filter((o) => o.status === 503).length;
    const failed = SIGNUPS - succeeded - refused;
    const slowest = Math.max(...outcomes.map((o) => o.ms));
    const p99 = views.accepted[Math.min(views.accepted.length - 1, Math.floor(views.accepted.length * 0.99))] ?? 0;
    console.log(
      `inscriptions\u00a0: ${succeeded} réussies sur ${SIGNUPS} (2xx/3xx, session ouverte), ${refused} refusées (503), ${failed} en échec autrement\u00a0; la plus lente\u00a0: ${(slowest / 1000).toFixed(2)}\u00a0s`,
    );
    console.log(
      `pages vues pendant ce temps\u00a0: ${views.accepted.length} servies (p99 ${Math.round(p99)}\u00a0ms), ${views.shed} refusées (503), ${views.other5xx} autres 5xx, ${views.timeouts} au-delà de 10\u00a0s` +
        (views.errors ? `, ${views.errors} erreurs de connexion` : ""),
    );
    const ok = succeeded === SIGNUPS && views.shed > 0;
    console.log(
      ok
        ? "objectif atteint\u00a0: toutes les inscriptions réussies, les pages vues toujours délestées"
        : "objectif manqué\u00a0: toutes les inscriptions doivent réussir pendant que des pages vues sont délestées (503)",
    );
    if (!ok) process.exitCode = 1;
  } finally {
    await running.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
