/** parseSubmission: a value over its field's maximum is not echoed back in full. */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { withMax } from "./fields";
import { ECHO_MAX, parseSubmission, reply } from "./forms";

describe("parseSubmission", () => {
  it("echoes back at most the field's own maximum, else ECHO_MAX characters", () => {
    const form = new FormData();
    form.set("message", "x".repeat(200_000));
    form.set("other", "y".repeat(200_000));
    const schema = z.object({
      message: withMax(5000, z.string().max(5000, "5 000 caractères au maximum")),
      other: z.string().max(10),
    });
    const result = reply(parseSubmission(form, schema));
    expect(result.status).toBe("error");
    expect(result.initialValue?.message).toHaveLength(5000);
    expect(result.initialValue?.other).toHaveLength(ECHO_MAX);
  });
});
