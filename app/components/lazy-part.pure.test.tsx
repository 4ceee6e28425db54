/**
 * A part loaded where shown (lazy-part.ts, decision 0058), as the server writes it: once its
 * import is done (`lazyPartsLoaded`, awaited by entry.server.tsx before every page), it is written
 * in place on the very first page, where a plain `React.lazy` would leave a placeholder and put
 * the part at the end of the page for a script to move.
 */
import { lazy, Suspense, type ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { lazyPart, lazyPartsLoaded } from "./lazy-part";

/** The page as the server streams it, shell first (as entry.server.tsx does for browsers). */
function written(node: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = "";
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        out += chunk.toString();
        done();
      },
      final(done) {
        resolve(out);
        done();
      },
    });
    const { pipe } = renderToPipeableStream(node, {
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady: () => pipe(sink),
      onShellError: reject,
    });
  });
}

function Name({ name }: { name: string }) {
  return <b>{name}</b>;
}

describe("a part loaded where shown, on the server", () => {
  it("is written in place on the first page once its import is done", async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const Part = lazyPart(async () => {
      await gate;
      return Name;
    });
    const loaded = lazyPartsLoaded();
    release();
    await loaded;
    const html = await written(
      <div>
        <Suspense fallback={<i>attente</i>}>
          <Part name="Maëlle" />
        </Suspense>
      </div>,
    );
    expect(html).toBe("<div><!--$--><b>Maëlle</b><!--/$--></div>");
  });

  it("where React.lazy alone, its module as ready, leaves a placeholder on the first page", async () => {
    const Plain = lazy(() => Promise.resolve({ default: Name }));
    const html = await written(
      <div>
        <Suspense fallback={<i>attente</i>}>
          <Plain name="Maëlle" />
        </Suspense>
      </div>,
    );
    expect(html).toMatch(/^<div><!--\$\?--><template id="B:0"><\/template><i>attente<\/i><!--\/\$--><\/div>/);
    expect(html).toContain('<div hidden id="S:0"><b>Maëlle</b></div>');
  });
});
