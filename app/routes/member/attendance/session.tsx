/**
 * /espace-membre/appel/:seance (instructors of the class, admins; decision
 * 0026): the roster of one session and its marks, phone-first (390 px).
 *
 * Rules:
 *  - Without JavaScript: one small form per row (a toggle button « Présent »),
 *    posted to this page's action, which applies it as any mark (its id is
 *    given by the page, so a form sent twice counts once) and comes back to
 *    the row (Post/Redirect/Get).
 *  - With JavaScript: a tap is kept on the phone first (mark-queue.ts), shown
 *    at once, then sent; without network the marks wait and leave when the
 *    connection returns (`online` event, next tap, next visit). A refused
 *    mark shows its French reason on its row.
 *  - A cancelled session, or one of a later day, shows its roster without the
 *    buttons.
 *  - Each person shows their portrait when one was given with consent
 *    (the guarded route, lazily), else initials on a disc;
 *    offline, the service worker keeps no portrait and the initials show.
 */
import { notFound } from "~/lib/http/responses";
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/session";
import { userContext } from "~/lib/accounts/auth-context";
import { ATTENDANCE_HANDLE, useAttendanceWebApp } from "~/components/attendance/web-app";
import { FormMessage } from "~/components/form";
import { buttonClasses } from "~/components/ui/button";
import { openSession, roster, sessionMarks, applyMark } from "~/lib/mat/attendance.server";
import { portraitsOf } from "~/lib/members/portraits.server";
import { Portrait } from "~/components/portrait";
import {
  ATTENDANCE_MESSAGES,
  ATTENDANCE_PATH,
  emergencyPath,
  parseSessionKey,
  sessionKey,
  sessionPath,
  type SessionRef,
} from "~/lib/mat/attendance";
import { markFormSchema } from "~/lib/mat/attendance-schema";
import { queuedMarks, queueMark, sendQueued, type SendResult } from "~/lib/mat/mark-queue";
import { capitalize, formatLongDate, formatTime, parisDate } from "~/lib/core/time";
import { handleIntent, intentOf } from "~/lib/http/intents";
import { orErrorPage } from "~/lib/http/forms";
import { readForm } from "~/lib/http/request.server";
import { pageMeta } from "~/lib/http/seo";
import { gendered } from "~/lib/typography/gender";

export const handle = ATTENDANCE_HANDLE;

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data ? `Appel : ${args.data.session.group}, ${formatLongDate(args.data.session.date)}` : "Appel",
    description: "La liste du cours : touchez les membres présents.",
    noindex: true,
  });

function refOf(params: { seance?: string }): SessionRef {
  const ref = parseSessionKey(params.seance);
  if (!ref) notFound(ATTENDANCE_MESSAGES.noSession);
  return ref;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const ref = refOf(params);
  const session = await orErrorPage(() => openSession(user, ref));
  const [people, marks] = await Promise.all([roster(session), sessionMarks(ref)]);
  const portraits = await portraitsOf(people.map((p) => p.profileId));
  const today = parisDate();
  return {
    session: {
      date: session.date,
      slotId: session.slot.id,
      group: session.slot.group,
      level: session.slot.level,
      startsAt: session.startsAt,
      endsAt: session.endsAt,
      cancelled: session.cancelled?.label ?? null,
    },
    canMark: !session.cancelled && session.date <= today,
    people: people.map((p) => ({
      profileId: p.profileId,
      name: `${p.prenom} ${p.nom}`.trim(),
      sex: p.sex,
      inGroup: p.inGroup,
      present: marks.get(p.profileId) ?? null,
      // The portrait given with consent (its media id, the image's version), else initials.
      portrait: portraits.get(p.profileId)?.mediaId ?? null,
      // The id of this row's form (no JavaScript): sent twice, it counts once.
      formMarkId: crypto.randomUUID(),
    })),
  };
}

const HANDLERS = {
  mark: ({
    formData,
    user,
    ref,
  }: {
    formData: FormData;
    user: { id: string; roles: readonly string[] };
    ref: SessionRef;
  }) =>
    handleIntent(
      "mark",
      formData,
      markFormSchema,
      async (input) => {
        await applyMark(user, { ...ref, ...input });
        return redirect(`${sessionPath(ref)}#p-${input.profileId}`);
      },
      { keyField: "profileId" },
    ),
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const ref = refOf(params);
  const formData = await readForm(request);
  const intent = intentOf(formData, HANDLERS);
  return HANDLERS[intent]({ formData, user, ref });
}

type Person = Route.ComponentProps["loaderData"]["people"][number];

/** The roll call's words by the profile's sex, neutral when it is not given. */
const PRESENT = { f: "Présente", m: "Présent", n: "Présence" };
const ABSENT = { f: "Absente", m: "Absent", n: "Absence" };

function statusText(result: SendResult, waiting: number): string {
  if (result.kind === "offline")
    return `Hors connexion : ${waiting} présence${waiting > 1 ? "s" : ""} gardée${waiting > 1 ? "s" : ""} sur ce téléphone, envoyée${waiting > 1 ? "s" : ""} au retour du réseau.`;
  if (result.kind === "signed-out")
    return "Votre session a expiré : reconnectez-vous, les présences gardées sur ce téléphone partiront ensuite.";
  if (result.kind === "failed")
    return "Le serveur n’a pas répondu : les présences restent sur ce téléphone et seront renvoyées.";
  return waiting
    ? `${waiting} présence${waiting > 1 ? "s" : ""} en attente d’envoi.`
    : "Toutes les présences sont enregistrées.";
}

export default function AttendanceSession({ loaderData, actionData }: Route.ComponentProps) {
  const { session, canMark, people } = loaderData;
  // Opened before the worker was there (a link from elsewhere): kept now, not at the next visit.
  useAttendanceWebApp([sessionPath({ date: session.date, slotId: session.slotId })], true);
  const key = sessionKey(session);
  // Local decisions over the server's: taps waiting to be sent, then the server's answers.
  const [local, setLocal] = useState<Record<number, boolean>>({});
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [status, setStatus] = useState<string | null>(null);

  const pendingHere = useCallback(
    () => queuedMarks().filter((m) => m.date === session.date && m.slotId === session.slotId),
    [session.date, session.slotId],
  );

  const flush = useCallback(async () => {
    const result = await sendQueued();
    const answered: Record<number, boolean> = {};
    const refused: Record<number, string> = {};
    for (const r of result.results) {
      const profileId = markProfiles.get(r.clientMarkId);
      if (profileId === undefined) continue; // a mark of another session, sent along
      if (r.status === "refusee") refused[profileId] = r.message;
      else answered[profileId] = r.present;
    }
    if (result.results.length) {
      setLocal((before) => {
        const next = { ...before, ...answered };
        // A refused mark: the row goes back to what the server has.
        for (const id of Object.keys(refused)) delete next[Number(id)];
        for (const m of pendingHere()) next[m.profileId] = m.present;
        return next;
      });
      setErrors((before) => ({
        ...Object.fromEntries(Object.entries(before).filter(([id]) => !(Number(id) in answered))),
        ...refused,
      }));
    }
    // Nothing was waiting and nothing was sent (opening the page): no message.
    if (result.kind === "sent" && !result.results.length && !pendingHere().length) return;
    setStatus(statusText(result, pendingHere().length));
  }, [pendingHere]);

  useEffect(() => {
    // Marks left on this phone (a previous visit without network): shown, then sent.
    const waiting = pendingHere();
    if (waiting.length) setLocal(Object.fromEntries(waiting.map((m) => [m.profileId, m.present])));
    for (const m of waiting) markProfiles.set(m.clientMarkId, m.profileId);
    void flush();
    const online = () => void flush();
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, [flush, pendingHere]);

  const tap = (event: React.FormEvent<HTMLFormElement>, person: Person, present: boolean) => {
    event.preventDefault();
    const mark = queueMark({ date: session.date, slotId: session.slotId, profileId: person.profileId, present });
    markProfiles.set(mark.clientMarkId, person.profileId);
    setLocal((before) => ({ ...before, [person.profileId]: present }));
    setErrors((before) => {
      const next = { ...before };
      delete next[person.profileId];
      return next;
    });
    void flush();
  };

  const shown = (p: Person) => (p.profileId in local ? local[p.profileId]! : p.present);
  const presentCount = people.filter((p) => shown(p) === true).length;
  const inGroup = useMemo(() => people.filter((p) => p.inGroup), [people]);
  const withoutGroup = useMemo(() => people.filter((p) => !p.inGroup), [people]);
  const formError =
    actionData && "result" in actionData
      ? (actionData.result.error?.[""]?.[0] ?? actionData.result.error?.profileId?.[0] ?? null)
      : null;

  const row = (p: Person) => {
    const present = shown(p) === true;
    const error = errors[p.profileId] ?? (actionData?.key === String(p.profileId) ? formError : null);
    return (
      <li key={p.profileId} id={`p-${p.profileId}`} className="border-b border-slate-200 py-2 last:border-b-0">
        <div className="flex items-center justify-between gap-3">
          <span className="flex min-w-0 items-center gap-3">
            <Portrait profileId={p.profileId} name={p.name} version={p.portrait} />
            <span className={`text-lg ${present ? "font-semibold text-slate-900" : "text-slate-800"}`}>{p.name}</span>
          </span>
          {canMark ? (
            <form method="post" onSubmit={(e) => tap(e, p, !present)}>
              <input type="hidden" name="intent" value="mark" />
              <input type="hidden" name="profileId" value={p.profileId} />
              <input type="hidden" name="clientMarkId" value={p.formMarkId} />
              <input type="hidden" name="present" value={present ? "0" : "1"} />
              <button
                type="submit"
                aria-pressed={present}
                className={`${buttonClasses({ variant: present ? "primary" : "neutral", size: "lg" })} min-w-32`}
              >
                <span aria-hidden="true">{present ? "✓ " : ""}</span>
                {gendered(p.sex, PRESENT)}
                <span className="sr-only"> : {p.name}</span>
              </button>
            </form>
          ) : (
            <span className="text-slate-800">
              {shown(p) === true ? gendered(p.sex, PRESENT) : shown(p) === false ? gendered(p.sex, ABSENT) : ""}
            </span>
          )}
        </div>
        {error ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-900">
            {error}
          </p>
        ) : null}
      </li>
    );
  };

  return (
    <div className="max-w-xl">
      <p className="mb-2">
        <Link to={ATTENDANCE_PATH} className="font-medium text-club-800 underline">
          Tous les cours
        </Link>
      </p>
      <h1 className="text-2xl font-bold text-club-900 sm:text-3xl">{session.group}</h1>
      <p className="mb-4 text-slate-700">
        {capitalize(formatLongDate(session.date))}, {formatTime(session.startsAt)} – {formatTime(session.endsAt)}
        {session.level ? ` · ${session.level}` : ""}
      </p>
      {session.cancelled ? (
        <FormMessage tone="info">Cours annulé : {session.cancelled}. Pas d’appel pour cette séance.</FormMessage>
      ) : null}
      {!session.cancelled && !canMark ? (
        <FormMessage tone="info">Cette séance n’a pas encore eu lieu : l’appel se fera le jour du cours.</FormMessage>
      ) : null}
      <p className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <span className="font-semibold text-slate-900" aria-live="polite">
          {presentCount} présent{presentCount > 1 ? "s" : ""} sur {inGroup.length}
        </span>
        <Link to={emergencyPath(session)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          Fiche d’urgence
        </Link>
      </p>
      <p role="status" className="mb-3 min-h-6 text-sm text-slate-800" data-sync-status={key}>
        {status}
      </p>
      {inGroup.length === 0 ? (
        <p className="rounded-md bg-slate-50 p-4 text-slate-800">
          Personne n’est encore inscrit dans ce groupe pour la saison.
        </p>
      ) : null}
      <ul aria-label={`Inscrits du groupe ${session.group}`}>{inGroup.map(row)}</ul>
      {withoutGroup.length ? (
        <details className="mt-6">
          <summary className="cursor-pointer font-semibold text-slate-900">
            Membres de la saison sans inscription en ligne ({withoutGroup.length})
          </summary>
          <ul className="mt-2">{withoutGroup.map(row)}</ul>
        </details>
      ) : null}
    </div>
  );
}

/** Which profile each queued mark of this page is about (to put a refusal on its row). */
const markProfiles = new Map<string, number>();
