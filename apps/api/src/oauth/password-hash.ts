/**
 * @module
 * Login password hashing with scrypt (node:crypto): a random salt per password and the cost
 * parameters stored in the hash itself (`scrypt$<log2 N>$<r>$<p>$<salt>$<hash>`), so they can be
 * raised later without invalidating stored hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

const SCHEME = "scrypt";

/** An scrypt cost: N = 2^logN, block size r, parallelism p. */
export interface PasswordCost {
  logN: number;
  r: number;
  p: number;
}

/** N = 2^15, r = 8, p = 1: about 32 MiB and tens of milliseconds per hash. */
export const DEFAULT_PASSWORD_COST: PasswordCost = { logN: 15, r: 8, p: 1 };
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;

function derive(password: string, salt: Buffer, cost: PasswordCost): Promise<Buffer> {
  const N = 2 ** cost.logN;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 128 * N * cost.r * 2 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** Says what is wrong with a new password, or null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `the password must have at least ${MIN_PASSWORD_LENGTH} characters`;
  if (password.length > MAX_PASSWORD_LENGTH) return `the password must have at most ${MAX_PASSWORD_LENGTH} characters`;
  return null;
}

/** The scrypt hash of a sign-in password, with its salt and cost (`cost` defaults to N = 2^15, r = 8, p = 1). */
export async function hashPassword(password: string, cost = DEFAULT_PASSWORD_COST): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, cost);
  return [SCHEME, cost.logN, cost.r, cost.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** True when `password` matches `hash`; false for a wrong password or a hash it cannot read. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parts = hash.split("$");
  if (parts.length !== 6 || parts[0] !== SCHEME) return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every((value) => Number.isInteger(value) && value > 0) || logN > 20) return false;
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  const expected = Buffer.from(parts[5]!, "base64url");
  const actual = await derive(password, Buffer.from(parts[4]!, "base64url"), { logN, r, p });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
