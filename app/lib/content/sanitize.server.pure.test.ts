import { describe, expect, it } from "vitest";
import { sanitizeRichText } from "./sanitize.server";

/** Known XSS payloads: none of them may leave anything executable. */
const payloads: Array<[string, string]> = [
  ["script tag", `<p>Bonjour</p><script>alert(1)</script>`],
  ["script with src", `<script src="https://evil.example/x.js"></script>`],
  ["img onerror", `<img src=x onerror=alert(1)>`],
  ["img onerror with a valid source", `<img src="/media/a/960.webp" onerror="alert(1)" alt="a">`],
  ["javascript: link", `<a href="javascript:alert(1)">clic</a>`],
  ["javascript: mixed case", `<a href="JaVaScRiPt:alert(1)">clic</a>`],
  ["javascript: entities", `<a href="&#106;&#97;vascript&#58;alert(1)">clic</a>`],
  ["javascript: hex entities", `<a href="&#x6A;avascript&colon;alert(1)">clic</a>`],
  ["javascript: whitespace", `<a href=" \tjava\nscript:alert(1)">clic</a>`],
  ["javascript: leading control char", `<a href="\u0001javascript:alert(1)">clic</a>`],
  ["svg script", `<svg><script>alert(1)</script></svg>`],
  ["svg onload", `<svg onload=alert(1)><circle r="4"/></svg>`],
  ["svg animate", `<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>`],
  ["iframe", `<iframe src="https://evil.example"></iframe>`],
  ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
  ["data: link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">clic</a>`],
  ["data: image", `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`],
  ["style attribute", `<p style="background:url(javascript:alert(1))">texte</p>`],
  ["style element", `<style>body{background:url(javascript:alert(1))}</style>`],
  ["math", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>`],
  ["math href", `<math href="javascript:alert(1)">x</math>`],
  ["object", `<object data="javascript:alert(1)"></object>`],
  ["embed", `<embed src="javascript:alert(1)">`],
  ["form action", `<form action="javascript:alert(1)"><button>ok</button></form>`],
  ["event handler on allowed tag", `<p onclick="alert(1)" onmouseover="alert(2)">texte</p>`],
  ["vbscript", `<a href="vbscript:msgbox(1)">clic</a>`],
  ["protocol-relative", `<a href="//evil.example">clic</a>`],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
  ["base", `<base href="javascript:/">`],
  ["image outside /media", `<img src="/api/auth/sign-out">`],
  ["image path traversal", `<img src="/media/../api/x">`],
];

function assertHarmless(out: string) {
  expect(out).not.toMatch(/<script|<iframe|<svg|<math|<object|<embed|<style|<form|<meta|<base/i);
  expect(out).not.toMatch(/\son\w+\s*=/i);
  expect(out).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(out).not.toMatch(/style=/i);
  expect(out).not.toContain("alert(");
}

describe("sanitizeRichText", () => {
  it.each(payloads)("neutralises %s", (_name, payload) => {
    assertHarmless(sanitizeRichText(payload));
  });

  it("keeps the text around removed elements", () => {
    expect(sanitizeRichText(`<p onclick="x()">Bonjour</p><script>alert(1)</script>`)).toBe("<p>Bonjour</p>");
    expect(sanitizeRichText(`<a href="javascript:alert(1)">clic</a>`)).toBe("<a>clic</a>");
  });

  it("keeps the allowed formatting", () => {
    const html =
      `<h2>Titre</h2><h3>Sous-titre</h3><h4>Petit titre</h4>` +
      `<p>Texte <strong>gras</strong>, <em>italique</em>, <u>souligné</u>, <s>barré</s><br />suite</p>` +
      `<blockquote><p>Citation</p></blockquote><ul><li>un</li></ul><ol><li>deux</li></ol><hr />` +
      `<figure><img src="/media/img-1/960.webp" alt="Le salut" width="960" height="540" /><figcaption>Le salut</figcaption></figure>` +
      `<p><a href="https://www.ffkarate.fr/" title="Fédération">FFKDA</a> <a href="mailto:contact@exemple.fr">écrire</a> <a href="/contact">contact</a></p>` +
      `<p><img src="https://exemple.fr/photo.jpg" alt="Photo" /></p>`;
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("adds rel to links opening a new window and keeps target only then", () => {
    expect(sanitizeRichText(`<a href="https://exemple.fr" target="_top" rel="opener">x</a>`)).toBe(
      `<a href="https://exemple.fr" target="_blank" rel="noopener noreferrer">x</a>`,
    );
    expect(sanitizeRichText(`<a href="https://exemple.fr" rel="opener">x</a>`)).toBe(
      `<a href="https://exemple.fr">x</a>`,
    );
  });

  it("turns h1, b and i into their allowed equivalents and drops classes and ids", () => {
    expect(sanitizeRichText(`<h1 class="x" id="y">T</h1><b>g</b><i>i</i>`)).toBe(
      "<h2>T</h2><strong>g</strong><em>i</em>",
    );
  });

  it("drops images with unsafe dimensions or sources", () => {
    expect(sanitizeRichText(`<img src="http://exemple.fr/a.png" alt="a">`)).toBe("");
    expect(sanitizeRichText(`<img src="/media/a/1.webp" alt="a" width="100%" height="50">`)).toBe(
      `<img src="/media/a/1.webp" alt="a" height="50" />`,
    );
  });
});
