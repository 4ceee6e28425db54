/** A registration's money from its payments: collected, to come, failed, and its state. */
import { describe, expect, it } from "vitest";
import { instalmentState, moneySummary, type PaymentLike } from "./payment-schedule";

const helloasso = (states: string[], amount = 12700): PaymentLike => ({
  method: "helloasso",
  state: "appliquee",
  amountCents: amount * states.length,
  instalments: states.map((state, i) => ({ number: i + 1, amount, state, date: `2026-${9 + i}-10T10:00:00Z` })),
  receivedOn: null,
  appliedAt: new Date("2026-09-10T10:00:00Z"),
  createdAt: new Date("2026-09-10T10:00:00Z"),
});

const cheque = (amountCents: number): PaymentLike => ({
  method: "cheque",
  state: "appliquee",
  amountCents,
  instalments: [],
  receivedOn: "2026-09-15",
  appliedAt: new Date("2026-09-15T10:00:00Z"),
  createdAt: new Date("2026-09-15T10:00:00Z"),
});

describe("moneySummary", () => {
  it("is « payée » only when every instalment is collected", () => {
    expect(moneySummary(38100, [helloasso(["Authorized", "Registered", "Registered"])])).toMatchObject({
      situation: "en-cours",
      collectedCents: 12700,
      scheduledCents: 25400,
      restCents: 0,
    });
    expect(moneySummary(38100, [helloasso(["Authorized", "Authorized", "Authorized"])]).situation).toBe("payee");
  });

  it("is « paiement incomplet » after a refused instalment, until another payment covers it", () => {
    const refused = helloasso(["Authorized", "Refused", "Registered"]);
    expect(moneySummary(38100, [refused])).toMatchObject({
      situation: "incomplet",
      collectedCents: 12700,
      failedCents: 12700,
      restCents: 12700,
    });
    expect(moneySummary(38100, [refused, cheque(12700)]).situation).toBe("en-cours");
    const all = moneySummary(38100, [helloasso(["Authorized", "Refused", "Authorized"]), cheque(12700)]);
    expect(all.situation).toBe("payee");
    expect(all.schedule.map((l) => [l.method, l.state])).toEqual([
      ["helloasso", "encaisse"],
      ["helloasso", "refuse"],
      ["helloasso", "encaisse"],
      ["cheque", "encaisse"],
    ]);
  });

  it("does not count a checkout that was only started, and awaits payment", () => {
    const started = { ...helloasso(["", "", ""]), state: "en-attente" };
    expect(moneySummary(38100, [started])).toMatchObject({ situation: "a-payer", schedule: [], restCents: 38100 });
  });
});

describe("instalmentState", () => {
  it("reads HelloAsso's published states", () => {
    expect(
      [
        "Authorized",
        "Refused",
        "Error",
        "Canceled",
        "Refunded",
        "Refunding",
        "Contested",
        "Registered",
        "Pending",
        "",
      ].map(instalmentState),
    ).toEqual([
      "encaisse",
      "refuse",
      "refuse",
      "annule",
      "rembourse",
      "rembourse",
      "conteste",
      "a-venir",
      "a-venir",
      "a-venir",
    ]);
  });
});
