/**
 * node deploy/lib/check-site.mjs http://127.0.0.1:3000 — is the site up?
 * Used by deploy/install and deploy/upgrade after a start, once per second
 * until it answers.
 *
 * Rules: one try, no waiting (the caller loops and watches the service);
 * exit 0 when /healthz answers 200 and the home page answers 200 with an HTML
 * page; exit 1 otherwise, the reason in French on the error output. Plain
 * Node (no dependency): it runs before any release is known to work.
 */
const base = (process.argv[2] ?? "").replace(/\/+$/, "");
if (!/^https?:\/\//.test(base)) {
  console.error("Usage : node deploy/lib/check-site.mjs http://127.0.0.1:3000");
  process.exit(64);
}

async function get(path) {
  const res = await fetch(base + path, { redirect: "manual", signal: AbortSignal.timeout(10_000) });
  return { status: res.status, body: await res.text() };
}

try {
  const health = await get("/healthz");
  if (health.status !== 200) {
    console.error(`/healthz répond ${health.status} : ${health.body.slice(0, 200)}`);
    process.exit(1);
  }
  const home = await get("/");
  if (home.status !== 200 || !/<html[\s>]/i.test(home.body)) {
    console.error(`la page d'accueil répond ${home.status} sans page HTML`);
    process.exit(1);
  }
} catch (err) {
  const cause = err instanceof Error ? (err.cause?.code ?? err.message) : String(err);
  console.error(`le site ne répond pas (${cause})`);
  process.exit(1);
}
