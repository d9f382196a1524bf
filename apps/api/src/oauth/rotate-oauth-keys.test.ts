/** Rotating the authorization server's keys: which keys sign, which still verify, which go, and the cookie keys alike. */
import { createSqliteStore, type Store } from "@rapport/store";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { OAUTH_TTL } from "./authorization-server.js";
import { loadCookieKeys, COOKIE_KEY_SETTING, RETIRED_COOKIE_KEY_LIFETIME_MS } from "./cookie-keys.js";
import { readOAuthKeysGeneration } from "./oauth-keys-generation.js";
import { RETIRED_SIGNING_KEY_LIFETIME_MS, rotateOAuthKeys } from "./rotate-oauth-keys.js";
import { generateSigningKey, loadSigningKeys, type StoredSigningKey } from "./signing-keys.js";

const HOUR = 60 * 60 * 1_000;
const DAY = 24 * HOUR;

let clock = Date.UTC(2026, 0, 1);
let store: Store;
afterEach(async () => store.close());

async function openStore() {
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  return store;
}

// An RSA key takes a few hundred ms to make: the file makes the most one test uses once, and each test (a database
// of its own) draws them in turn, every key it stores a different one.
const KEYS_A_TEST_USES = 4;
const keys: StoredSigningKey[] = [];
let drawn = 0;
beforeAll(async () => {
  for (let index = 0; index < KEYS_A_TEST_USES; index += 1) keys.push(await generateSigningKey());
});
beforeEach(() => {
  drawn = 0;
});

async function nextKey(): Promise<StoredSigningKey> {
  const key = keys[drawn];
  if (!key) throw new Error(`a test drew more than the ${KEYS_A_TEST_USES} keys made for it`);
  drawn += 1;
  return key;
}

/** Rotates with the next key made for the file. */
function rotate(options: { now: number; revokeOld?: boolean }) {
  return rotateOAuthKeys(store, { ...options, generateKey: nextKey });
}

/** The signing keys a server's first start leaves: the first key made for the file, stored, then loaded. */
async function firstStartKeys() {
  await store.oauthSigningKeys.add(await nextKey());
  return loadSigningKeys(store);
}

describe("rotateOAuthKeys", () => {
  it("makes a new signing key current; the replaced one keeps verifying, listed after it", async () => {
    await openStore();
    const first = await firstStartKeys();
    clock += 1_000;
    const rotation = await rotate({ now: clock });
    expect(rotation.signing_keys).toEqual({ current: keys[1]!.kid, verifying: [first.currentKid], removed: [] });
    const loaded = await loadSigningKeys(store);
    expect(loaded.currentKid).toBe(rotation.signing_keys.current);
    expect(loaded.privateKeys.map((key) => key.kid)).toEqual([rotation.signing_keys.current, first.currentKid]);
    expect(loaded.publicKeys.every((key) => key.d === undefined)).toBe(true);
  });

  it("deletes a key replaced longer ago than a token it signed lives, and keeps one replaced more recently", async () => {
    await openStore();
    const first = await firstStartKeys();
    clock += 1_000;
    const second = await rotate({ now: clock });
    clock += RETIRED_SIGNING_KEY_LIFETIME_MS - 1;
    // The first was replaced just under an hour ago: tokens it signed may still be valid.
    const third = await rotate({ now: clock });
    expect(third.signing_keys).toMatchObject({ verifying: [second.signing_keys.current, first.currentKid], removed: [] });
    clock += 2;
    const fourth = await rotate({ now: clock });
    expect(fourth.signing_keys).toMatchObject({ verifying: [third.signing_keys.current, second.signing_keys.current], removed: [first.currentKid] });
    expect((await store.oauthSigningKeys.list()).map((key) => key.kid)).not.toContain(first.currentKid);
  });

  it("with revokeOld, deletes every replaced signing and cookie key", async () => {
    await openStore();
    const first = await firstStartKeys();
    const firstCookieKey = (await loadCookieKeys(store, clock))[0];
    clock += 1_000;
    const kept = await rotate({ now: clock });
    clock += 1_000;
    const revoked = await rotate({ revokeOld: true, now: clock });
    expect(revoked).toMatchObject({
      revoked_old: true,
      signing_keys: { verifying: [], removed: [first.currentKid, kept.signing_keys.current] },
      cookie_keys: { verifying: 0, removed: 2 },
    });
    expect((await loadSigningKeys(store)).privateKeys.map((key) => key.kid)).toEqual([revoked.signing_keys.current]);
    const cookieKeys = await loadCookieKeys(store, clock);
    expect(cookieKeys).toHaveLength(1);
    expect(cookieKeys).not.toContain(firstCookieKey);
  });

  it("makes a new cookie key current; the replaced ones verify for a session's lifetime, then go", async () => {
    await openStore();
    const [original] = await loadCookieKeys(store, clock);
    const rotation = await rotate({ now: clock });
    expect(rotation.cookie_keys).toEqual({ verifying: 1, removed: 0 });
    const [current, ...verifying] = await loadCookieKeys(store, clock);
    expect(current).toBe(await store.settings.get(COOKIE_KEY_SETTING));
    expect(current).not.toBe(original);
    expect(verifying).toEqual([original]);
    // A session signed by the replaced key lives 14 days at most: after that the key no longer verifies.
    expect(await loadCookieKeys(store, clock + 14 * DAY)).toEqual([current]);
    const later = await rotate({ now: clock + 14 * DAY });
    expect(later.cookie_keys).toEqual({ verifying: 1, removed: 1 });
    expect(RETIRED_COOKIE_KEY_LIFETIME_MS).toBe(OAUTH_TTL.Session * 1_000);
  });

  it("names the new signing key as the key set's generation, which running servers watch", async () => {
    await openStore();
    await firstStartKeys();
    expect(await readOAuthKeysGeneration(store)).toBeNull();
    const rotation = await rotate({ now: clock });
    expect(await readOAuthKeysGeneration(store)).toBe(rotation.signing_keys.current);
    const revoked = await rotate({ revokeOld: true, now: clock });
    expect(await readOAuthKeysGeneration(store)).toBe(revoked.signing_keys.current);
  });

  it("on a database whose OAuth server never started, creates the first keys (a fresh RSA key by default)", async () => {
    await openStore();
    const rotation = await rotateOAuthKeys(store, { now: clock });
    expect(rotation).toMatchObject({ signing_keys: { verifying: [], removed: [] }, cookie_keys: { verifying: 0, removed: 0 } });
    expect((await loadSigningKeys(store)).currentKid).toBe(rotation.signing_keys.current);
    expect(keys.map((key) => key.kid)).not.toContain(rotation.signing_keys.current);
    expect(await loadCookieKeys(store, clock)).toHaveLength(1);
  });
});
