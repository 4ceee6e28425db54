// The bare React Router app of the benchmark (scripts/bench.ts): same versions as the site,
// one page of 40 paragraphs from a loader. Built to tmp/bare (ignored by git).
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  appDirectory: "app",
  buildDirectory: "../../tmp/bare",
} satisfies Config;
