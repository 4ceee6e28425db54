/**
 * Shared pieces of the profile page's sections: the action's answer as the
 * page reads it, which form it concerns (its `intent`), and the styles.
 * Each section is one component with its own Conform form(s).
 */
import type { SubmissionResult } from "@conform-to/react";
import { FormMessage } from "~/components/form";
import { resultOf } from "~/lib/http/intents";
import { buttonClasses } from "~/components/ui/button";
import { href } from "react-router";

/** What the profile action answers: a success message, or a refusal (`{ intent, key, result }`, intents.ts). */
export interface ProfileAnswer {
  intent?: string;
  message?: string;
  /** A fresh id on each success: the form that was sent remounts empty (or with the saved values). */
  done?: string;
  key?: string | null;
  result?: SubmissionResult<string[]>;
}

/** The server's answer for the form `intent` (undefined for the other forms). */
export function resultFor(answer: ProfileAnswer | undefined, intent: string): SubmissionResult<string[]> | undefined {
  return resultOf(answer, intent);
}

/** The success message for one of `intents`, if the last answer is one. */
export function successFor(answer: ProfileAnswer | undefined, ...intents: string[]): string | undefined {
  return answer?.intent && intents.includes(answer.intent) ? answer.message : undefined;
}

/** A field's value typed in a refused submission. */
export function typed(result: SubmissionResult<string[]> | undefined, name: string): string | undefined {
  const value = result?.initialValue?.[name];
  return typeof value === "string" ? value : undefined;
}

export function Success({ message }: { message: string | undefined }) {
  return message ? <FormMessage tone="success">{message}</FormMessage> : null;
}

export const sectionClass = "mb-10 rounded-lg border border-slate-200 p-5";
export const h2Class = "mb-4 text-2xl font-semibold text-club-900";
export const secondaryButton = buttonClasses({ variant: "secondary" });
export const dangerButton = buttonClasses({ variant: "danger" });

export const PROFILE_ACTION = href("/espace-membre/profil");
