/**
 * French wording in the source, a static scan of every text literal of app/ and
 * server/ (strings, templates, JSX text; comments and code are not texts):
 * - no « (s) », « (e) », « (es) »… count or gender brackets: counts go through `countOf` /
 *   `plural` (app/lib/core/count.ts), gendered words through `gendered`
 *   (app/lib/typography/gender.ts);
 * - no « de » / « que » written before an inserted value (`de ${name}`, `de {name}`) unless the
 *   value cannot start with a vowel (an amount, a date, a number…): a name or a label goes
 *   through `de()` / `que()` / `elide()` (app/lib/typography/elision.ts); nor « le » / « la »
 *   before an inserted name.
 * An exception is listed in ALLOWED below with the reason it is right.
 * The pages and e-mails themselves are checked by french-wording.test.ts.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

interface Finding {
  file: string;
  text: string;
}

/** Exceptions: the file, the text found in it (as reported), and why it is right. */
const ALLOWED: ReadonlyArray<Finding & { reason: string }> = [
  {
    file: "app/components/home/content.server.tsx",
    text: "Vi(e)nam",
    reason: "the etymology of « Vovinam » (« Vi(e)nam »), not a plural",
  },
  {
    file: "app/components/art/presentation.server.tsx",
    text: "Vi(e)nam",
    reason: "the etymology of « Vovinam » (« Vi(e)nam »), not a plural",
  },
  {
    file: "app/lib/core/time.ts",
    text: "de {text}",
    reason: "ofMonth, the elision of « de » before a month name (« d’octobre »), does it itself",
  },
  {
    file: "app/components/info/donate.server.tsx",
    text: "Pour un don de {example.gift}",
    reason: "an amount in euros (« 100 € »)",
  },
  {
    file: "app/lib/mail/templates/payment-incomplete.ts",
    text: "HelloAsso nous signale que {d.failed",
    reason: "each sentence joined starts with « l'échéance » or « votre paiement »",
  },
  {
    file: "app/lib/mail/templates/payment-receipt.ts",
    text: "de {amount}",
    reason: "an amount as printed by formatEuros (« 127,00 € »): it starts with a digit",
  },
  {
    file: "app/lib/mail/templates/payment-receipt.ts",
    text: "de {p.amount}",
    reason: "an amount as printed by formatEuros (« 127,00 € »): it starts with a digit",
  },
  {
    file: "app/lib/mail/templates/aid-refused.ts",
    text: "La réduction de {d.aid}",
    reason: "an amount as printed by formatEuros (« 50,00 € »): it starts with a digit",
  },
];

/** A count or gender bracket glued to a word: « membre(s) », « inscrit(e) », « né(e) ». */
const BRACKET = /\p{L}+\((?:s|e|es|x|nt|le|ne)\)\p{L}*/giu;
/** A text that ends with « de » / « que » (any case) and a space, before an inserted value. */
const ELIDING_END = /(?:^|[^\p{L}'’])(de|que)\s+$/iu;
/** A text that ends with « le » / « la », before an inserted value. */
const ARTICLE_END = /(?:^|[^\p{L}'’])(le|la)\s+$/iu;
/** Values that never start with a vowel sound, or that already elide. */
const SAFE_VALUE =
  /^(?:\d|format\w*\(|thousands\(|countOf\(|de\(|que\(|elide\(|String\(|Number\(|Math\.|[\w.?]+\.length\b|[\w.]+\.toFixed\()/;
/** A value named as a number: an amount in cents, a count, a duration, an hour, a limit. */
const NUMBER_VALUE =
  /^[\w.]*?(?:Cents|Years|Months|Days|Count|Length|Lines|hour|_MONTHS|_LENGTH|_LINES|_DAYS|_YEARS|_BYTES)$/;
/** A value that holds a person's name. */
const NAME_VALUE = /(?:prenom|[nN]ame\b|\bnom\b|\bwho\b|holder|payer|fullName|child)/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts"))
      out.push(full);
  }
  return out;
}

/** The value's source text, without the braces of a JSX expression. */
function valueText(node: ts.Node, file: ts.SourceFile): string {
  return node.getText(file).trim();
}

function checkBefore(before: string, value: string, file: string, found: Finding[]) {
  const text = `${before.replace(/\s+/g, " ").trimStart().slice(-30)}{${value}}`;
  if (ELIDING_END.test(before) && !SAFE_VALUE.test(value) && !NUMBER_VALUE.test(value)) found.push({ file, text });
  else if (ARTICLE_END.test(before) && NAME_VALUE.test(value) && !SAFE_VALUE.test(value)) found.push({ file, text });
}

/** The findings of one file. */
function scan(file: string, code: string): Finding[] {
  const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      if (!ts.isImportDeclaration(node.parent))
        for (const match of node.text.matchAll(BRACKET)) found.push({ file, text: match[0] });
    }
    if (ts.isTemplateExpression(node)) {
      let before = node.head.text;
      for (const span of node.templateSpans) {
        checkBefore(before, valueText(span.expression, source), file, found);
        before = span.literal.text;
      }
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = node.left;
      if (ts.isStringLiteral(left) || ts.isNoSubstitutionTemplateLiteral(left))
        checkBefore(left.text, valueText(node.right, source), file, found);
    }
    if (ts.isJsxElement(node) || ts.isJsxFragment(node)) {
      // JSX text then {value}, skipping {" "} between them ("de{" "}\n{name}").
      let before = "";
      for (const child of node.children) {
        if (ts.isJsxText(child)) {
          // A line break and its indentation vanish in JSX (a text of only those is nothing);
          // a plain space stays.
          if (/^\s*\n\s*$/.test(child.text)) continue;
          before = /\n\s*$/.test(child.text) ? child.text.replace(/\s*\n\s*$/, "") : child.text;
        } else if (ts.isJsxExpression(child) && child.expression) {
          const expression = child.expression;
          if (ts.isStringLiteral(expression) && /^\s+$/.test(expression.text)) {
            before += " ";
            continue;
          }
          checkBefore(before, valueText(expression, source), file, found);
          before = "";
        } else before = "";
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function isAllowed(f: Finding): boolean {
  return ALLOWED.some((a) => a.file === f.file && f.text.includes(a.text));
}

describe("French wording in the source", () => {
  it("the scan finds brackets and a « de » before a name, and accepts amounts, dates and de()", () => {
    const code = [
      "const a = `${n} membre(s) inscrit(s)`;",
      "const b = `Cotisation de ${profile.prenom}`;",
      "const c = <p>Le profil de {p.name}</p>;",
      'const d = <p>Progression de{" "}\n  {name}</p>;',
      'const e = "Né(e) le " + day;',
      "const f = `le ${p.prenom}`;",
      "const ok1 = `un paiement de ${formatEuros(c)}, le ${formatDate(d)}, ${de(p.prenom)}, de ${list.length}`;",
      "const ok4 = `au lieu de ${attempt.amountCents}, plus de ${MAX_IMPORT_LINES} lignes, à partir de ${hour} h`;",
      "const ok2 = <p>Reçu le {formatDate(d)}, profil {de(p.prenom)}</p>;",
      "const ok3 = open(s); // membre(s) in a comment",
    ].join("\n");
    expect(scan("x.tsx", code).map((f) => f.text)).toEqual([
      "membre(s)",
      "inscrit(s)",
      "Cotisation de {profile.prenom}",
      "Le profil de {p.name}",
      "Progression de {name}",
      "Né(e)",
      "le {p.prenom}",
    ]);
  });

  it("no text of app/ or server/ writes « (s) » or « de » before a value that may start with a vowel", () => {
    const files = [...sourceFiles("app"), ...sourceFiles("server")];
    expect(files.length).toBeGreaterThan(100);
    const findings = files.flatMap((file) => scan(file, readFileSync(file, "utf8")));
    expect(findings.filter((f) => !isAllowed(f)).map((f) => `${f.file}: ${f.text}`)).toEqual([]);
  });
});
