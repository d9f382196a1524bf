/**
 * @module
 * The grants the authorization server holds (`rapport oauth list-grants`): which users have connected which MCP
 * clients, when, until when and with which scopes. Read from the stored grants' payloads (oidc-provider's `Grant`:
 * `accountId`, `clientId`, `iat`, `openid.scope`, `resources`, `rejected`), the users and tenants they name, and the
 * clients' registrations.
 */
import type { OAuthModelRecord, Store, Tenant, User } from "@rapport/store";
import { parseAccountId } from "./account-id.js";
import { grantSelected, type OAuthGrantSelection } from "./grant-selection.js";
import { payloadText, storedOAuthRecords } from "./stored-oauth-records.js";

/** One live grant: its account's user and tenant, its client, its times (epoch ms) and scopes. */
export interface ListedOAuthGrant {
  tenant_uuid: string | null;
  /** Null when the tenant was deleted (its grants are refused; `rapport tenants purge` removes them). */
  tenant_name: string | null;
  user_uuid: string | null;
  /** Null, with `user_email` and `user_active`, when the user is not found in a live tenant. */
  user_name: string | null;
  user_email: string | null;
  user_active: boolean | null;
  client_id: string;
  /** The `client_name` of the client's registration; null for a client with none (a client ID metadata document URL). */
  client_name: string | null;
  /** When the user consented (the grant's `iat`); null when the stored grant does not say. */
  granted_at: number | null;
  /** When the grant ends (30 days after the consent); null for one that does not expire. */
  expires_at: number | null;
  /** The scopes granted, the OpenID ones and those for /mcp, without any the user rejected. */
  scopes: string[];
}

function words(value: unknown): string[] {
  return typeof value === "string" ? value.split(" ").filter(Boolean) : [];
}

/** Every scope a grant payload (or its `rejected` part) names: `openid.scope` and each resource's scope. */
function namedScopes(part: unknown): string[] {
  if (typeof part !== "object" || part === null) return [];
  const { openid, resources } = part as { openid?: { scope?: unknown }; resources?: Record<string, unknown> };
  return [...words(openid?.scope), ...Object.values(resources ?? {}).flatMap(words)];
}

function grantedScopes(payload: Record<string, unknown>): string[] {
  const rejected = new Set(namedScopes(payload.rejected));
  return [...new Set(namedScopes(payload).filter((scope) => !rejected.has(scope)))].sort();
}

function isLiveGrant(grant: OAuthModelRecord, now: number): boolean {
  return grant.expires_at === null || grant.expires_at > now;
}

/** Looks up each tenant, user and client once, however many grants name it. */
function lookups(store: Store) {
  const tenants = new Map<string, Promise<Tenant | null>>();
  const users = new Map<string, Promise<User | null>>();
  const clientNames = new Map<string, Promise<string | null>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>) => {
    if (!cache.has(key)) cache.set(key, load());
    return cache.get(key)!;
  };
  return {
    tenant: (uuid: string) => once(tenants, uuid, () => store.tenants.get(uuid)),
    user: (tenantUuid: string, userUuid: string) => once(users, `${tenantUuid}:${userUuid}`, () => store.users.get(tenantUuid, userUuid)),
    clientName: (clientId: string) =>
      once(clientNames, clientId, async () => payloadText((await store.oauthModels.find("Client", clientId))?.payload.client_name)),
  };
}

const compareText = (a: string | null, b: string | null) => (a ?? "\uffff").localeCompare(b ?? "\uffff");

/** Tenant (by name, then uuid; deleted tenants last), user (by name, email, uuid), then the oldest grant first. */
function byTenantUserAndTime(a: ListedOAuthGrant, b: ListedOAuthGrant): number {
  return (
    compareText(a.tenant_name, b.tenant_name) ||
    compareText(a.tenant_uuid, b.tenant_uuid) ||
    compareText(a.user_name, b.user_name) ||
    compareText(a.user_email, b.user_email) ||
    compareText(a.user_uuid, b.user_uuid) ||
    (a.granted_at ?? 0) - (b.granted_at ?? 0) ||
    a.client_id.localeCompare(b.client_id)
  );
}

/**
 * The live (unexpired) grants `selection` chooses, sorted by tenant, user and time of consent. Reads only.
 *
 * @example
 * const grants = await listOAuthGrants(store, { tenantUuid });
 * for (const grant of grants) console.log(grant.user_email, grant.client_name ?? grant.client_id, grant.scopes.join(" "));
 */
export async function listOAuthGrants(store: Store, selection: OAuthGrantSelection, now: number = Date.now()): Promise<ListedOAuthGrant[]> {
  const find = lookups(store);
  const listed: ListedOAuthGrant[] = [];
  for (const grant of await storedOAuthRecords(store, "Grant")) {
    if (!isLiveGrant(grant, now) || !grantSelected(selection, grant)) continue;
    const account = parseAccountId(payloadText(grant.payload.accountId) ?? "");
    const tenant = account ? await find.tenant(account.tenantUuid) : null;
    const user = account && tenant ? await find.user(account.tenantUuid, account.userUuid) : null;
    const clientId = payloadText(grant.payload.clientId) ?? "";
    const issuedAt = grant.payload.iat;
    listed.push({
      tenant_uuid: account?.tenantUuid ?? null,
      tenant_name: tenant?.name ?? null,
      user_uuid: account?.userUuid ?? null,
      user_name: user?.name ?? null,
      user_email: user?.email ?? null,
      user_active: user ? user.is_active : null,
      client_id: clientId,
      client_name: await find.clientName(clientId),
      granted_at: typeof issuedAt === "number" ? issuedAt * 1000 : null,
      expires_at: grant.expires_at,
      scopes: grantedScopes(grant.payload),
    });
  }
  return listed.sort(byTenantUserAndTime);
}
