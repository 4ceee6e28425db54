/**
 * In-memory sliding-window rate limiter (one server process). Keys are free
 * strings such as `contact:ip:1.2.3.4` or `signin:email:a@b.fr`.
 */
const hits = new Map<string, number[]>();

export interface RateLimitResult {
  ok: boolean;
  /** Seconds until the next attempt is allowed (0 when ok). */
  retryAfterSeconds: number;
}

export function checkRateLimit(key: string, limit: number, windowMs: number, now = Date.now()): RateLimitResult {
  const recent = (hits.get(key) ?? []).filter((t) => t > now - windowMs);
  const oldest = recent[0];
  if (recent.length >= limit && oldest !== undefined) {
    hits.set(key, recent);
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)) };
  }
  recent.push(now);
  hits.set(key, recent);
  if (hits.size > 10_000) prune(now, windowMs);
  return { ok: true, retryAfterSeconds: 0 };
}

function prune(now: number, windowMs: number) {
  for (const [key, times] of hits) {
    if (!times.some((t) => t > now - windowMs)) hits.delete(key);
  }
}

/** French wording of a wait: « dans 42 secondes », « dans 3 minutes ». */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) return `dans ${seconds} seconde${seconds > 1 ? "s" : ""}`;
  const minutes = Math.ceil(seconds / 60);
  return `dans ${minutes} minute${minutes > 1 ? "s" : ""}`;
}

/** Tests only. */
export function resetRateLimits() {
  hits.clear();
}
