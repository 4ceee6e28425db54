/**
 * The DNS records that make the club's e-mails arrive in inboxes rather than
 * in spam, for the domain of the sender address in effect: SPF (which servers
 * may send for the domain), DKIM (the public key of the site's signature),
 * DMARC (what receivers do when both fail, and where they report), and their
 * check (« Vérifier » on the operations page).
 *
 * Rules:
 *  - the values are computed from the running configuration, never typed by
 *    hand: the SMTP relay in effect (a few known providers' `include:`, else
 *    the relay's own name or address), the public half of DKIM_PRIVATE_KEY_FILE
 *    with DKIM_SELECTOR, and a DMARC policy that blocks nothing (p=none) with
 *    reports to the club's contact address (else the administrator's);
 *  - the check asks DNS (node:dns Resolver; DNS_SERVERS when set, else the
 *    system's), three look-ups at once, each bounded (LOOKUP_TIMEOUT_MS, then
 *    cancelled at CHECK_DEADLINE_MS): a request never waits long for DNS;
 *  - every verdict is one French sentence; no look-up error escapes as a 500.
 */
import { Resolver } from "node:dns/promises";
import { isIP } from "node:net";
import { getSetting } from "../club/settings.server";
import { env } from "../core/env.server";
import type { DkimKey } from "./dkim-key.server";
import { dkimKey, senderAddress, senderDomain } from "./dkim.server";
import { effectiveMailConfig } from "./mail-config.server";
import type { MailDnsCheck, MailDnsKind, MailDnsRecord, MailDnsView } from "./mail-dns";
import { knownRelay } from "./spf-relays";

/** One try's wait for an answer, and the longest a whole check may take. */
const LOOKUP_TIMEOUT_MS = 1000;
const CHECK_DEADLINE_MS = 4000;

const ONE_RECORD =
  "Un domaine n'a qu'un enregistrement de ce type : s'il en existe déjà un, modifiez-le plutôt que d'en ajouter un second.";

/** This machine's own names and addresses. */
const isLoopback = (host: string) =>
  host === "localhost" || host.endsWith(".localhost") || host === "::1" || host.startsWith("127.");

/** The SPF mechanism that authorises the relay, and the sentence that explains it. */
function spfMechanism(relayHost: string | null): { mechanism: string | null; help: string } {
  if (!relayHost)
    return {
      mechanism: null,
      help: "Aucun serveur d'envoi n'est réglé : l'enregistrement SPF dépend de celui que vous choisirez (son fournisseur indique la mention « include:… » à publier).",
    };
  const host = relayHost.replace(/^\[|\]$/g, "").toLowerCase();
  const known = knownRelay(host);
  if (known)
    return {
      mechanism: `include:${known.include}`,
      help: `Autorise ${known.name} (serveur d'envoi ${host}) à envoyer les e-mails du domaine. ${ONE_RECORD}`,
    };
  if (isLoopback(host)) {
    const siteHost = new URL(env().BASE_URL).hostname.replace(/^\[|\]$/g, "");
    if (isLoopback(siteHost))
      return {
        mechanism: null,
        help: "Le serveur d'envoi tourne sur cette machine, mais l'adresse du site (BASE_URL) n'est pas un nom public : l'enregistrement SPF doit donner l'adresse IP publique de la machine (« v=spf1 ip4:… ~all »).",
      };
    return {
      mechanism: isIP(siteHost) ? `ip${isIP(siteHost)}:${siteHost}` : `a:${siteHost}`,
      help: `Le serveur d'envoi tourne sur cette machine : l'enregistrement autorise l'adresse du site (${siteHost}). ${ONE_RECORD}`,
    };
  }
  return {
    mechanism: isIP(host) ? `ip${isIP(host)}:${host}` : `a:${host}`,
    help: `Autorise les adresses du serveur d'envoi ${host}. Si son fournisseur indique sa propre mention (« include:… »), mettez-la à la place. ${ONE_RECORD}`,
  };
}

function relayHostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname || null;
  } catch {
    return null;
  }
}

/** The records to publish for the sending domain; `adminEmail` receives the DMARC reports when the club has no contact address. */
export async function mailDnsView(adminEmail: string): Promise<MailDnsView> {
  const { url, from } = await effectiveMailConfig();
  const domain = senderDomain(from);
  if (!domain || !domain.includes(".") || domain === "localhost" || domain.endsWith(".localhost"))
    return {
      domain: null,
      from,
      problem: `L'adresse d'expédition (${senderAddress(from) ?? from}) n'est pas sur un nom de domaine du club : réglez-la (variable MAIL_FROM, ou l'expéditeur du serveur d'envoi ci-dessus) avant de publier ces enregistrements.`,
      records: [],
    };
  const spf = spfMechanism(relayHostOf(url));
  // Checked at start; a file removed since then is said on the page, not a 500.
  let key: DkimKey | null = null;
  let keyProblem: string | null = null;
  try {
    key = dkimKey();
  } catch (err) {
    keyProblem = (err as Error).message;
  }
  const selector = env().DKIM_SELECTOR;
  const contact = (await getSetting("identity")).email.trim();
  const reports = contact || adminEmail;
  const reportsElsewhere = !reports.toLowerCase().endsWith(`@${domain}`);
  const records: MailDnsRecord[] = [
    {
      kind: "spf",
      title: "SPF : les serveurs autorisés à envoyer",
      name: domain,
      value: spf.mechanism ? `v=spf1 ${spf.mechanism} ~all` : null,
      help: spf.help,
    },
    {
      kind: "dkim",
      title: "DKIM : la clé de la signature des e-mails",
      name: `${selector}._domainkey.${domain}`,
      value: key ? `v=DKIM1; k=rsa; p=${key.publicKeyBase64}` : null,
      help: keyProblem
        ? `La clé DKIM du site ne peut plus être lue : les e-mails ne partent plus, corrigez le fichier puis redémarrez le site. Détail : ${keyProblem}.`
        : key
          ? "La clé publique qui permet aux messageries de vérifier la signature de chaque e-mail. Collez la valeur telle quelle : si votre hébergeur DNS limite un texte à 255 caractères, il la découpe lui-même."
          : "Les e-mails partent sans signature : le site n'a pas de clé DKIM (variable DKIM_PRIVATE_KEY_FILE ; l'installation en crée une, sinon « npm run dkim-key »).",
    },
    {
      kind: "dmarc",
      title: "DMARC : la consigne aux messageries",
      name: `_dmarc.${domain}`,
      value: `v=DMARC1; p=none; rua=mailto:${reports}`,
      help:
        `Une politique de départ prudente : p=none ne bloque rien, les messageries envoient seulement leurs rapports à ${reports}. Quand ils montrent que SPF et DKIM passent, vous pourrez passer à p=quarantine.` +
        (reportsElsewhere
          ? ` Une adresse d'un autre domaine ne reçoit ces rapports que si ce domaine l'accepte : une adresse en @${domain} est plus sûre.`
          : ""),
    },
  ];
  return { domain, from, problem: null, records };
}

type Lookup = { values: string[] } | { error: string };

async function lookupTxt(resolver: Resolver, name: string): Promise<Lookup> {
  try {
    return { values: (await resolver.resolveTxt(name)).map((parts) => parts.join("")) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? "";
    if (code === "ENOTFOUND" || code === "ENODATA") return { values: [] };
    if (code === "ETIMEOUT" || code === "ECANCELLED")
      return { error: "Vérification impossible : le serveur DNS n'a pas répondu à temps. Réessayez plus tard." };
    return { error: `Vérification impossible : le serveur DNS a répondu par une erreur (${code || "inconnue"}).` };
  }
}

/** DKIM and DMARC tags (`k=v; k=v`), keys in lower case, spaces of `p=` removed. */
function tags(value: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of value.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0) map.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).replace(/\s+/g, ""));
  }
  return map;
}

function verdict(kind: MailDnsKind, state: MailDnsCheck["state"], text: string, found: string[]): MailDnsCheck {
  return { kind, state, text, found };
}

function checkSpf(record: MailDnsRecord, all: string[]): MailDnsCheck {
  const found = all.filter((v) => /^v=spf1(\s|$)/i.test(v.trim()));
  if (!found.length) return verdict("spf", "absent", "Aucun enregistrement SPF publié.", found);
  if (found.length > 1)
    return verdict(
      "spf",
      "different",
      "Plusieurs enregistrements SPF sont publiés : un seul est permis, réunissez-les.",
      found,
    );
  const expected = record.value?.split(/\s+/)[1]?.toLowerCase();
  if (!expected) return verdict("spf", "ok", "Un enregistrement SPF est publié.", found);
  const terms = (found[0] ?? "")
    .toLowerCase()
    .split(/\s+/)
    .map((t) => t.replace(/^\+/, ""));
  return terms.includes(expected)
    ? verdict("spf", "ok", "Publié, et il autorise le serveur d'envoi.", found)
    : verdict(
        "spf",
        "different",
        `Publié, mais il ne mentionne pas « ${expected} » : ajoutez-le avant « ~all ».`,
        found,
      );
}

function checkDkim(record: MailDnsRecord, all: string[]): MailDnsCheck {
  const found = all.filter((v) => tags(v).has("p"));
  const expected = record.value ? tags(record.value).get("p") : undefined;
  if (!found.length)
    return verdict(
      "dkim",
      "absent",
      expected ? "Aucune clé DKIM publiée à ce nom." : "Aucune clé DKIM publiée (le site n'en a pas encore).",
      found,
    );
  if (!expected)
    return verdict(
      "dkim",
      "different",
      "Une clé est publiée, mais le site ne signe pas : réglez DKIM_PRIVATE_KEY_FILE.",
      found,
    );
  const keys = found.map((v) => tags(v).get("p") ?? "");
  if (keys.includes(expected)) return verdict("dkim", "ok", "Publiée, et c'est bien la clé du site.", found);
  if (keys.every((k) => k === "")) return verdict("dkim", "different", "Publiée, mais révoquée (p= vide).", found);
  return verdict("dkim", "different", "Publiée, mais ce n'est pas la clé du site : remplacez la valeur.", found);
}

function checkDmarc(all: string[]): MailDnsCheck {
  const found = all.filter((v) => /^v=DMARC1\s*(;|$)/i.test(v.trim()));
  if (!found.length) return verdict("dmarc", "absent", "Aucun enregistrement DMARC publié.", found);
  if (found.length > 1)
    return verdict("dmarc", "different", "Plusieurs enregistrements DMARC sont publiés : un seul est permis.", found);
  const policy = tags(found[0] ?? "")
    .get("p")
    ?.toLowerCase();
  return policy === "none" || policy === "quarantine" || policy === "reject"
    ? verdict("dmarc", "ok", `Publié, avec la politique p=${policy}.`, found)
    : verdict("dmarc", "different", "Publié, mais sans politique valable (p=none, quarantine ou reject).", found);
}

/** Looks the records up and says, for each, whether it is published and right. */
export async function checkMailDns(view: MailDnsView): Promise<MailDnsCheck[]> {
  if (!view.records.length) return [];
  const resolver = new Resolver({ timeout: LOOKUP_TIMEOUT_MS, tries: 2 });
  const servers = env().DNS_SERVERS;
  if (servers) resolver.setServers(servers);
  const deadline = setTimeout(() => resolver.cancel(), CHECK_DEADLINE_MS);
  try {
    const lookups = await Promise.all(view.records.map((r) => lookupTxt(resolver, r.name)));
    return view.records.map((record, i) => {
      const lookup = lookups[i] ?? { values: [] };
      if ("error" in lookup) return verdict(record.kind, "error", lookup.error, []);
      if (record.kind === "spf") return checkSpf(record, lookup.values);
      if (record.kind === "dkim") return checkDkim(record, lookup.values);
      return checkDmarc(lookup.values);
    });
  } finally {
    clearTimeout(deadline);
  }
}
