/**
 * The SPF mention (`include:…`) of the sending services a club is likely to
 * use, found from the name of the SMTP relay in effect, so that the
 * operations page can give the exact SPF record to publish.
 *
 * Rules: only a provider's own published mention, matched on its SMTP host
 * names; an unknown relay is not guessed (mail-dns.server.ts then authorises
 * the relay's own name and says to prefer the provider's mention).
 */

interface KnownRelay {
  /** The provider, as the page names it. */
  name: string;
  /** Its SPF mention, without « include: ». */
  include: string;
  /** Its SMTP host names. */
  host: RegExp;
}

const RELAYS: KnownRelay[] = [
  { name: "Google", include: "_spf.google.com", host: /(^|\.)(gmail|googlemail)\.com$/ },
  { name: "Microsoft 365", include: "spf.protection.outlook.com", host: /(^|\.)(office365|outlook)\.com$/ },
  { name: "Brevo", include: "spf.brevo.com", host: /(^|\.)(brevo|sendinblue)\.com$/ },
  { name: "Mailjet", include: "spf.mailjet.com", host: /(^|\.)mailjet\.com$/ },
  { name: "OVHcloud", include: "mx.ovh.com", host: /(^|\.)ovh\.net$/ },
  { name: "Gandi", include: "_mailcust.gandi.net", host: /(^|\.)gandi\.net$/ },
  { name: "Infomaniak", include: "spf.infomaniak.ch", host: /(^|\.)infomaniak\.com$/ },
  { name: "Mailgun", include: "mailgun.org", host: /(^|\.)mailgun\.org$/ },
  { name: "SendGrid", include: "sendgrid.net", host: /(^|\.)sendgrid\.net$/ },
  { name: "Amazon SES", include: "amazonses.com", host: /^email-smtp\.[a-z0-9-]+\.amazonaws\.com$/ },
];

/** The provider of an SMTP host, or null when it is not one of the known ones. */
export function knownRelay(host: string): KnownRelay | null {
  const h = host.toLowerCase().replace(/\.$/, "");
  return RELAYS.find((r) => r.host.test(h)) ?? null;
}
