/**
 * @module
 * OAuth 2.0 for `/mcp`, in the same app: the Protected Resource Metadata (RFC 9728), the
 * authorization server's endpoints (oidc-provider, handed the Node request and response through
 * @hono/node-server's bindings), the sign-in and consent pages for internal users, and the
 * verification of the JWT access tokens `/mcp` accepts.
 */
import type { IncomingMessage } from "node:http";
import type { ApiKeyOwner } from "@rapport/store";
import type { Context, Hono } from "hono";
import { jwtVerify } from "jose";
import type { AppEnv } from "../app-env.js";
import { OAUTH_KEY_PREFIX, readsOnly } from "../mcp/mcp-scopes.js";
import type { BearerVerifier } from "../mcp/mount-mcp.js";
import { ApiError } from "../platform/errors/api-error.js";
import { errorResponse } from "../platform/errors/error-handlers.js";
import { nodeBindings } from "../platform/request/node-bindings.js";
import type { AppServices } from "../services.js";
import { GRANT_CLAIM, isGrantLive } from "./access-token-grant.js";
import { isAccessTokenRevoked } from "./access-token-revocation.js";
import { accountIdFor, parseAccountId } from "./account-id.js";
import { findActiveAccount } from "./active-account.js";
import {
  createAuthorizationServer,
  INTERACTION_PREFIX,
  OAUTH_PREFIX,
  type AuthorizationServer,
} from "./authorization-server.js";
import { createDecoyPasswordCheck } from "./decoy-password-check.js";
import { followKeyRotations } from "./follow-key-rotations.js";
import { consentPage, errorPage, loginPage } from "./interaction-pages.js";
import { readOAuthKeysGeneration } from "./oauth-keys-generation.js";
import { verifyPassword, type PasswordCost } from "./password-hash.js";
import { pinToIssuer } from "./pin-to-issuer.js";
import { inProviderRequest } from "./provider-request-context.js";
import { admitRegistration, isRegistrationRequest } from "./registration-throttle.js";
import { signInAddress } from "./sign-in-address.js";
import { readSignInForm, SignInFormTooLargeError } from "./sign-in-form.js";
import { admitSignIn } from "./sign-in-throttle.js";
import { SIGNING_ALGORITHM } from "./signing-keys.js";

/** @hono/node-server's marker for a response written straight to the Node response. */
const ALREADY_SENT_HEADER = "x-hono-already-sent";

const PAGE_SECURITY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'";

export interface MountOAuthOptions {
  /** The public base URL: the issuer, and the origin of the `/mcp` resource. */
  publicUrl: string;
  trustProxy?: boolean;
  /** The scrypt cost of the decoy hash an unknown email's password is checked against (createDecoyPasswordCheck's default). */
  decoyPasswordCost?: PasswordCost;
}

function notOnNode(context: Context<AppEnv>) {
  return errorResponse(context, 501, "the OAuth endpoints need the Node server (rapport serve, or startServer)");
}

function html(context: Context<AppEnv>, body: string, status: 200 | 400 | 401 | 413 | 429 = 200) {
  context.header("Cache-Control", "no-store");
  context.header("Content-Security-Policy", PAGE_SECURITY);
  return context.html(body, status);
}

/** How long a refused sign-in waits, in words: "1 minute", "15 minutes". */
function waitInWords(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

/** Refuses a signed-in account that is no longer active, with the status the sign-in page refuses it with. */
function accountUnavailable(context: Context<AppEnv>) {
  return html(context, errorPage("Sign-in failed", "Your account is no longer available."), 401);
}

function formText(value: unknown): string {
  return typeof value === "string" ? value : "";
}

export interface MountedOAuth {
  /** The authorization server's issuer identifier. */
  issuer: string;
  verifyBearer: BearerVerifier;
}

/** Mounts the OAuth routes and returns the bearer-token verifier for `/mcp`. */
export function mountOAuth(app: Hono<AppEnv>, services: AppServices, options: MountOAuthOptions): MountedOAuth {
  const issuer = options.publicUrl.replace(/\/+$/, "");
  const resource = `${issuer}/mcp`;
  // Built at the first OAuth request, and again at the first one after a rotation (from any process) replaced its keys.
  const server = followKeyRotations<AuthorizationServer>({
    build: () =>
      createAuthorizationServer({
        store: services.store,
        logger: services.logger,
        issuer,
        resource,
        trustProxy: options.trustProxy,
        now: () => services.clock.now(),
      }),
    readGeneration: () => readOAuthKeysGeneration(services.store),
  });
  const issuerUrl = new URL(issuer);
  /** The Node request and response, the request's host pinned to the issuer's (pin-to-issuer.ts). */
  const providerBindings = (context: Context<AppEnv>) => {
    const bindings = nodeBindings(context);
    if (bindings) pinToIssuer(bindings.incoming, issuerUrl);
    return bindings;
  };
  // Compared against when an email is unknown, so a wrong email costs the same time as a wrong password.
  const decoy = createDecoyPasswordCheck(options.decoyPasswordCost);

  async function interaction(context: Context<AppEnv>) {
    const bindings = providerBindings(context);
    if (!bindings) return { response: notOnNode(context) } as const;
    const { provider } = await server();
    try {
      const details = await provider.interactionDetails(bindings.incoming, bindings.outgoing);
      if (details.uid !== context.req.param("uid")) throw new Error("interaction mismatch");
      const clientId = String(details.params.client_id ?? "");
      const client = await provider.Client.find(clientId);
      const clientName = client?.clientName ?? clientId;
      return { bindings, provider, details, clientName } as const;
    } catch {
      return {
        response: html(context, errorPage("Sign-in expired", "This sign-in page is no longer valid. Start again from your MCP client."), 400),
      } as const;
    }
  }

  app.get(`${INTERACTION_PREFIX}/:uid`, async (context) => {
    const found = await interaction(context);
    if ("response" in found) return found.response;
    const { details, clientName } = found;
    if (details.prompt.name === "login") return html(context, loginPage({ uid: details.uid, clientName }));
    if (details.prompt.name === "consent") {
      const account = await findActiveAccount(services.store, String(details.session?.accountId ?? ""));
      if (!account) return accountUnavailable(context);
      return html(
        context,
        consentPage({
          uid: details.uid,
          clientName,
          userName: account.user.name,
          tenantName: account.tenant.name,
          resource,
          // What the token will carry is what the client asks for, whatever an earlier grant of it holds.
          readOnly: readsOnly(String(details.params.scope ?? "")),
        }),
      );
    }
    return html(context, errorPage("Sign-in failed", `Unexpected step '${details.prompt.name}'.`), 400);
  });

  app.post(`${INTERACTION_PREFIX}/:uid/login`, async (context) => {
    let form: Record<string, string>;
    try {
      form = await readSignInForm(context.req.raw);
    } catch (error) {
      if (error instanceof SignInFormTooLargeError) return html(context, errorPage("Sign-in failed", "The sign-in form is too large."), 413);
      throw error;
    }
    const found = await interaction(context);
    if ("response" in found) return found.response;
    const { bindings, provider, details, clientName } = found;
    if (details.prompt.name !== "login") return html(context, errorPage("Sign-in failed", "This step is already done."), 400);
    const email = formText(form.email).trim();
    const password = formText(form.password);
    const chosenTenant = formText(form.tenant);
    // Before any lookup or password check: a refused attempt costs one small transaction, no scrypt work.
    const attempt = await admitSignIn(services.store, services.clock.now(), {
      email,
      address: signInAddress(bindings.incoming, options.trustProxy === true),
    });
    if (!attempt.admitted) {
      context.header("Retry-After", String(attempt.retryAfterSeconds));
      const error = `Too many failed sign-ins. Try again in ${waitInWords(attempt.retryAfterSeconds)}.`;
      return html(context, loginPage({ uid: details.uid, clientName, email, error }), 429);
    }
    // A workspace named on the form (the choice page's field) is the only one the password is checked against.
    const candidates = (await services.store.userPasswords.findLoginCandidates(email)).filter(
      (candidate) => chosenTenant === "" || candidate.tenant_uuid === chosenTenant,
    );
    if (candidates.length === 0) await decoy.check(password);
    const matching = [];
    for (const candidate of candidates) {
      if (await verifyPassword(password, candidate.password_hash)) matching.push(candidate);
    }
    const chosen = matching.length === 1 ? matching[0] : undefined;
    if (!chosen) {
      if (matching.length > 1) {
        await attempt.undecided();
        const tenants = matching.map((candidate) => ({ uuid: candidate.tenant_uuid, name: candidate.tenant_name }));
        return html(context, loginPage({ uid: details.uid, clientName, email, tenants }));
      }
      return html(context, loginPage({ uid: details.uid, clientName, email, error: "The email or the password is wrong." }), 401);
    }
    await attempt.succeeded();
    const returnTo = await provider.interactionResult(
      bindings.incoming,
      bindings.outgoing,
      { login: { accountId: accountIdFor(chosen.tenant_uuid, chosen.user_uuid), remember: false } },
      { mergeWithLastSubmission: false },
    );
    return context.redirect(returnTo, 303);
  });

  app.post(`${INTERACTION_PREFIX}/:uid/consent`, async (context) => {
    const found = await interaction(context);
    if ("response" in found) return found.response;
    const { bindings, provider, details } = found;
    if (details.prompt.name !== "consent" || !details.session?.accountId) {
      return html(context, errorPage("Sign-in failed", "Sign in first."), 400);
    }
    // Checked before the grant is made: the user may have been deactivated, or the tenant deleted, since signing in.
    if (!(await findActiveAccount(services.store, details.session.accountId))) return accountUnavailable(context);
    const missing = details.prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session.accountId, clientId: String(details.params.client_id) });
    if (!grant) return html(context, errorPage("Sign-in failed", "The earlier grant is gone; start again."), 400);
    if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
    if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(missing.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(" "));
    }
    const grantId = await grant.save();
    const returnTo = await provider.interactionResult(
      bindings.incoming,
      bindings.outgoing,
      { consent: details.grantId ? {} : { grantId } },
      { mergeWithLastSubmission: true },
    );
    return context.redirect(returnTo, 303);
  });

  app.post(`${INTERACTION_PREFIX}/:uid/abort`, async (context) => {
    const found = await interaction(context);
    if ("response" in found) return found.response;
    const returnTo = await found.provider.interactionResult(
      found.bindings.incoming,
      found.bindings.outgoing,
      { error: "access_denied", error_description: "the user declined" },
      { mergeWithLastSubmission: false },
    );
    return context.redirect(returnTo, 303);
  });

  /** Refuses an open registration past its address's limit, before oidc-provider reads it; null when it may go on. */
  async function refusedRegistration(context: Context<AppEnv>, incoming: IncomingMessage) {
    if (!isRegistrationRequest(incoming.method, incoming.url)) return null;
    const address = signInAddress(incoming, options.trustProxy === true);
    const admission = await admitRegistration(services.perSecondCounter, services.clock.now(), address);
    if (admission.admitted) return null;
    context.header("Retry-After", String(admission.retryAfterSeconds));
    context.header("Cache-Control", "no-store");
    const error_description = `too many client registrations from this address; try again in ${waitInWords(admission.retryAfterSeconds)}`;
    return context.json({ error: "too_many_requests", error_description }, 429);
  }

  /** Hands the request to oidc-provider, which answers on the Node response itself. */
  const delegate = async (context: Context<AppEnv>) => {
    const bindings = providerBindings(context);
    if (!bindings) return notOnNode(context);
    const refused = await refusedRegistration(context, bindings.incoming);
    if (refused) return refused;
    const { provider } = await server();
    bindings.outgoing.setHeader("X-Request-Id", context.get("requestId"));
    if (context.req.path === "/.well-known/oauth-authorization-server") bindings.incoming.url = "/.well-known/openid-configuration";
    await inProviderRequest(() => provider.callback()(bindings.incoming, bindings.outgoing));
    return new Response(null, { status: bindings.outgoing.statusCode || 200, headers: { [ALREADY_SENT_HEADER]: "true" } });
  };
  app.all(`${OAUTH_PREFIX}/*`, delegate);
  app.get("/.well-known/openid-configuration", delegate);
  app.get("/.well-known/oauth-authorization-server", delegate);

  const verifyBearer: BearerVerifier = async (token) => {
    const { keySet } = await server();
    let claims;
    try {
      ({ payload: claims } = await jwtVerify(token, keySet, {
        issuer,
        audience: resource,
        algorithms: [SIGNING_ALGORITHM],
        typ: "at+jwt",
        requiredClaims: ["exp", "sub", "client_id"],
      }));
    } catch (error) {
      const reason = error instanceof Error && "code" in error && error.code === "ERR_JWT_EXPIRED" ? "it has expired" : "it is not a valid access token for this server";
      throw new ApiError(401, `invalid access token: ${reason}; obtain a new one`);
    }
    if (!(await isGrantLive(services.store, { grantId: claims[GRANT_CLAIM], accountId: String(claims.sub), clientId: String(claims.client_id) }, services.clock.now()))) {
      throw new ApiError(401, "invalid access token: its authorization was revoked or has ended; sign in again");
    }
    if (await isAccessTokenRevoked(services.store, claims.jti)) throw new ApiError(401, "invalid access token: it was revoked; obtain a new one");
    const account = parseAccountId(String(claims.sub));
    const tenant = account ? await services.store.tenants.get(account.tenantUuid) : null;
    const user = tenant && account ? await services.store.users.get(tenant.uuid, account.userUuid) : null;
    if (!tenant || !user) throw new ApiError(401, "invalid access token: its user or tenant no longer exists");
    if (!user.is_active) throw new ApiError(401, "invalid access token: its user is deactivated");
    const owner: ApiKeyOwner = {
      tenant,
      // OAuth callers act as their user, like a key bound to that user; the per-second limit
      // counts per user across every OAuth client.
      key: {
        uuid: `oauth:${user.uuid}`,
        // Every token of the user is one client's, whose Idempotency-Key answers outlive a refresh.
        lineage_uuid: `oauth:${user.uuid}`,
        tenant_uuid: tenant.uuid,
        user_uuid: user.uuid,
        key_prefix: OAUTH_KEY_PREFIX,
        label: `OAuth client ${String(claims.client_id)}`,
        created_at: typeof claims.iat === "number" ? claims.iat * 1000 : 0,
        revoked_at: null,
        // The token's own expiry was checked with its signature.
        expires_at: null,
        // A token granted `mcp:read` alone reads only: every check of a read-only key applies to it.
        read_only: readsOnly(typeof claims.scope === "string" ? claims.scope : ""),
      },
    };
    return owner;
  };
  return { issuer, verifyBearer };
}
