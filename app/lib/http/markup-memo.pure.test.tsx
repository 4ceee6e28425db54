/**
 * A pure piece's markup kept by its input (markupMemo, server-html.server.ts):
 * the same row shown again is not written again, a row whose data changed is written anew (so
 * nothing kept is ever stale), the French typography is applied as when written directly, and
 * the store never grows past its bound.
 */
import { describe, expect, it } from "vitest";
import { markupMemo, renderServerHtml } from "./server-html.server";

interface Row {
  name: string;
  paid: boolean;
}

function counted() {
  let renders = 0;
  const memo = markupMemo(3, (row: Row) => {
    renders++;
    return (
      <tr>
        <td>{row.name}</td>
        <td>{row.paid ? "Payée !" : "Non payée"}</td>
      </tr>
    );
  });
  return { memo, renders: () => renders };
}

describe("markupMemo", () => {
  it("writes the same row once and gives back the same markup", () => {
    const { memo, renders } = counted();
    const first = memo({ name: "Anh", paid: true });
    expect(memo({ name: "Anh", paid: true })).toBe(first);
    expect(renders()).toBe(1);
    // As written directly, typography included (a non-breaking space before « ! »).
    expect(first).toBe(
      renderServerHtml(
        <tr>
          <td>Anh</td>
          <td>Payée !</td>
        </tr>,
      ),
    );
    expect(first).toContain("Payée\u00a0!");
  });

  it("writes a row again as soon as what it shows changed", () => {
    const { memo, renders } = counted();
    expect(memo({ name: "Binh", paid: false })).toContain("Non payée");
    expect(memo({ name: "Binh", paid: true })).toContain("Payée\u00a0!");
    expect(renders()).toBe(2);
  });

  it("keeps at most its bound, the oldest going first", () => {
    const { memo, renders } = counted();
    for (const name of ["A", "B", "C", "D"]) memo({ name, paid: false });
    expect(renders()).toBe(4);
    memo({ name: "D", paid: false }); // kept
    expect(renders()).toBe(4);
    memo({ name: "A", paid: false }); // dropped when D came: written again
    expect(renders()).toBe(5);
  });
});
