/**
 * @module
 * Throttles the OAuth sign-in page: failed attempts are counted per email typed and per client address in the
 * store (so every server on the database counts them, and a restart forgets none), and an attempt past a limit is
 * refused before any password is checked, so that refusing it costs no scrypt work.
 */
import { createHash } from "node:crypto";
import { normalizeEmail, type SignInFailureLimit, type Store } from "@rapport/store";

const MINUTE = 60_000;

/**
 * Failures allowed per email typed, and per client address (across emails, for one guessing many accounts'
 * passwords; higher, as several people may share an address), in a sliding window.
 */
export const SIGN_IN_LIMITS = {
  perEmail: { limit: 5, windowMs: 15 * MINUTE },
  perAddress: { limit: 20, windowMs: 15 * MINUTE },
} as const;

/** The longest window: a failure older than that counts for nothing and may be deleted. */
export const SIGN_IN_FAILURE_RETENTION_MS = Math.max(SIGN_IN_LIMITS.perEmail.windowMs, SIGN_IN_LIMITS.perAddress.windowMs);

/** A digest rather than the text typed: people type passwords into the email field. */
const digest = (kind: string, value: string) => createHash("sha256").update(`${kind}\0${value}`).digest("base64url");

/** What a failure is counted by: the email as the sign-in looks it up (whether or not a user has it), and the address. */
export function signInFailureLimits(email: string, address: string): { email: SignInFailureLimit; address: SignInFailureLimit } {
  return {
    email: { subject: digest("email", normalizeEmail(email)), ...SIGN_IN_LIMITS.perEmail },
    address: { subject: digest("address", address), ...SIGN_IN_LIMITS.perAddress },
  };
}

/** A sign-in attempt refused by the throttle, with how long to wait. */
export interface RefusedSignIn {
  admitted: false;
  retryAfterSeconds: number;
}

/** A sign-in attempt let through: noted as failed until it says otherwise. */
export interface AdmittedSignIn {
  admitted: true;
  /** The password matched: clears the email's failures and forgets this attempt's. */
  succeeded(): Promise<void>;
  /** Neither a failure nor a success (the page asks which workspace): forgets this attempt's failures. */
  undecided(): Promise<void>;
}

/**
 * Admits a sign-in attempt, or refuses it while its email or address has its limit of failures. An admitted
 * attempt is noted as a failure at once, in the same transaction as the count, so that concurrent attempts (on
 * this server or another) cannot all pass the count before any is noted.
 */
export async function admitSignIn(store: Store, now: number, attempt: { email: string; address: string }): Promise<RefusedSignIn | AdmittedSignIn> {
  const limits = signInFailureLimits(attempt.email, attempt.address);
  const admission = await store.signInFailures.admit(now, [limits.email, limits.address]);
  if (!admission.admitted) return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((admission.retryAt - now) / 1000)) };
  return {
    admitted: true,
    async succeeded() {
      await store.signInFailures.clear(limits.email.subject);
      await store.signInFailures.forget(admission.failureIds);
    },
    undecided: () => store.signInFailures.forget(admission.failureIds),
  };
}
