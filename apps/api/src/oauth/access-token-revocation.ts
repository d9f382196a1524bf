/**
 * @module
 * Revoking an access token at `/oauth/revoke` (RFC 7009). Access tokens are JWTs, never stored, and oidc-provider
 * answers one presented there `unsupported_token_type`: this takes that answer over once oidc-provider has
 * authenticated the client, and notes the token's `jti` as revoked until the token would have expired, for `/mcp`
 * to refuse it. The token alone ends, not its grant: a client revoking an old access token after a refresh keeps the
 * new one. A `jti` is no bearer secret (the signed token is), so it is stored as it is.
 */
import type { Store } from "@rapport/store";
import { jwtVerify, type JWTVerifyGetKey } from "jose";
import type Provider from "oidc-provider";
import type { KoaContextWithOIDC } from "oidc-provider";
import { GRANT_CLAIM } from "./access-token-grant.js";
import { SIGNING_ALGORITHM } from "./signing-keys.js";

/** The `oauth_models` model of a revoked access token, stored under its `jti`. */
export const REVOKED_ACCESS_TOKEN_MODEL = "RevokedAccessToken";

/** Why a client is refused revoking a token issued to another client (RFC 7009 §2.1). */
export const FOREIGN_TOKEN_REFUSAL = "the token was not issued to this client";

/** Whether the access token with this `jti` was revoked (a token without one is not: this server gives every token one). */
export async function isAccessTokenRevoked(store: Store, jti: unknown): Promise<boolean> {
  if (typeof jti !== "string" || jti === "") return false;
  return (await store.oauthModels.find(REVOKED_ACCESS_TOKEN_MODEL, jti)) !== null;
}

export interface AccessTokenRevocationOptions {
  store: Store;
  keySet: JWTVerifyGetKey;
  issuer: string;
  resource: string;
  /** oidc-provider's error class for a token its revocation endpoint does not revoke. */
  UnsupportedTokenType: new (...parameters: never[]) => Error;
}

/** The claims of an unexpired access token this server signed for the resource, or null for anything else. */
async function accessTokenClaims(token: string, options: AccessTokenRevocationOptions) {
  try {
    const { payload } = await jwtVerify(token, options.keySet, {
      issuer: options.issuer,
      audience: options.resource,
      algorithms: [SIGNING_ALGORITHM],
      typ: "at+jwt",
      requiredClaims: ["exp", "jti", "sub", "client_id"],
    });
    return payload;
  } catch {
    return null;
  }
}

/**
 * Makes the provider's revocation endpoint revoke its own access tokens: a client's own token is noted revoked and
 * answered 200; another client's is refused with 400 `invalid_request`; anything else that is no live access token
 * of this server (expired, forged, another server's) is answered 200 with nothing done, as RFC 7009 §2.2 asks.
 */
export function revokeAccessTokensAtRevocationEndpoint(provider: Provider, options: AccessTokenRevocationOptions): void {
  // oidc-provider refuses a JWT after authenticating the client and before looking anything up; its error event
  // marks that request, whose answer is then rewritten on the way out.
  const structuredTokenRefused = new WeakSet<object>();
  provider.on("revocation.error", (ctx: KoaContextWithOIDC, error: Error) => {
    if (error instanceof options.UnsupportedTokenType) structuredTokenRefused.add(ctx);
  });
  provider.use(async (ctx, next) => {
    await next();
    if (!structuredTokenRefused.has(ctx)) return;
    const client = ctx.oidc?.client;
    const token = ctx.oidc?.params?.token;
    if (!client || typeof token !== "string") return;
    const claims = await accessTokenClaims(token, options);
    ctx.remove("Content-Type");
    if (claims && claims.client_id !== client.clientId) {
      ctx.body = { error: "invalid_request", error_description: FOREIGN_TOKEN_REFUSAL };
      ctx.status = 400;
      return;
    }
    if (claims) {
      const grantId = typeof claims[GRANT_CLAIM] === "string" ? claims[GRANT_CLAIM] : null;
      await options.store.oauthModels.upsert({
        model: REVOKED_ACCESS_TOKEN_MODEL,
        id: String(claims.jti),
        // The account, so that erasing the user or purging the tenant takes the row with the rest of its OAuth state.
        payload: { kind: REVOKED_ACCESS_TOKEN_MODEL, accountId: claims.sub, clientId: claims.client_id, grantId },
        grant_id: grantId,
        uid: null,
        user_code: null,
        // Pruned once the token has expired by itself.
        expires_at: Number(claims.exp) * 1000,
      });
    }
    ctx.body = "";
    ctx.status = 200;
  });
}
