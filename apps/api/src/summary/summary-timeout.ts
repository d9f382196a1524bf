/** @module The timeout a summary request may be given, checked alike from the environment and from code. */

/** The longest timeout a timer takes (2^31 - 1 ms). */
export const MAXIMUM_SUMMARY_TIMEOUT_MS = 2_147_483_647;

/**
 * The problem with `timeoutMs` as a summary request's timeout, naming it as `name` and showing it as `given`; null
 * when it is a positive integer of milliseconds within a timer's range. Beyond that range Node aborts each request
 * at once (or refuses the timeout), so every summary would quietly be the deterministic one.
 */
export function summaryTimeoutProblem(timeoutMs: number, name: string, given: string): string | null {
  if (Number.isInteger(timeoutMs) && timeoutMs > 0 && timeoutMs <= MAXIMUM_SUMMARY_TIMEOUT_MS) return null;
  return `${name} must be a positive integer of milliseconds, at most ${MAXIMUM_SUMMARY_TIMEOUT_MS} (about 24 days), got ${given}`;
}
