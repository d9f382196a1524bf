/**
 * @module
 * Access tokens are JWTs, checked by signature and never stored, so each one names its grant (`grant_id`) and `/mcp`
 * looks the grant up: a grant revoked (`rapport oauth revoke`, or a client revoking its refresh token) takes its
 * access tokens with it at once, on every server of the database. A grant id is an internal id: a client holding
 * it can do nothing with it (oidc-provider takes no grant id from a client).
 */
import type { Store } from "@rapport/store";

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
  if (typeof token.grantId !== "string" || token.grantId === "") return false;
  const grant = await store.oauthModels.find("Grant", token.grantId);
  if (!grant || (grant.expires_at !== null && grant.expires_at <= now)) return false;
  return grant.payload.accountId === token.accountId && grant.payload.clientId === token.clientId;
}
