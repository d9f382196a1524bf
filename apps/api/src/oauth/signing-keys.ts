/**
 * @module
 * The authorization server's signing keys: generated on first start, kept in the database, so every
 * API node and every restart signs and verifies with the same keys.
 */
import type { Store } from "@rapport/store";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";

export const SIGNING_ALGORITHM = "RS256";

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];

export interface SigningKeys {
  /** Private JWKs, for the authorization server. */
  privateKeys: JWK[];
  /** The same keys without their private parts, for verifying tokens. */
  publicKeys: JWK[];
}

export function toPublicJwk(key: JWK): JWK {
  return Object.fromEntries(Object.entries(key).filter(([member]) => !PRIVATE_MEMBERS.includes(member))) as JWK;
}

/** Loads the stored keys, creating the first one when there is none. */
export async function loadSigningKeys(store: Store): Promise<SigningKeys> {
  let stored = await store.oauthSigningKeys.list();
  if (stored.length === 0) {
    const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { modulusLength: 2048, extractable: true });
    const jwk = await exportJWK(privateKey);
    const kid = await calculateJwkThumbprint(jwk);
    await store.oauthSigningKeys.add({ kid, private_jwk: { ...jwk, kid, alg: SIGNING_ALGORITHM, use: "sig" } });
    // Another node may have stored its key first: everyone uses what the database holds.
    stored = await store.oauthSigningKeys.list();
  }
  const privateKeys = stored.map((key) => key.private_jwk as JWK);
  return { privateKeys, publicKeys: privateKeys.map(toPublicJwk) };
}
