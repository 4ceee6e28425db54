/** Shared fields as a form sends them (Conform's parsing, the French error map). */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import "./zod-fr";
import { optionalWholeNumber, requiredText } from "./fields";
import { firstErrors, parseSubmission, reply } from "./forms";

function submit(schema: z.ZodType, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const submission = parseSubmission(form, schema);
  return { submission, errors: firstErrors(reply(submission)) };
}

describe("requiredText", () => {
  it("gives its own message for a value made of spaces, as for an empty one", () => {
    const schema = z.object({ title: requiredText("Indiquez le titre.", 50) });
    expect(submit(schema, { title: "" }).errors).toEqual({ title: "Indiquez le titre." });
    expect(submit(schema, { title: "   " }).errors).toEqual({ title: "Indiquez le titre." });
  });
});

describe("optionalWholeNumber", () => {
  const schema = z.object({ months: optionalWholeNumber("Indiquez un nombre de mois entre 0 et 240.", 240) });

  it("is null when empty (a rule not set), a number when typed", () => {
    const empty = submit(schema, { months: "" }).submission;
    expect(empty.status === "success" && empty.value).toEqual({ months: null });
    const typed = submit(schema, { months: " 12 " }).submission;
    expect(typed.status === "success" && typed.value).toEqual({ months: 12 });
  });

  it("refuses decimals, signs, words and values out of range in French", () => {
    for (const months of ["1.5", "-1", "+3", "douze", "241", "1e2"]) {
      expect(submit(schema, { months }).errors, months).toEqual({
        months: "Indiquez un nombre de mois entre 0 et 240.",
      });
    }
  });
});
