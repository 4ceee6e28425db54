/**
 * The browser side of `useClubForm` (form.tsx): its events, the focus and reset
 * after a server answer, and the late loading of the validation code.
 *
 * Rules: the validation code (form-validation.ts) is only ever loaded with
 * `import()`, at once when the page holds the schema, else on the form's first
 * focus or pointer; a form reset by an answer keeps that answer's errors.
 */
import { useEffect, useLayoutEffect, useRef } from "react";
import type { SubmissionResult } from "@conform-to/react";
import type { z } from "zod";
import type * as FormValidation from "~/components/form-validation";
import { formValues, isNamedField } from "~/components/form-dom";
import { initialState, type FormState } from "~/components/form-state";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, any>>;

/**
 * A form's schema, or a function importing it
 * (`() => import("~/lib/club/contact-schema").then((m) => m.contactSchema)`):
 * the page then holds no Zod until the form is used (public pages).
 */
export type SchemaSource<S extends FormSchema> = S | (() => Promise<S>);

export interface LiveForm {
  /** The browser's checks, once the validation is loaded. */
  checks: FormValidation.FormChecks | undefined;
  state: FormState;
  trackValues: boolean;
  defaultValue: Record<string, unknown> | undefined;
}

/**
 * The form's events: the browser's check as the user goes, once loaded
 * (form-validation.ts decides which field to check: a field left for the first
 * time, a field already checked at each input); the values as typed, for a page
 * that reads them; a native reset empties the errors.
 */
export function useFormEvents(
  formId: string,
  live: React.RefObject<LiveForm>,
  setState: React.Dispatch<React.SetStateAction<FormState>>,
  setValues: (values: Record<string, unknown>) => void,
) {
  useEffect(() => {
    const fieldOf = (target: EventTarget | null) =>
      isNamedField(target) && target.form?.id === formId ? { field: target, form: target.form } : null;
    const onInput = (event: Event) => {
      const found = fieldOf(event.target);
      if (!found) return;
      if (live.current.trackValues) setValues(formValues(found.form));
      const update = live.current.checks?.fieldEvent("input", found.field, found.form, live.current.state);
      if (update) setState(update);
    };
    const onBlur = (event: Event) => {
      const found = fieldOf(event.target);
      const update = found && live.current.checks?.fieldEvent("left", found.field, found.form, live.current.state);
      if (update) setState(update);
    };
    const onReset = (event: Event) => {
      if (!(event.target instanceof HTMLFormElement) || event.target.id !== formId) return;
      if (ownResets.has(event.target)) return; // ours, after an answer: its state is already set
      setState(initialState(null, live.current.defaultValue));
    };
    document.addEventListener("input", onInput);
    document.addEventListener("focusout", onBlur);
    document.addEventListener("reset", onReset);
    return () => {
      document.removeEventListener("input", onInput);
      document.removeEventListener("focusout", onBlur);
      document.removeEventListener("reset", onReset);
    };
  }, [formId, live, setState, setValues]);
}

/** Forms being reset by useAnswerFocusAndReset (their "reset" event must not clear the answer's errors). */
const ownResets = new WeakSet<HTMLFormElement>();

export interface PendingAfterAnswer {
  /** The fields start again from the page's values (`form.reset()`). */
  reset: boolean;
  /** The first field in error takes the focus. */
  focus: boolean;
}

/**
 * After an answer from the server (or another entry in the form), the page
 * already there: the fields start again from the page's values when asked
 * (a saved entry, values changed meanwhile by someone else); after errors the
 * first field in error takes the focus, before `<FormErrors>` moves it to its
 * summary (a layout effect runs before the summary's effect).
 */
export function useAnswerFocusAndReset(
  formId: string,
  lastResult: SubmissionResult<string[]> | null | undefined,
  pending: React.RefObject<PendingAfterAnswer>,
) {
  useLayoutEffect(() => {
    const { reset, focus } = pending.current;
    pending.current = { reset: false, focus: false };
    const element = document.getElementById(formId);
    if (!(element instanceof HTMLFormElement)) return;
    if (reset) {
      ownResets.add(element);
      element.reset();
      ownResets.delete(element);
    }
    if (!focus || !lastResult) return;
    const errors = lastResult.error ?? {};
    for (const field of element.elements) {
      if (isNamedField(field) && errors[field.name]?.length) {
        field.focus();
        break;
      }
    }
  }, [formId, lastResult, pending]);
}

export interface LoadedValidation {
  checksFor: typeof FormValidation.checksFor;
  /** The imported schema (a schema given as a function). */
  schema?: FormSchema;
}

/**
 * Loads the validation code: at once when the page already holds the schema
 * (member pages), else on the form's first focus or pointer. A failed import
 * (offline) leaves the validation to the server.
 */
export function useValidationLoader<S extends FormSchema>(
  formId: string,
  schema: SchemaSource<S>,
  setLoaded: (value: LoadedValidation) => void,
) {
  const source = useRef(schema);
  source.current = schema;
  const lazy = typeof schema === "function";
  useEffect(() => {
    let alive = true;
    let done = false;
    const load = () => {
      if (done) return;
      done = true;
      stop();
      const given = source.current;
      Promise.all([import("~/components/form-validation"), typeof given === "function" ? given() : undefined])
        .then(([module, imported]) => {
          if (alive) setLoaded({ checksFor: module.checksFor, schema: imported });
        })
        .catch(() => {
          if (!alive) return;
          done = false; // offline: the server validates; a later focus tries again
          start();
        });
    };
    const onEvent = (event: Event) => {
      if (event.target instanceof Element && event.target.closest("form")?.id === formId) load();
    };
    const start = () => {
      document.addEventListener("focusin", onEvent);
      document.addEventListener("pointerover", onEvent);
    };
    const stop = () => {
      document.removeEventListener("focusin", onEvent);
      document.removeEventListener("pointerover", onEvent);
    };
    if (lazy) start();
    else load();
    return () => {
      alive = false;
      stop();
    };
  }, [formId, lazy, setLoaded]);
}

/**
 * After a server answer with errors, focus goes where the reader must look:
 * the error summary (`<FormErrors>` focuses itself, its effect runs first) or,
 * when the form has none or it stays silent, the first field in error.
 */
export function useFocusAfterServerErrors(formId: string, lastResult: SubmissionResult<string[]> | null | undefined) {
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const element = document.getElementById(formId);
    if (!element || element.contains(document.activeElement)) return;
    element.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [formId, lastResult]);
}
