/**
 * What the operations page shows of the e-mail DNS records (browser-safe
 * types): the records to publish for the sending domain (SPF, DKIM, DMARC),
 * and the answer of « Vérifier » for each. Computed by mail-dns.server.ts.
 *
 * Rules: a value is exactly the text to paste into the TXT record (null when
 * the site cannot give one yet, the help then says why); every text is French.
 */

export type MailDnsKind = "spf" | "dkim" | "dmarc";

export interface MailDnsRecord {
  kind: MailDnsKind;
  /** The record's title on the page (« SPF : … »). */
  title: string;
  /** The full DNS name of the TXT record. */
  name: string;
  /** The TXT value to publish, or null when none can be given yet. */
  value: string | null;
  /** What the record does and how to publish it. */
  help: string;
}

export interface MailDnsView {
  /** The sending domain (the sender address's), null when it is not a domain of the club's. */
  domain: string | null;
  /** The sender address in effect (MAIL_FROM or the browser's setting). */
  from: string;
  /** Why no record can be given (the sender is on « localhost »…), else null. */
  problem: string | null;
  records: MailDnsRecord[];
}

/** ok: published and right; absent: nothing published; different: published but wrong; error: no answer. */
export type MailDnsState = "ok" | "absent" | "different" | "error";

export interface MailDnsCheck {
  kind: MailDnsKind;
  state: MailDnsState;
  /** The verdict, one French sentence. */
  text: string;
  /** The TXT values found at the record's name (those of its kind). */
  found: string[];
}
