/**
 * The one logger of the server, the app and the scripts (docs/decisions/0011-tooling.md).
 *
 * Rules:
 * - one event = one line of JSON: `{ time, level, msg, ...fields }`;
 * - stream rule: `debug` and `info` go to stdout, `warn` and `error` to stderr;
 * - the threshold is `LOG_LEVEL` from the validated environment (`warn` under tests);
 * - an `Error` in any field is written as `{ name, message, stack, cause }`, its
 *   `cause` chain kept (depth-limited), so a wrapped error never loses its origin.
 */
import { env } from "./env.server";
import { serializeError as serializeWithMasking } from "./log-errors";

export type LogLevel = "debug" | "info" | "warn" | "error";
const ORDER: Record<LogLevel | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

function threshold(): number {
  try {
    return ORDER[env().LOG_LEVEL];
  } catch {
    // The environment is invalid: the start stops with its own message; still log meanwhile.
    return ORDER.info;
  }
}

/** An error as plain JSON data, with its `cause` chain, a failed query's parameters masked (log-errors.ts). */
export function serializeError(err: unknown): unknown {
  if (!(err instanceof Error)) return typeof err === "object" && err !== null ? err : String(err);
  return serializeWithMasking(err);
}

function write(level: LogLevel, msg: string, fields?: Record<string, unknown>) {
  if (ORDER[level] < threshold()) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg };
  for (const [key, value] of Object.entries(fields ?? {})) {
    entry[key] = value instanceof Error ? serializeError(value) : value;
  }
  const line = JSON.stringify(entry) + "\n";
  if (level === "warn" || level === "error") process.stderr.write(line);
  else process.stdout.write(line);
}

export const log = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
