// Minimal types for the parts of autocannon that scripts/bench.ts uses.
declare module "autocannon" {
  interface Result {
    requests: { average: number; total: number };
    latency: { p50: number; p97_5: number; p99: number };
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats?: Record<string, { count: number }>;
  }
  interface Instance extends PromiseLike<Result> {
    on(
      event: "response",
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): Instance;
  }
  function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
  }): Instance;
  export default autocannon;
}
