/** Who is calling: the key's tenant, the key, and the user context if any, with its role. */
import type { ApiKey, Tenant, User } from "@rapport/store";

export interface AuthContext {
  tenant: Tenant;
  key: ApiKey;
  /** The user context from a user-scoped key or `x-service-user-id`; null means tenant-wide. */
  user: User | null;
  /**
   * True for administrators, and for tenant-wide calls without a user context (the key itself is
   * the tenant's integration and may act on any record); false for members.
   */
  isAdministrator: boolean;
}

/** True when the caller may modify or delete a record owned by `ownerUserUuid`. */
export function mayModify(auth: AuthContext, ownerUserUuid: string | null): boolean {
  if (auth.isAdministrator) return true;
  return auth.user !== null && auth.user.uuid === ownerUserUuid;
}

/**
 * The store's owner check for a write (`asMember`): the member's user uuid, so that the store refuses another user's
 * record as the write's own transaction reads it; nothing for administrators and tenant-wide calls, who change any.
 */
export function memberWriteOf(auth: AuthContext): { asMember: string | undefined } {
  return { asMember: auth.isAdministrator ? undefined : auth.user!.uuid };
}
