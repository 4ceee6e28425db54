/**
 * French typography of a host element's props (the JSX runtime of this
 * folder calls it for every `<p>`, `<a>`, `<title>`… the app renders).
 *
 * Rules:
 * - Text children of every element (strings, arrays of them, adjacent
 *   strings across JSX expressions: `{name} !`), components' included, since
 *   a library component (`<Link>`) renders its host element with its own
 *   runtime. Host elements only: `dangerouslySetInnerHTML` (stored rich
 *   text) and the text attributes `title`, `alt`, `aria-label`, `placeholder`;
 *   a component's other props are left alone.
 * - Never: `<code>`, `<pre>`, `<script>`, `<style>`, `<textarea>`… (their
 *   text is code or a form value), nor any other attribute (href, value…).
 * - Returns the same object when nothing changes (no copy on the hot path).
 */
import { frenchHtml, frenchText, nbspAtEnd, startsWithFrenchSign } from "./french";

const UNTOUCHED = new Set(["code", "pre", "kbd", "samp", "script", "style", "textarea", "template"]);
const TEXT_ATTRIBUTES = ["title", "alt", "aria-label", "placeholder"] as const;

function frenchChildren(children: unknown): unknown {
  if (typeof children === "string") return frenchText(children);
  if (!Array.isArray(children)) return children;
  let out: unknown[] | null = null;
  for (let i = 0; i < children.length; i++) {
    const child: unknown = (out ?? children)[i];
    if (typeof child !== "string") continue;
    const fixed = frenchText(child);
    if (i > 0 && startsWithFrenchSign(fixed)) {
      const before: unknown = (out ?? children)[i - 1];
      if (typeof before === "string" && nbspAtEnd(before) !== before) {
        out ??= [...(children as unknown[])];
        out[i - 1] = nbspAtEnd(before);
      }
    }
    if (fixed !== child) {
      out ??= [...(children as unknown[])];
      out[i] = fixed;
    }
  }
  return out ?? children;
}

export function frenchProps(type: unknown, props: unknown): unknown {
  if (props === null || typeof props !== "object") return props;
  if (typeof type === "string" && UNTOUCHED.has(type)) return props;
  const p = props as Record<string, unknown>;
  let out: Record<string, unknown> | null = null;
  if ("children" in p) {
    const children = frenchChildren(p.children);
    if (children !== p.children) (out ??= { ...p }).children = children;
  }
  if (typeof type !== "string") return out ?? props;
  const inner = p.dangerouslySetInnerHTML as { __html?: unknown } | undefined;
  if (inner && typeof inner.__html === "string") {
    const html = frenchHtml(inner.__html);
    if (html !== inner.__html) (out ??= { ...p }).dangerouslySetInnerHTML = { __html: html };
  }
  for (const name of TEXT_ATTRIBUTES) {
    const value = p[name];
    if (typeof value === "string") {
      const fixed = frenchText(value);
      if (fixed !== value) (out ??= { ...p })[name] = fixed;
    }
  }
  return out ?? props;
}
