/**
 * Rich text of articles: an allow-list sanitizer (sanitize-html). Used once,
 * when an article is saved (stored rows were cleaned once: sanitize-stored.server.ts);
 * pages show the stored HTML as is.
 *
 * Kept: p, br, h2-h4, strong, em, u, s, blockquote, ul, ol, li, hr, figure,
 * figcaption; links (href http/https/mailto or a site path, title, target
 * "_blank" only, always with rel="noopener noreferrer" when a target is set);
 * images (src: /media/… paths of the site or https: URLs; alt, width, height).
 * Everything else is dropped: scripts, styles, frames, SVG, MathML, event
 * handlers, style and class attributes, javascript: and data: URLs.
 */
import sanitizeHtml from "sanitize-html";

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
const SAFE_IMAGE = /^(https:\/\/|\/media\/)/i;

function cleanUrl(value: string | undefined): string {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex
  return (value ?? "").replace(/[\u0000-\u0020\u007f-\u009f]+/g, "");
}

function safeImageSrc(src: string | undefined): string | null {
  const value = cleanUrl(src);
  if (!SAFE_IMAGE.test(value)) return null;
  if (value.startsWith("/") && (value.includes("..") || value.includes("\\"))) return null;
  return value;
}

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "em",
    "u",
    "s",
    "blockquote",
    "ul",
    "ol",
    "li",
    "a",
    "img",
    "hr",
    "figure",
    "figcaption",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "width", "height"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["https"] },
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  allowedStyles: {},
  // Dropped together with their content (not only the tags).
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "noscript",
    "iframe",
    "svg",
    "math",
    "object",
    "embed",
    "template",
    "title",
    "head",
    "select",
  ],
  disallowedTagsMode: "discard",
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    b: "strong",
    i: "em",
    strike: "s",
    del: "s",
    a: (tagName, attribs) => {
      const attrs: Record<string, string> = {};
      const href = cleanUrl(attribs.href);
      if (href && SAFE_LINK.test(href)) attrs.href = href;
      if (attribs.title) attrs.title = attribs.title;
      if (attribs.target !== undefined) {
        attrs.target = "_blank";
        attrs.rel = "noopener noreferrer";
      }
      return { tagName, attribs: attrs };
    },
    img: (tagName, attribs) => {
      const attrs: Record<string, string> = {};
      const src = safeImageSrc(attribs.src);
      if (src) attrs.src = src;
      attrs.alt = attribs.alt ?? "";
      for (const dim of ["width", "height"] as const) {
        if (attribs[dim] && /^\d{1,4}$/.test(attribs[dim])) attrs[dim] = attribs[dim];
      }
      return { tagName, attribs: attrs };
    },
  },
  // An image without a safe source is removed entirely.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html ?? "", options).trim();
}
