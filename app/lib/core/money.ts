/**
 * Money, browser-safe. Rules: amounts live in code as integer cents (the
 * database stores cents); one formatter prints them in French, « 35 € » for
 * whole euros and « 35,50 € » otherwise, with non-breaking spaces (U+00A0)
 * between thousands and before the sign, so an amount never breaks across
 * lines. Settings typed in euros by the managers are converted with
 * `eurosToCents` before any arithmetic or display.
 */

import { formatCount } from "./count";

const NBSP = "\u00a0";

/** 3500 -> « 35 € », 3550 -> « 35,50 € », 123456 -> « 1 234,56 € »; "" for no amount. */
export function formatEuros(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return "";
  const rounded = Math.round(cents);
  const sign = rounded < 0 ? "-" : "";
  const abs = Math.abs(rounded);
  const whole = formatCount(Math.floor(abs / 100));
  const rest = abs % 100;
  return `${sign}${whole}${rest === 0 ? "" : `,${String(rest).padStart(2, "0")}`}${NBSP}€`;
}

/** An amount in euros (a setting, 12.5) -> integer cents (1250). */
export function eurosToCents(euros: number): number {
  return Math.round(euros * 100);
}
