/** The tenant and user an OAuth account id names, while the tenant is live and the user active. */
import type { Store, Tenant, User } from "@rapport/store";
import { parseAccountId } from "./account-id.js";

export interface ActiveAccount {
  tenant: Tenant;
  user: User;
}

/**
 * Finds the account behind an OAuth account id (`<tenant uuid>:<user uuid>`), or `null` when the id
 * is malformed, the tenant is deleted, or the user is gone or deactivated: the same accounts the
 * sign-in page refuses, so a consent or a token is never given to an account that could not sign in.
 */
export async function findActiveAccount(store: Store, accountId: string): Promise<ActiveAccount | null> {
  const parsed = parseAccountId(accountId);
  if (!parsed) return null;
  const tenant = await store.tenants.get(parsed.tenantUuid);
  const user = tenant ? await store.users.get(tenant.uuid, parsed.userUuid) : null;
  if (!tenant || !user || !user.is_active) return null;
  return { tenant, user };
}
