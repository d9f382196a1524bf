/** Creates an API key for a tenant (optionally bound to a user) and returns its plaintext once. */
import { InvalidInputError, type ApiKey, type Store } from "@rapport/store";
import { generateApiKey } from "./api-key-secret.js";

export interface IssuedApiKey {
  key: ApiKey;
  /** Shown once; only its hash is stored. */
  plaintext: string;
}

/**
 * Creates an API key of the tenant, tenant-wide or bound to an active user of it (`readOnly`: one that may only
 * read), and returns its plaintext once
 * (only its hash is stored). An unknown tenant, or a user who is not an active user of it, is an
 * `InvalidInputError`.
 */
export async function issueApiKey(
  store: Store,
  input: { tenantUuid: string; userUuid?: string | null; label?: string | null; readOnly?: boolean },
): Promise<IssuedApiKey> {
  const tenant = await store.tenants.get(input.tenantUuid);
  if (!tenant) throw new InvalidInputError(`tenant ${input.tenantUuid} not found`);
  if (input.userUuid) {
    const user = await store.users.get(tenant.uuid, input.userUuid);
    if (!user) throw new InvalidInputError(`user ${input.userUuid} is not a user of tenant ${tenant.uuid}`);
    if (!user.is_active) throw new InvalidInputError(`user ${input.userUuid} is deactivated: a key bound to it would answer 403 to every call`);
  }
  const generated = generateApiKey();
  const key = await store.apiKeys.create({
    tenant_uuid: tenant.uuid,
    user_uuid: input.userUuid ?? null,
    key_hash: generated.hash,
    key_prefix: generated.prefix,
    label: input.label ?? null,
    read_only: input.readOnly === true,
  });
  return { key, plaintext: generated.plaintext };
}
