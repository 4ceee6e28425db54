/**
 * A strict reader of the iCalendar files the site serves (RFC 5545), for the
 * tests: it refuses what a phone could choke on (bare LF, lines over 75
 * octets, unbalanced components, a VEVENT without UID/DTSTAMP/DTSTART, a
 * TZID without its VTIMEZONE, an RRULE whose UNTIL is not UTC while DTSTART
 * is local, malformed date-times), then expands the weekly series with their
 * EXDATEs into the Paris days they occur on.
 *
 * Only what the site writes is supported (FREQ=WEEKLY with UNTIL, TZID of
 * Europe/Paris or UTC values); anything else is an error, not a guess.
 */
import { addDays, parisDate, parisTime } from "~/lib/core/time";

export interface Property {
  name: string;
  params: Record<string, string>;
  value: string;
}

export interface Component {
  name: string;
  properties: Property[];
  components: Component[];
}

const encoder = new TextEncoder();

function splitParams(head: string): { name: string; params: Record<string, string> } {
  const [name = "", ...rest] = head.split(";");
  const params: Record<string, string> = {};
  for (const p of rest) {
    const eq = p.indexOf("=");
    if (eq < 1) throw new Error(`Paramètre malformé : ${p}`);
    params[p.slice(0, eq).toUpperCase()] = p.slice(eq + 1);
  }
  if (!/^[A-Z0-9-]+$/i.test(name)) throw new Error(`Nom de propriété invalide : ${name}`);
  return { name: name.toUpperCase(), params };
}

/** Parses and checks a whole calendar; throws with the first problem found. */
export function parseICalendar(text: string): Component {
  if (!text.endsWith("\r\n")) throw new Error("Le fichier ne finit pas par CRLF.");
  const physical = text.slice(0, -2).split("\r\n");
  for (const line of physical) {
    if (line.includes("\n") || line.includes("\r")) throw new Error("Fin de ligne autre que CRLF.");
    if (encoder.encode(line).length > 75) throw new Error(`Ligne de plus de 75 octets : ${line.slice(0, 30)}…`);
  }
  const logical: string[] = [];
  for (const line of physical) {
    if (line.startsWith(" ") || line.startsWith("\t")) {
      if (!logical.length) throw new Error("Ligne de continuation au début du fichier.");
      logical[logical.length - 1] += line.slice(1);
    } else logical.push(line);
  }
  const stack: Component[] = [];
  let root: Component | null = null;
  for (const line of logical) {
    const colon = line.indexOf(":");
    if (colon < 1) throw new Error(`Ligne sans « : » : ${line}`);
    const { name, params } = splitParams(line.slice(0, colon));
    const value = line.slice(colon + 1);
    if (name === "BEGIN") {
      const c: Component = { name: value.toUpperCase(), properties: [], components: [] };
      const parent = stack.at(-1);
      if (parent) parent.components.push(c);
      else if (root) throw new Error("Deux calendriers dans le fichier.");
      else root = c;
      stack.push(c);
    } else if (name === "END") {
      const open = stack.pop();
      if (!open || open.name !== value.toUpperCase())
        throw new Error(`END:${value} ne ferme pas ${open?.name ?? "rien"}.`);
    } else {
      const current = stack.at(-1);
      if (!current) throw new Error(`Propriété hors composant : ${name}`);
      current.properties.push({ name, params, value });
    }
  }
  if (stack.length) throw new Error(`Composant non fermé : ${stack.at(-1)?.name}`);
  if (!root || root.name !== "VCALENDAR") throw new Error("Pas de VCALENDAR.");
  check(root);
  return root;
}

export function prop(c: Component, name: string): Property | undefined {
  return c.properties.find((p) => p.name === name);
}

function props(c: Component, name: string): Property[] {
  return c.properties.filter((p) => p.name === name);
}

const DATE_TIME = /^\d{8}T\d{6}Z?$/;
const DATE = /^\d{8}$/;

function checkTime(p: Property, zones: Set<string>) {
  for (const v of p.value.split(",")) {
    if (p.params.VALUE === "DATE") {
      if (!DATE.test(v)) throw new Error(`${p.name} : date invalide ${v}`);
    } else if (!DATE_TIME.test(v)) throw new Error(`${p.name} : date-heure invalide ${v}`);
    if (p.params.TZID !== undefined && v.endsWith("Z")) throw new Error(`${p.name} : TZID avec une heure UTC.`);
  }
  if (p.params.TZID !== undefined && !zones.has(p.params.TZID))
    throw new Error(`${p.name} : TZID ${p.params.TZID} sans VTIMEZONE.`);
}

function check(cal: Component) {
  if (prop(cal, "VERSION")?.value !== "2.0") throw new Error("VERSION:2.0 manquant.");
  if (!prop(cal, "PRODID")) throw new Error("PRODID manquant.");
  const zones = new Set<string>();
  for (const tz of cal.components.filter((c) => c.name === "VTIMEZONE")) {
    const id = prop(tz, "TZID")?.value;
    if (!id) throw new Error("VTIMEZONE sans TZID.");
    if (!tz.components.some((c) => c.name === "STANDARD") || !tz.components.some((c) => c.name === "DAYLIGHT")) {
      throw new Error("VTIMEZONE sans STANDARD ou DAYLIGHT.");
    }
    for (const sub of tz.components) {
      for (const n of ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO"])
        if (!prop(sub, n)) throw new Error(`${sub.name} sans ${n}.`);
    }
    zones.add(id);
  }
  const uids = new Set<string>();
  for (const ev of cal.components.filter((c) => c.name === "VEVENT")) {
    for (const n of ["UID", "DTSTAMP", "DTSTART"]) {
      if (props(ev, n).length !== 1) throw new Error(`VEVENT : ${n} absent ou répété.`);
    }
    const uid = prop(ev, "UID")!.value;
    if (uids.has(uid)) throw new Error(`UID répété : ${uid}`);
    uids.add(uid);
    if (prop(ev, "DTEND") && prop(ev, "DURATION")) throw new Error("DTEND et DURATION ensemble.");
    for (const p of ev.properties.filter((x) =>
      ["DTSTART", "DTEND", "EXDATE", "DTSTAMP", "LAST-MODIFIED"].includes(x.name),
    )) {
      checkTime(p, zones);
    }
    const start = prop(ev, "DTSTART")!;
    const end = prop(ev, "DTEND");
    if (end && (end.params.VALUE === "DATE") !== (start.params.VALUE === "DATE"))
      throw new Error("DTSTART et DTEND de types différents.");
    const rrules = props(ev, "RRULE");
    if (rrules.length > 1) throw new Error("Plusieurs RRULE.");
    const rrule = rrules[0];
    if (rrule) {
      const parts = Object.fromEntries(rrule.value.split(";").map((kv) => kv.split("=") as [string, string]));
      if (!parts.FREQ) throw new Error("RRULE sans FREQ.");
      if (parts.UNTIL && parts.COUNT) throw new Error("RRULE avec UNTIL et COUNT.");
      if (parts.UNTIL && start.params.TZID && !/^\d{8}T\d{6}Z$/.test(parts.UNTIL)) {
        throw new Error("UNTIL doit être en UTC quand DTSTART a un TZID (RFC 5545, 3.3.10).");
      }
    }
  }
}

/** A date-time value as an instant (Paris for TZID=Europe/Paris, else UTC "Z"). */
function instant(value: string, tzid: string | undefined): Date {
  const day = `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;
  const time = `${value.slice(9, 11)}:${value.slice(11, 13)}`;
  if (value.endsWith("Z")) return new Date(`${day}T${time}:${value.slice(13, 15)}Z`);
  if (tzid !== "Europe/Paris") throw new Error(`Fuseau non pris en charge : ${tzid ?? "heure flottante"}`);
  return parisTime(day, time);
}

/** The occurrences (start instants) of a VEVENT: one, or its weekly series minus EXDATE. */
export function occurrences(ev: Component): Date[] {
  const start = prop(ev, "DTSTART")!;
  const first = instant(start.value, start.params.TZID);
  const rrule = prop(ev, "RRULE");
  if (!rrule) return [first];
  const parts = Object.fromEntries(rrule.value.split(";").map((kv) => kv.split("=") as [string, string]));
  if (parts.FREQ !== "WEEKLY" || !parts.UNTIL || Object.keys(parts).length !== 2)
    throw new Error(`RRULE non prise en charge : ${rrule.value}`);
  const until = instant(parts.UNTIL, undefined);
  const excluded = new Set(
    props(ev, "EXDATE").flatMap((p) => p.value.split(",").map((v) => instant(v, p.params.TZID).getTime())),
  );
  const time = `${start.value.slice(9, 11)}:${start.value.slice(11, 13)}`;
  const out: Date[] = [];
  for (let day = parisDate(first); ; day = addDays(day, 7)) {
    const at = parisTime(day, time);
    if (at > until) break;
    if (!excluded.has(at.getTime())) out.push(at);
  }
  return out;
}

export function events(cal: Component): Component[] {
  return cal.components.filter((c) => c.name === "VEVENT");
}
