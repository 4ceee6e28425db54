/**
 * A registration's schedule: each instalment or payment with its
 * date, amount, means and state (à venir, encaissé, refusé, annulé,
 * remboursé), then what was collected and what is left. Shown to the family
 * (payment and registration pages) and to the managers (payments page).
 * Browser-safe: plain data from the loader (payment-schedule.ts).
 */
import { StackTable, type Column } from "~/components/ui/stack-table";
import { formatEuros } from "~/lib/core/money";
import { formatDate } from "~/lib/core/time";
import { PAYMENT_METHOD_LABELS } from "~/lib/members/campaign";
import { INSTALMENT_STATE_LABELS, type MoneySummary, type ScheduleLine } from "~/lib/members/payment-schedule";

const STATE_TONE: Record<ScheduleLine["state"], string> = {
  "a-venir": "text-slate-800",
  encaisse: "font-medium text-green-800",
  refuse: "font-semibold text-red-800",
  annule: "font-semibold text-red-800",
  rembourse: "font-semibold text-red-800",
  conteste: "font-semibold text-red-800",
};

const COLUMNS: readonly Column<ScheduleLine>[] = [
  { label: "Date", cell: (l) => formatDate(l.date), rowHeader: true },
  { label: "Montant", cell: (l) => formatEuros(l.amountCents), numeric: true },
  {
    label: "Moyen",
    cell: (l) => `${PAYMENT_METHOD_LABELS[l.method] ?? l.method}${l.number !== null ? ` (échéance ${l.number})` : ""}`,
  },
  { label: "État", cell: (l) => <span className={STATE_TONE[l.state]}>{INSTALMENT_STATE_LABELS[l.state]}</span> },
];

export function PaymentSchedule({ money, caption }: { money: MoneySummary; caption: string }) {
  if (money.schedule.length === 0) return null;
  return (
    <div className="space-y-2">
      <StackTable
        caption={caption}
        columns={COLUMNS}
        rows={money.schedule}
        rowKey={(l) => `${l.method}-${l.number ?? ""}-${l.date}-${l.amountCents}`}
        dense
      />
      <p className="text-slate-800">
        Encaissé : <strong>{formatEuros(money.collectedCents)}</strong> sur {formatEuros(money.totalCents)}
        {money.scheduledCents ? <>, échéances à venir : {formatEuros(money.scheduledCents)}</> : null}
        {money.restCents && money.situation !== "payee" ? (
          <>
            , reste à régler : <strong>{formatEuros(money.restCents)}</strong>
          </>
        ) : null}
        .
      </p>
    </div>
  );
}
