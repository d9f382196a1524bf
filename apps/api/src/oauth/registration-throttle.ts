/**
 * @module
 * Throttles open dynamic client registration (`POST /oauth/register`) per client address, on the counter the
 * per-second API limits use (fixed windows, in the process's memory by default): anyone may register, and each
 * registration is a stored row, so a flood from one address would otherwise grow the table without bound.
 */
import type { RateLimitCounter } from "../platform/rate-limit/rate-limit-counter.js";

const REGISTRATION_PATH = "/OAUTH/REGISTER";

/**
 * Whether a request is one oidc-provider takes as a registration: a POST whose path, as sent, is `/oauth/register`
 * in any case and with at most one trailing slash (its router compares paths case-folded and tries once more
 * without a trailing slash), so that no spelling of the path passes the throttle.
 */
export function isRegistrationRequest(method: string | undefined, url: string | undefined): boolean {
  if (method !== "POST" || url === undefined) return false;
  const path = url.split("?", 1)[0]!;
  const untrailed = path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path;
  return path.toUpperCase() === REGISTRATION_PATH || untrailed.toUpperCase() === REGISTRATION_PATH;
}

/** Registrations allowed per client address in each fixed window. */
export const REGISTRATION_LIMIT = { limit: 30, windowMs: 10 * 60_000 } as const;

/** A registration let through, or refused with how long to wait. */
export type RegistrationAdmission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** Counts a registration from the address in the current window, and refuses it once the window has its limit. */
export async function admitRegistration(counter: RateLimitCounter, now: number, address: string): Promise<RegistrationAdmission> {
  const { limit, windowMs } = REGISTRATION_LIMIT;
  const window = Math.floor(now / windowMs);
  const windowEnd = (window + 1) * windowMs;
  const count = await counter.increment(`oauth-registration:${address}`, String(window), windowEnd);
  if (count <= limit) return { admitted: true };
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now) / 1000)) };
}
