/**
 * The page's scripts wait behind its stylesheet (decision 0047). React Router
 * names every script of a page in `<link rel="modulepreload">`, and React puts
 * those links before the stylesheet, at the browser's "High" priority: on a
 * slow phone connection the 108 KB framework file then shares the line with the
 * 11 KB stylesheet the first paint waits for. Each of those links gets
 * `fetchpriority="low"`: the browser still fetches every script at once (no
 * extra round trip before the page works) but serves the stylesheet, the logo
 * and the page's images first.
 *
 * Rules: only `<link rel="modulepreload"` inside `<head>` is touched; the
 * stream is held until `</head>` (a few kilobytes, all in React's first
 * write), then passed through unchanged. A head longer than HEAD_LIMIT is
 * passed on as it is.
 */
import { Transform, type TransformCallback } from "node:stream";

const HEAD_END = "</head>";
const HEAD_LIMIT = 64 * 1024;
const PRELOAD = /<link rel="modulepreload"/g;
const LOW = '<link rel="modulepreload" fetchpriority="low"';

/** `html` with each modulepreload link marked low priority. */
export function lowerScriptPriority(html: string): string {
  return html.replace(PRELOAD, LOW);
}

/** A pass-through stream for a page's HTML that marks its head's modulepreload links low priority. */
export function lowScriptPriorityStream(): Transform {
  let held = Buffer.alloc(0);
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
      if (done) return callback(null, chunk);
      // The end of the head may fall across two writes: looked for in everything held.
      held = Buffer.concat([held, chunk]);
      const end = held.indexOf(HEAD_END);
      if (end >= 0) {
        done = true;
        const headEnd = end + HEAD_END.length;
        // The head ends with an ASCII ">": cut there, no character is split; the rest goes on as bytes.
        this.push(Buffer.from(lowerScriptPriority(held.subarray(0, headEnd).toString("utf8")), "utf8"));
        this.push(held.subarray(headEnd));
      } else if (held.length > HEAD_LIMIT) {
        done = true;
        this.push(held);
      }
      callback();
    },
    flush(callback: TransformCallback) {
      if (!done && held.length > 0) this.push(held);
      callback();
    },
  });
}
