/**
 * @module
 * The authorization server's signing keys: generated on first start, kept in the database, so every
 * API node and every restart signs and verifies with the same keys. The newest key signs; older ones a
 * rotation kept (`rotateOAuthKeys`) only verify the tokens they signed.
 */
import type { Store } from "@rapport/store";
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from "jose";

export const SIGNING_ALGORITHM = "RS256";

const PRIVATE_MEMBERS = ["d", "p", "q", "dp", "dq", "qi", "oth", "k"];

export interface SigningKeys {
  /** The kid of the key that signs: the newest. */
  currentKid: string;
  /** Private JWKs, newest first, for the authorization server (which signs with the first). */
  privateKeys: JWK[];
  /** The same keys without their private parts, for verifying tokens. */
  publicKeys: JWK[];
}

export function toPublicJwk(key: JWK): JWK {
  return Object.fromEntries(Object.entries(key).filter(([member]) => !PRIVATE_MEMBERS.includes(member))) as JWK;
}

/** A signing key as stored: its kid (the JWK thumbprint) and its private JWK. */
export interface StoredSigningKey {
  kid: string;
  private_jwk: JWK;
}

/** A fresh RSA signing key as stored: its kid (the JWK thumbprint) and its private JWK. */
export async function generateSigningKey(): Promise<StoredSigningKey> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { kid, private_jwk: { ...jwk, kid, alg: SIGNING_ALGORITHM, use: "sig" } };
}

/** Loads the stored keys, newest first, creating the first one when there is none. */
export async function loadSigningKeys(store: Store): Promise<SigningKeys> {
  let stored = await store.oauthSigningKeys.list();
  if (stored.length === 0) {
    await store.oauthSigningKeys.add(await generateSigningKey());
    // Another node may have stored its key first: everyone uses what the database holds.
    stored = await store.oauthSigningKeys.list();
  }
  // The store lists oldest first (ties by kid), so every node agrees on which key is newest.
  const newestFirst = [...stored].reverse();
  const privateKeys = newestFirst.map((key) => key.private_jwk as JWK);
  return { currentKid: newestFirst[0]!.kid, privateKeys, publicKeys: privateKeys.map(toPublicJwk) };
}
