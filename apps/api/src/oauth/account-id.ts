/** The OAuth account id (the access token's `sub`) of an internal user: tenant and user together. */
import { isUuid } from "../platform/request/uuid-pattern.js";

export function accountIdFor(tenantUuid: string, userUuid: string): string {
  return `${tenantUuid}:${userUuid}`;
}

export function parseAccountId(accountId: string): { tenantUuid: string; userUuid: string } | null {
  const [tenantUuid, userUuid, ...rest] = accountId.split(":");
  if (rest.length > 0 || !tenantUuid || !userUuid || !isUuid(tenantUuid) || !isUuid(userUuid)) return null;
  return { tenantUuid, userUuid };
}
