/**
 * What a person reads in the blocks a page writes on the server (decisions 0051, 0062): the rows
 * of the managers' users and articles lists, and the grades page, taken from their markup.
 *
 * Rules: regular expressions over the markup the site writes (its own attributes and the
 * French text it shows), entities decoded, tags removed from the text; no DOM library. A
 * change of that markup shows here first, which is the point: the tests read the page as shown.
 */

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#x27": "'",
  "#39": "'",
  nbsp: "\u00a0",
};

/** The text of a piece of markup: tags removed, entities decoded, spaces folded. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/[ \t\n]+/g, " ")
    .trim();
}

function rowsOf(html: string): string[] {
  const body = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  return body.split(/<tr[\s>]/).slice(1);
}

/** The users list's rows: the account's id (its edit link), the name shown, the e-mail, active or not. */
export function usersListRows(html: string | null | undefined) {
  return rowsOf(html ?? "").map((row) => ({
    id: decodeURIComponent(/href="\/espace-membre\/utilisateurs\/modifier\/([^"]+)"/.exec(row)?.[1] ?? ""),
    name: textOf(/<a [^>]*>([\s\S]*?)<\/a>/.exec(row)?.[1] ?? ""),
    email: textOf(/data-label="E-mail"[^>]*>([\s\S]*?)<\/td>/.exec(row)?.[1] ?? ""),
    active: !row.includes(">Désactivé<"),
  }));
}

/** The articles list's rows: the article's id (its edit link), its title, shown online or not. */
export function articlesListRows(html: string | null | undefined) {
  return rowsOf(html ?? "").map((row) => ({
    id: Number(/href="\/espace-membre\/articles\/modifier\/(\d+)"/.exec(row)?.[1]),
    title: textOf(/<td[^>]*>([\s\S]*?)<\/td>/.exec(row)?.[1] ?? ""),
    visible: /<a [^>]*target="_blank"[^>]*>Voir</.test(row),
  }));
}

function section(html: string, id: string): string {
  const start = html.indexOf(`id="${id}"`);
  if (start < 0) return "";
  const end = html.indexOf("</section>", start);
  return html.slice(start, end < 0 ? undefined : end);
}

/** The first Vietnamese grade name of a piece of markup (`<span lang="vi">`), or null. */
function gradeName(html: string): string | null {
  const name = /<span lang="vi">([\s\S]*?)<\/span>/.exec(html)?.[1];
  return name === undefined ? null : textOf(name);
}

/** The grades page's content: current and next grades, the grade table with its marks, the history, the family's next grades. */
export function gradesContent(html: string | null | undefined) {
  const page = html ?? "";
  const table = section(page, "tableau")
    .split(/<li[\s>]/)
    .slice(1)
    .map((item) => ({
      vietnamese: gradeName(item),
      french: textOf(/<span class="font-normal text-slate-700">([\s\S]*?)<\/span>/.exec(item)?.[1] ?? "").replace(
        /^· /,
        "",
      ),
      mark: item.includes(">Grade actuel<") ? "actuel" : item.includes(">Prochain grade<") ? "prochain" : null,
    }));
  return {
    current: gradeName(section(page, "grade-actuel")),
    next: gradeName(section(page, "prochain-grade")),
    table,
    historyCount: (section(page, "historique").match(/whitespace-nowrap/g) ?? []).length,
    familyNext: [
      ...section(page, "eligibilite").matchAll(
        /Prochain grade[\s\u00a0]*:[\s\u00a0]*<span lang="vi">([\s\S]*?)<\/span>/g,
      ),
    ].map((m) => textOf(m[1] ?? "")),
  };
}
