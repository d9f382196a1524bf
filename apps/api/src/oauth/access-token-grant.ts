/**
 * @module
 * Access tokens are JWTs, checked by signature and never stored, so each one names its grant (`grant_id`) and `/mcp`
 * looks the grant up: a grant revoked (`rapport oauth revoke`, or a client revoking its refresh token) takes its
 * access tokens with it at once, on every server of the database. A grant id is an internal id: a client holding
 * it can do nothing with it (oidc-provider takes no grant id from a client).
 */
import type { OAuthModelRecord, Store } from "@rapport/store";
import { storedOAuthRecords } from "./stored-oauth-records.js";

/** The access-token claim naming the grant the token was issued under. */
export const GRANT_CLAIM = "grant_id";

/** What the authorization server adds to every access token it issues (oidc-provider's `extraTokenClaims`). */
export function grantClaim(grantId: string | undefined): Record<string, string> | undefined {
  return grantId ? { [GRANT_CLAIM]: grantId } : undefined;
}

/**
 * Whether the grant a token names is still stored, unexpired, and the one of this account and client (a token
 * signed by this server always matches; the check only guards against a grant id given to another token).
 */
export async function isGrantLive(store: Store, token: { grantId: unknown; accountId: string; clientId: string }, now: number): Promise<boolean> {
  if (token.grantId === undefined) return hasLiveGrantOf(store, token, now);
  if (typeof token.grantId !== "string" || token.grantId === "") return false;
  const grant = await store.oauthModels.find("Grant", token.grantId);
  return grant !== null && isLiveGrantOf(grant, token, now);
}

function isLiveGrantOf(grant: OAuthModelRecord, token: { accountId: string; clientId: string }, now: number): boolean {
  if (grant.expires_at !== null && grant.expires_at <= now) return false;
  return grant.payload.accountId === token.accountId && grant.payload.clientId === token.clientId;
}

/**
 * A token a release before 2026-12-05 issued names no grant: it lives while a grant of its account to its client does,
 * so an upgrade does not sign connected clients out and a revocation (which deletes the grants) still ends it. Every
 * stored grant is read, but only for such tokens, which expire within an hour of the upgrade.
 */
async function hasLiveGrantOf(store: Store, token: { accountId: string; clientId: string }, now: number): Promise<boolean> {
  return (await storedOAuthRecords(store, "Grant")).some((grant) => isLiveGrantOf(grant, token, now));
}
