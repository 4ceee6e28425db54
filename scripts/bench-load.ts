/**
 * The overload benchmark's client: `connections` loops, each sending
 * one GET at a time for `seconds`, through Node's HTTP client with keep-alive.
 *
 * Rules:
 * - A request's latency runs from its own start to the end of its own answer.
 *   autocannon is not used here: when the server answers 503 with
 *   `Connection: close`, autocannon has already written its next request on
 *   the closing connection and keeps that request's start time for the first
 *   answer of the new connection; the latencies then add up across refusals
 *   (it reported a member page's p99 at 30 s while the server's own log said
 *   every accepted request ended within 0.95 s).
 * - A connection the server closes is replaced by the agent; a request without
 *   an answer after `timeoutSeconds` counts as a time-out.
 * - `stop` ends the loops early (no new request once it is aborted).
 */
import http from "node:http";

export interface LoadResult {
  /** Latencies (ms) of the answers other than 503, sorted. */
  accepted: number[];
  shed: number;
  other5xx: number;
  timeouts: number;
  errors: number;
}

export async function closedLoopLoad(options: {
  url: string;
  connections: number;
  seconds: number;
  timeoutSeconds: number;
  headers?: Record<string, string>;
  stop?: AbortSignal;
}): Promise<LoadResult> {
  const url = new URL(options.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const result: LoadResult = { accepted: [], shed: 0, other5xx: 0, timeouts: 0, errors: 0 };
  const end = performance.now() + options.seconds * 1000;
  const one = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      let timedOut = false;
      const req = http.get(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname + url.search,
          agent,
          headers: options.headers,
          timeout: options.timeoutSeconds * 1000,
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            const status = res.statusCode ?? 0;
            if (status === 503) result.shed++;
            else if (status >= 500) result.other5xx++;
            else result.accepted.push(performance.now() - start);
            resolve();
          });
          res.on("error", () => resolve());
        },
      );
      req.on("timeout", () => {
        timedOut = true;
        result.timeouts++;
        req.destroy();
      });
      req.on("error", () => {
        if (!timedOut) result.errors++;
        resolve();
      });
    });
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (performance.now() < end && !options.stop?.aborted) await one();
    }),
  );
  agent.destroy();
  result.accepted.sort((a, b) => a - b);
  return result;
}
