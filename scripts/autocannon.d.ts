// Minimal types for the parts of autocannon that scripts/bench.ts uses.
declare module "autocannon" {
  interface Result {
    requests: { average: number };
    latency: { p50: number; p99: number };
    errors: number;
    non2xx: number;
  }
  function autocannon(options: {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
  }): Promise<Result>;
  export default autocannon;
}
