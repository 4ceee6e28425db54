/** The page's scripts wait behind its stylesheet (script-priority.server.ts, decision 0047). */
import { describe, expect, it } from "vitest";
import { lowScriptPriorityStream } from "./script-priority.server";

async function through(parts: Array<string | Buffer>): Promise<string> {
  const stream = lowScriptPriorityStream();
  const out: Buffer[] = [];
  stream.on("data", (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => stream.on("end", resolve));
  for (const part of parts) stream.write(typeof part === "string" ? Buffer.from(part, "utf8") : part);
  stream.end();
  await ended;
  return Buffer.concat(out).toString("utf8");
}

const head =
  '<!DOCTYPE html><html lang="fr"><head><link rel="modulepreload" href="/assets/framework.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/site.js" nonce="n"/><link rel="stylesheet" href="/assets/site.css"/></head>';

describe("the scripts' priority", () => {
  it("marks every modulepreload link of the head low priority and leaves the stylesheet alone", async () => {
    const html = await through([head, "<body><p>Bonjour</p></body></html>"]);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/framework.js" nonce="n"/>');
    expect(html).toContain('<link rel="stylesheet" href="/assets/site.css"/>');
    expect(html).toContain("<body><p>Bonjour</p></body></html>");
  });

  it("finds the end of the head across two writes", async () => {
    const cut = head.length - 3;
    const html = await through([head.slice(0, cut), head.slice(cut) + "<body></body></html>"]);
    expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    expect(html.endsWith("</head><body></body></html>")).toBe(true);
  });

  it("never splits a character cut between two writes, in the head or just after it", async () => {
    const page = Buffer.from(
      head.replace("<head>", "<head><title>Être fort</title>") + "<body>« Être utile »</body>",
      "utf8",
    );
    for (const word of ["<title>Ê", "<body>« Ê"]) {
      const at = page.indexOf(Buffer.from(word, "utf8")) + Buffer.byteLength(word, "utf8") - 1; // inside « Ê »
      const html = await through([page.subarray(0, at), page.subarray(at)]);
      expect(html).toContain("<title>Être fort</title>");
      expect(html).toContain("<body>« Être utile »</body>");
      expect(html.match(/fetchpriority="low"/g)).toHaveLength(2);
    }
  });

  it("leaves text in the body that looks like a preload link as it is", async () => {
    const html = await through([
      head + '<body><code>&lt;link rel="modulepreload"&gt;</code><link rel="modulepreload" href="/x.js"/></body>',
    ]);
    expect(html).toContain('<link rel="modulepreload" href="/x.js"/>');
  });

  it("passes a document without a head end unchanged", async () => {
    const text = '<link rel="modulepreload" href="/x.js"/>fragment';
    expect(await through([text])).toBe(text);
  });
});
