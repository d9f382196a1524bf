/**
 * @module
 * A dynamically registered client expires unless it is used: it is stored, with its registration access token, for
 * UNUSED_CLIENT_TTL_SECONDS, and the first grant made to it keeps both for good. Registration is open, so a client
 * that never got a grant is usually one of a flood; the hourly pruning of expired OAuth state deletes it.
 */
import type { Store } from "@rapport/store";

/** How long a registered client, and its registration access token, are kept while no grant is made to it. */
export const UNUSED_CLIENT_TTL_SECONDS = 7 * 24 * 60 * 60;

/** The models stored at registration, which expire together unless the client is used. */
export const REGISTRATION_MODELS: ReadonlySet<string> = new Set(["Client", "RegistrationAccessToken"]);

/**
 * Keeps a client for good, with its registration access token (stored with the client's id as its `uid`, so it is
 * found without reading every token): called when a grant is made to it. Does nothing for a client already kept or
 * not stored (one known by its Client ID Metadata Document).
 */
export async function keepClient(store: Store, clientId: string): Promise<void> {
  const records = [await store.oauthModels.find("Client", clientId), await store.oauthModels.findByUid("RegistrationAccessToken", clientId)];
  for (const record of records) {
    if (!record || record.expires_at === null) continue;
    // An upsert takes no `consumed_at` (only `consume` sets it): the store refuses a field its call does not take.
    const { consumed_at: _consumedAt, ...kept } = record;
    await store.oauthModels.upsert({ ...kept, expires_at: null });
  }
}
