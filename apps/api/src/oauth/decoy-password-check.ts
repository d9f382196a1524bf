/**
 * @module The password check of a sign-in whose email names no user: against a decoy hash, so that a wrong email
 * costs the scrypt work of a wrong password and the answer's time does not tell whether the email exists.
 */
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword, type PasswordCost } from "./password-hash.js";

export interface DecoyPasswordCheck {
  /** Checks `password` against the decoy hash, made at the first check and kept. */
  check(password: string): Promise<void>;
  /** The decoy hash, naming its cost (made at the first call and kept). */
  hash(): Promise<string>;
}

/**
 * A decoy check at `cost`, by default that of the passwords `rapport users set-password` stores (hashPassword's),
 * which every server uses: only code building an app (a test whose users' passwords have a lower cost) sets another.
 */
export function createDecoyPasswordCheck(cost: PasswordCost = DEFAULT_PASSWORD_COST): DecoyPasswordCheck {
  let decoyHash: Promise<string> | null = null;
  const hash = () => (decoyHash ??= hashPassword("decoy password, never valid", cost));
  return {
    hash,
    async check(password) {
      await verifyPassword(password, await hash());
    },
  };
}
