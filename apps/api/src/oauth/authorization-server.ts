/**
 * @module
 * The OAuth 2.0 authorization server for MCP clients: oidc-provider (OpenID Certified), configured
 * for the MCP authorization flow: dynamic client registration and Client ID Metadata Documents,
 * authorization code with PKCE, `resource` indicators (RFC 8707) naming the `/mcp` resource, `iss`
 * on the authorization response (RFC 9207), and JWT access tokens (RFC 9068) whose audience is
 * that resource. Its state lives in the Store; its signing and cookie keys in the database, read when it is
 * created (mount-oauth.ts creates another when a rotation replaces them).
 */
import type { Store } from "@rapport/store";
import { createLocalJWKSet, type JWTVerifyGetKey } from "jose";
import type { Configuration, KoaContextWithOIDC } from "oidc-provider";
import type Provider from "oidc-provider";
import type { Logger } from "pino";
import { MCP_SCOPES } from "../mcp/mcp-scopes.js";
import { grantClaim } from "./access-token-grant.js";
import { FOREIGN_TOKEN_REFUSAL, revokeAccessTokensAtRevocationEndpoint } from "./access-token-revocation.js";
import { findActiveAccount } from "./active-account.js";
import { isFetchableClientIdUrl } from "./client-id-url.js";
import { loadCookieKeys } from "./cookie-keys.js";
import { hashStoredOAuthSecrets } from "./hash-stored-oauth-secrets.js";
import { errorPage } from "./interaction-pages.js";
import { redirectUriProblem } from "./redirect-uri-policy.js";
import { loadSigningKeys, SIGNING_ALGORITHM } from "./signing-keys.js";
import { StoreOidcAdapter } from "./store-oidc-adapter.js";

export const OAUTH_PREFIX = "/oauth";
export const INTERACTION_PREFIX = `${OAUTH_PREFIX}/interaction`;

const HOUR = 60 * 60;
const DAY = 24 * HOUR;

/** Lifetimes in seconds. Access tokens are short: they are checked by signature and their grant, not stored. */
export const OAUTH_TTL = {
  AccessToken: HOUR,
  AuthorizationCode: 60,
  Interaction: HOUR,
  Session: 14 * DAY,
  Grant: 30 * DAY,
  RefreshToken: 30 * DAY,
  IdToken: HOUR,
  ClientCredentials: 10 * 60,
  DeviceCode: 10 * 60,
  BackchannelAuthenticationRequest: 10 * 60,
  PreAuthorizedCode: 10 * 60,
} as const;

export interface AuthorizationServerOptions {
  store: Store;
  logger: Logger;
  /** The public base URL, e.g. `https://rapport.example.com`: the issuer. */
  issuer: string;
  /** The MCP resource identifier: `<issuer>/mcp`. */
  resource: string;
  /** Trust X-Forwarded-Proto/-For from a TLS-terminating proxy. */
  trustProxy?: boolean;
  /** The services' clock (epoch ms): stored expiries are set by it and `/mcp` judges them by it. */
  now?: () => number;
}

export interface AuthorizationServer {
  provider: Provider;
  issuer: string;
  resource: string;
  /** Verifies access-token signatures with the server's own public keys. */
  keySet: JWTVerifyGetKey;
}

function renderError(ctx: KoaContextWithOIDC, out: { error: string; error_description?: string }) {
  ctx.type = "html";
  ctx.body = errorPage("Sign-in failed", out.error_description ? `${out.error}: ${out.error_description}` : out.error);
}

export async function createAuthorizationServer(options: AuthorizationServerOptions): Promise<AuthorizationServer> {
  const { store, logger, issuer, resource, trustProxy = false, now = Date.now } = options;
  // Loaded when first needed: the package announces itself on import.
  const { default: ProviderClass, errors } = await import("oidc-provider");
  const keys = await loadSigningKeys(store);
  const cookieKeys = await loadCookieKeys(store);
  const rewritten = await hashStoredOAuthSecrets(store);
  if (rewritten > 0) logger.info({ rewritten }, "oauth: stored tokens, codes and sessions of an earlier version rewritten hashed");

  const configuration: Configuration = {
    adapter: (model: string) => new StoreOidcAdapter(model, store, now),
    // Each access token names its grant, which /mcp looks up: revoking the grant ends its tokens at once.
    extraTokenClaims: async (_ctx, token) => grantClaim("grantId" in token ? token.grantId : undefined),
    jwks: { keys: keys.privateKeys as NonNullable<Configuration["jwks"]>["keys"] },
    // The first key signs; every one verifies (a rotation's retired keys, for the sessions they signed).
    cookies: { keys: cookieKeys },
    async findAccount(_ctx, accountId) {
      const account = await findActiveAccount(store, accountId);
      if (!account) return undefined;
      const { user } = account;
      return {
        accountId,
        async claims() {
          return { sub: accountId, name: user.name, email: user.email };
        },
      };
    },
    claims: { openid: ["sub"], profile: ["name"], email: ["email"] },
    scopes: ["openid", "profile", "email", "offline_access", ...MCP_SCOPES],
    // oidc-provider calls this for a registration, a Client ID Metadata Document and a stored client alike.
    extraClientMetadata: {
      properties: ["redirect_uris"],
      validator(_ctx, key, value) {
        if (key !== "redirect_uris" || !Array.isArray(value)) return;
        for (const uri of value) {
          const problem = typeof uri === "string" ? redirectUriProblem(uri) : null;
          if (problem) throw new errors.InvalidClientMetadata(problem);
        }
      },
    },
    clientDefaults: {
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    },
    features: {
      devInteractions: { enabled: false },
      // /mcp takes bearer tokens only (`bearer_methods_supported`) and checks no proof of possession, so no
      // token is bound to a key: a DPoP-bound token used as a bearer would skip the proof it is bound to.
      dPoP: { enabled: false },
      registration: { enabled: true },
      revocation: {
        enabled: true,
        // RFC 7009 §2.1: another client's token is refused, not silently kept (oidc-provider's default for a public client).
        async allowedPolicy(_ctx, client, token) {
          if (token.clientId !== client.clientId) throw new errors.InvalidRequest(FOREIGN_TOKEN_REFUSAL);
          return true;
        },
      },
      rpInitiatedLogout: { enabled: false },
      clientIdMetadataDocument: {
        enabled: true,
        ack: "draft-02",
        allowFetch: async (_ctx: unknown, clientId: string) => isFetchableClientIdUrl(clientId),
      } as NonNullable<Configuration["features"]>["registration"],
      resourceIndicators: {
        enabled: true,
        defaultResource: async () => resource,
        useGrantedResource: async () => true,
        async getResourceServerInfo(_ctx, indicator) {
          if (indicator !== resource) throw new errors.InvalidTarget(`the only resource here is ${resource}`);
          return {
            scope: MCP_SCOPES.join(" "),
            audience: resource,
            accessTokenFormat: "jwt",
            accessTokenTTL: OAUTH_TTL.AccessToken,
            jwt: { sign: { alg: SIGNING_ALGORITHM, kid: keys.currentKid } },
          };
        },
      },
    },
    // Authorization code only: no implicit or hybrid flows (OAuth 2.1, as MCP requires).
    responseTypes: ["code"],
    clientBasedCORS: () => true,
    pkce: { required: () => true },
    interactions: { url: async (_ctx, interaction) => `${INTERACTION_PREFIX}/${interaction.uid}` },
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    routes: {
      authorization: `${OAUTH_PREFIX}/authorize`,
      token: `${OAUTH_PREFIX}/token`,
      registration: `${OAUTH_PREFIX}/register`,
      jwks: `${OAUTH_PREFIX}/jwks`,
      revocation: `${OAUTH_PREFIX}/revoke`,
      userinfo: `${OAUTH_PREFIX}/userinfo`,
      introspection: `${OAUTH_PREFIX}/introspect`,
      end_session: `${OAUTH_PREFIX}/logout`,
      backchannel_authentication: `${OAUTH_PREFIX}/backchannel`,
      code_verification: `${OAUTH_PREFIX}/device`,
      device_authorization: `${OAUTH_PREFIX}/device/auth`,
      pushed_authorization_request: `${OAUTH_PREFIX}/par`,
      challenge: `${OAUTH_PREFIX}/challenge`,
      credential: `${OAUTH_PREFIX}/credential`,
    },
    ttl: { ...OAUTH_TTL },
    renderError,
  };
  const provider = new ProviderClass(issuer, configuration);
  provider.proxy = trustProxy;
  provider.on("server_error", (_ctx, error) => logger.error({ err: error }, "oauth server error"));
  const keySet = createLocalJWKSet({ keys: keys.publicKeys });
  revokeAccessTokensAtRevocationEndpoint(provider, { store, keySet, issuer, resource, UnsupportedTokenType: errors.UnsupportedTokenType });
  return { provider, issuer, resource, keySet };
}
