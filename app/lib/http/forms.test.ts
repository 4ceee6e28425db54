/** parseForm: a value over its maximum is not echoed back in full. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm } from "./forms";

describe("parseForm", () => {
  it("echoes back at most the field's own maximum", () => {
    const form = new FormData();
    form.set("message", "x".repeat(200_000));
    const result = parseForm(form, z.object({ message: z.string().max(5000, "5 000 caractères au maximum") }));
    expect(result.ok).toBe(false);
    expect(result.values.message).toHaveLength(5000);
  });
});
