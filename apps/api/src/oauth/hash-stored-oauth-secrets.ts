/**
 * @module
 * The one-time rewrite of OAuth rows stored before secret ids were hashed: run when the authorization server
 * starts, so that a copy of the database taken after the upgrade carries no raw token, code or session cookie,
 * while the clients and browsers holding them keep working until they expire.
 */
import type { Store } from "@rapport/store";
import { HASHED_ID_MODELS, hashedOAuthId, isHashedOAuthId, storablePayload } from "./oauth-secret-ids.js";

const MODELS_WITH_SECRETS = [...HASHED_ID_MODELS, "Interaction"];

/** Moves every raw secret id to its hash and drops secrets from payloads; returns how many rows it rewrote. */
export async function hashStoredOAuthSecrets(store: Store): Promise<number> {
  let rewritten = 0;
  for (const model of MODELS_WITH_SECRETS) {
    const hashesIds = HASHED_ID_MODELS.has(model);
    for (const id of await store.oauthModels.listIds(model)) {
      if (hashesIds && isHashedOAuthId(id)) continue;
      const record = await store.oauthModels.find(model, id);
      if (!record) continue;
      const payload = storablePayload(model, record.payload);
      if (!hashesIds && payload === record.payload) continue;
      if (await store.oauthModels.rekey(model, id, hashesIds ? hashedOAuthId(id) : id, payload)) rewritten++;
    }
  }
  return rewritten;
}
