/**
 * The month of the calendar page: one `<ol>` of the month's days.
 *
 * Rules:
 * - The month is written once: a 7-column grid from `md` up, on phones the list of the days
 *   that have something (the empty days are hidden by CSS). Each day says its full date.
 * - Each entry is written once with what both widths show; CSS picks the compact line of the
 *   grid (start time, title; category and « réservé aux membres » for screen readers) or the
 *   full line of the phone list (badges, time range, place).
 * - The repeated parts are short classes of routes/club/calendar.css (`.cal-entry`,
 *   `.cal-badge`…); its icons are CSS masks of those classes, not an SVG per use.
 * - Rendered once per month and day on the server (`monthDaysHtml` of calendar-page.server.tsx,
 *   an `htmlMemo`, cleared by any write); the page's month block writes that markup as is; the
 *   browser keeps it and never renders a day.
 */
import { createElement, type ReactElement } from "react";
import { capitalize, formatDayMonth, ofMonth } from "~/lib/core/time";
import { categoryLabel, EVENT_CATEGORIES } from "~/lib/content/event-categories";
import { frenchText } from "~/lib/typography/french";
import type { DayView, EntryView, MonthView } from "~/lib/content/calendar-view.server";
import type { SafeHtml } from "~/lib/http/safe-html";

/** Column of the month's first day in the grid (index: ISO weekday - 1), space included; literal for Tailwind. */
const FIRST_COLUMN = [
  "",
  "md:col-start-2 ",
  "md:col-start-3 ",
  "md:col-start-4 ",
  "md:col-start-5 ",
  "md:col-start-6 ",
  "md:col-start-7 ",
];

/** The colours of a category (calendar.css `.cal-stage`…; unknown values as « autre »). */
function categoryClass(category: string): string {
  return (EVENT_CATEGORIES as readonly string[]).includes(category) ? `cal-${category}` : "cal-autre";
}

export function CategoryBadge({ category }: { category: string }) {
  return <span className={`cal-badge ${categoryClass(category)}`}>{categoryLabel(category)}</span>;
}

export const membersOnlyBadge = <span className="cal-members cal-lock">Réservé aux membres</span>;

/** Read between the title and the badges by screen readers only. */
const comma = <span className="sr-only">, </span>;

/**
 * One entry, written once (calendar.css `.cal-entry`): on phones a card (title, badges, time range,
 * place); in the grid a compact line (start time, title), its category and « réservé aux
 * membres » read only.
 */
function EntryLine({ entry }: { entry: EntryView }) {
  return (
    <li className={`cal-entry ${categoryClass(entry.category)}`}>
      {entry.start ? <span className="cal-start">{`${entry.start} `}</span> : null}
      <span className={entry.kind === "event" ? "cal-event" : "cal-class"}>{entry.title}</span>
      {comma}
      <CategoryBadge category={entry.category} />
      {entry.membersOnly ? (
        <>
          {comma}
          {membersOnlyBadge}
        </>
      ) : null}
      <span className="cal-details">
        <span className="cal-clock">{entry.start ? `${entry.start} – ${entry.end ?? ""}` : "Toute la journée"}</span>
        {entry.place ? <span className="cal-pin">{entry.place}</span> : null}
      </span>
    </li>
  );
}

/**
 * A day of the month (calendar.css `.cal-day`): a cell of the grid, an item of the phone list when
 * something is on it (hidden on phones otherwise).
 */
function DayItem({
  date,
  day,
  isToday,
  column,
}: {
  date: string;
  day: DayView | undefined;
  isToday: boolean;
  column: string;
}) {
  const Label = day ? "h3" : "p";
  return (
    <li className={`${day ? "" : "max-md:hidden "}${column}cal-day`}>
      <Label className="cal-date">
        <span aria-hidden="true" className={isToday ? "cal-num cal-today" : "cal-num"}>
          {String(Number(date.slice(8)))}
        </span>
        <span className="md:sr-only">{capitalize(formatDayMonth(date))}</span>
        {isToday ? <span className="cal-today-badge">Aujourd'hui</span> : null}
      </Label>
      {day && day.entries.length > 0 ? (
        <ul className="cal-entries">
          {day.entries.map((e, i) => (
            <EntryLine key={i} entry={e} />
          ))}
        </ul>
      ) : null}
      {day?.classesOff ? <p className="cal-off">{day.classesOff}</p> : null}
    </li>
  );
}

/** The `<li>` of every day of the month, in order. */
export function monthDays(calendar: MonthView): ReactElement[] {
  const byDate = new Map(calendar.days.map((d) => [d.date, d]));
  const days: ReactElement[] = [];
  for (let n = 1; n <= calendar.daysInMonth; n++) {
    const date = `${calendar.month}-${String(n).padStart(2, "0")}`;
    days.push(
      <DayItem
        key={date}
        date={date}
        day={byDate.get(date)}
        isToday={date === calendar.today}
        column={n === 1 ? (FIRST_COLUMN[calendar.firstWeekday - 1] ?? "") : ""}
      />,
    );
  }
  return days;
}

const LIST_CLASS = "mt-6 flex flex-col gap-5 md:mt-0 md:grid md:grid-cols-7 md:gap-px md:bg-slate-50";

/** The month's `<ol>`, around the days' markup rendered once (`days`). */
export function MonthDays({ label, days }: { label: string; days: SafeHtml }) {
  // React's own createElement: the app's JSX runtime would run the French typography over the
  // stored markup again (it already went through it when it was rendered).
  return createElement("ol", {
    "aria-label": frenchText(`Événements et cours ${ofMonth(label)}, jour par jour`),
    className: LIST_CLASS,
    dangerouslySetInnerHTML: { __html: days },
  });
}
