/**
 * readForm and the id parser: malformed bodies and ids are French 4xx
 * answers, never 500s, and a body is refused while it streams in.
 */
import { isRouteErrorResponse } from "react-router";
import { describe, expect, it } from "vitest";
import { FORM_BODY_LIMIT, readForm } from "./request.server";
import { positiveId, requireId } from "./ids.server";

const URL_ = "http://localhost:3000/contact";

/** The status and message of what readForm threw (a `data()` value). */
async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { init?: { status?: number }; data?: unknown };
    return { status: e.init?.status ?? 0, message: String(e.data) };
  }
  throw new Error("expected a refusal");
}

function chunked(total: number, chunk = 64 * 1024): { stream: ReadableStream<Uint8Array>; pulled: () => number } {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      const n = Math.min(chunk, total - sent);
      sent += n;
      controller.enqueue(new TextEncoder().encode("a".repeat(n)));
    },
  });
  return { stream, pulled: () => sent };
}

describe("readForm", () => {
  it("reads an ordinary url-encoded form", async () => {
    const form = await readForm(
      new Request(URL_, { method: "POST", body: new URLSearchParams({ email: "a@exemple.fr" }) }),
    );
    expect(form.get("email")).toBe("a@exemple.fr");
  });

  it("refuses a chunked body past the limit while it streams, without reading the rest", async () => {
    const { stream, pulled } = chunked(50 * 1024 * 1024);
    const request = new Request(URL_, {
      method: "POST",
      body: stream,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      duplex: "half",
    } as RequestInit);
    const r = await refusal(readForm(request));
    expect(r.status).toBe(413);
    expect(r.message).toBe("Envoi trop volumineux\u00a0: la limite est de 256\u00a0Ko.");
    expect(pulled()).toBeLessThan(FORM_BODY_LIMIT + 4 * 64 * 1024);
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const request = new Request(URL_, {
      method: "POST",
      body: "a=1",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(FORM_BODY_LIMIT + 1) },
    });
    expect((await refusal(readForm(request))).status).toBe(413);
  });

  it.each([
    ["no Content-Type", undefined, "a=1", 415],
    ["JSON", "application/json", '{"a":1}', 415],
    ["text/plain", "text/plain", "a=1", 415],
    ["multipart without boundary", "multipart/form-data", "--x\r\n", 400],
    ["broken multipart", "multipart/form-data; boundary=zzz", "--zzz\r\nnot a part", 400],
  ])("answers %s with a French 4xx", async (_name, type, body, status) => {
    const headers = new Headers();
    const request = new Request(URL_, { method: "POST", body, headers });
    if (type) request.headers.set("Content-Type", type);
    else request.headers.delete("Content-Type");
    const r = await refusal(readForm(request));
    expect(r.status).toBe(status);
    expect(r.message).toMatch(/formulaire/i);
  });

  it("refuses a NUL byte in a field", async () => {
    const request = new Request(URL_, { method: "POST", body: new URLSearchParams({ email: "a\u0000@exemple.fr" }) });
    const r = await refusal(readForm(request));
    expect(r.status).toBe(400);
    expect(r.message).toBe("Caractère interdit dans le formulaire.");
  });
});

describe("ids", () => {
  it.each(["99999999999999999999", "1e309", "1.5", "2147483648", "0", "-1", "0x10", " 7", "7\u0000", "", "07"])(
    "%j is not an id",
    (value) => {
      expect(positiveId(value)).toBeNull();
    },
  );

  it("accepts 32-bit positive ids", () => {
    expect(positiveId("1")).toBe(1);
    expect(positiveId("2147483647")).toBe(2147483647);
  });

  it("requireId throws a French 400", () => {
    try {
      requireId("1e309", "Profil");
      throw new Error("no throw");
    } catch (err) {
      expect(isRouteErrorResponse(err)).toBe(false);
      expect((err as { init: { status: number } }).init.status).toBe(400);
      expect((err as { data: string }).data).toBe("Profil invalide.");
    }
  });
});
