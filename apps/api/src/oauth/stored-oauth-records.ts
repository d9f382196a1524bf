/** Reading the authorization server's stored objects of one model, for the operator's commands on grants. */
import type { OAuthModelRecord, Store } from "@rapport/store";

/** Every stored object of a model, expired and spent ones included. */
export async function storedOAuthRecords(store: Store, model: string): Promise<OAuthModelRecord[]> {
  const found: OAuthModelRecord[] = [];
  for (const id of await store.oauthModels.listIds(model)) {
    const record = await store.oauthModels.find(model, id);
    if (record) found.push(record);
  }
  return found;
}

/** A payload field that is text, or null. */
export function payloadText(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}
