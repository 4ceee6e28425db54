/**
 * Marks left on this phone, on the attendance list,
 * browser-safe. Marks taken offline and not sent yet (the page was closed
 * before the network came back, or a sign-out could not send them) are sent
 * with the account signed in now and said so; those the server refuses (a
 * class this account does not teach, a session that does not exist…) are
 * listed with their session and the server's French reason: never dropped
 * without a word. Marks still unsent stay on the phone (mark-queue.ts).
 */
import { useEffect, useState } from "react";
import { FormMessage } from "~/components/form";
import { capitalize, formatLongDate } from "~/lib/core/time";
import { isCalendarDay } from "~/lib/mat/attendance";
import { queuedMarks, sendQueued } from "~/lib/mat/mark-queue";

interface Report {
  sent: number;
  left: number;
  refused: { key: string; text: string }[];
}

const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

export function WaitingMarks() {
  const [report, setReport] = useState<Report | null>(null);
  useEffect(() => {
    const waiting = queuedMarks();
    if (!waiting.length) return;
    const byId = new Map(waiting.map((m) => [m.clientMarkId, m]));
    let live = true;
    void sendQueued().then((result) => {
      if (!live) return;
      const refused = result.results.flatMap((r) => {
        if (r.status !== "refusee") return [];
        const m = byId.get(r.clientMarkId);
        const day = m && isCalendarDay(m.date) ? capitalize(formatLongDate(m.date)) : "Séance inconnue";
        return [{ key: r.clientMarkId, text: `${day}, cours ${m?.slotId ?? "?"} : ${r.message}` }];
      });
      setReport({
        sent: result.results.filter((r) => r.status !== "refusee").length,
        left: queuedMarks().length,
        refused,
      });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!report || (!report.sent && !report.left && !report.refused.length)) return null;
  const { sent, left, refused } = report;
  return (
    <FormMessage tone={refused.length ? "error" : "info"}>
      {sent ? (
        <p>
          {sent}{" "}
          {plural(
            sent,
            "présence prise sur ce téléphone a été envoyée",
            "présences prises sur ce téléphone ont été envoyées",
          )}
          .
        </p>
      ) : null}
      {left ? (
        <p>
          {left} {plural(left, "présence reste", "présences restent")} sur ce téléphone :{" "}
          {plural(left, "elle partira", "elles partiront")} au retour du réseau.
        </p>
      ) : null}
      {refused.length ? (
        <>
          <p>
            {refused.length}{" "}
            {plural(
              refused.length,
              "présence prise sur ce téléphone a été refusée",
              "présences prises sur ce téléphone ont été refusées",
            )}{" "}
            :
          </p>
          <ul className="mt-1 list-disc pl-5">
            {refused.map((r) => (
              <li key={r.key}>{r.text}</li>
            ))}
          </ul>
        </>
      ) : null}
    </FormMessage>
  );
}
