/**
 * @module Test users' sign-in passwords, stored at a low scrypt cost: a hash names its cost and verifyPassword reads
 * it from there, so each sign-in against it checks the password as production does at 1/32 of the default's work.
 */
import { hashPassword, type PasswordCost } from "../oauth/password-hash.js";

/**
 * N = 2^10 (the default is 2^15), r = 8, p = 1. A server whose tests sign unknown emails in many times takes it as
 * `decoyPasswordCost`, so each such attempt checks a password at the cost a known one's costs.
 */
export const TEST_PASSWORD_COST: PasswordCost = { logN: 10, r: 8, p: 1 };

/**
 * The hash to store for a test user's `password`. What the server and `rapport users set-password` store is hashed
 * at the default cost (password-hash.test.ts and cli.test.ts check it); the decoy for an unknown email is too, unless
 * the app is given another `decoyPasswordCost` (decoy-password-check.test.ts).
 */
export function hashTestPassword(password: string): Promise<string> {
  return hashPassword(password, TEST_PASSWORD_COST);
}
