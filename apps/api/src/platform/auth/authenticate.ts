/**
 * @module
 * API key authentication and the user context, exactly as the specification's Authentication
 * section: 401 for a missing, unknown, revoked or expired key (or a deleted tenant); 403 for a bad
 * `x-service-user-id` or a user-scoped key whose bound user is gone or inactive.
 */
import type { ApiKeyOwner, KeyUseChannel, Store } from "@rapport/store";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../../app-env.js";
import { OAUTH_KEY_PREFIX } from "../../mcp/mcp-scopes.js";
import { ApiError, forbidden } from "../errors/api-error.js";
import { isUuid } from "../request/uuid-pattern.js";
import type { AuthContext } from "./auth-context.js";
import { hashApiKey } from "./api-key-secret.js";
import { activeUserOfPerson, personOfUserHint } from "./person-of-user-hint.js";
import { PresentedKeyHashes } from "./presented-key-hashes.js";

export const API_KEY_HEADER = "x-api-key";
export const USER_HEADER = "x-service-user-id";

const missingKey = () =>
  new ApiError(401, `missing API key: send it in the ${API_KEY_HEADER} header`);
const invalidKey = () => new ApiError(401, "invalid API key: it is unknown, revoked or expired, or its tenant was deleted");
// A header given twice arrives joined with ", " (Node, Fetch); no key or uuid holds a comma.
const keyGivenTwice = () => new ApiError(401, `${API_KEY_HEADER} is given more than once: send one API key`);

export interface AuthenticateKeyOptions {
  /**
   * Callers already authenticated in-process, by request: the MCP bridge registers the requests its tool calls
   * build for the caller its MCP request came with (an API key or an OAuth token). Only `Request` objects created inside the
   * process can be keys here, so no client can claim an entry.
   */
  trustedCallers?: WeakMap<Request, ApiKeyOwner>;
  /** What a use of the key is recorded as (its last use, for `rapport keys list`): a REST call unless told. */
  via?: KeyUseChannel;
}

/** A key's hash is the same whatever the store, so one memo serves every app in the process. */
const presentedKeyHashes = new PresentedKeyHashes();

/** The live key presented in `x-api-key` (the header's value, or nothing) and its tenant; 401 otherwise. */
export async function keyOwnerOf(store: Store, presented: string | undefined): Promise<ApiKeyOwner> {
  const trimmed = presented?.trim();
  if (!trimmed) throw missingKey();
  if (trimmed.includes(",")) throw keyGivenTwice();
  const remembered = presentedKeyHashes.remembered(trimmed);
  const keyHash = remembered ?? hashApiKey(trimmed);
  const owner = await store.apiKeys.findActiveByHash(keyHash);
  if (!owner) {
    if (remembered !== undefined) presentedKeyHashes.forget(trimmed);
    throw invalidKey();
  }
  if (remembered === undefined) presentedKeyHashes.rememberLive(trimmed, keyHash);
  return owner;
}

/**
 * Finds the live key of `x-api-key` and its tenant (401 otherwise), and notes the key's use; rate limiting runs
 * next. A trusted caller's request (an MCP tool call's, whose MCP request noted the use) is not noted again.
 */
export function authenticateKey(options: AuthenticateKeyOptions = {}): MiddlewareHandler<AppEnv> {
  const { trustedCallers, via = "rest" } = options;
  return async (context, next) => {
    let owner = trustedCallers?.get(context.req.raw);
    if (owner === undefined) {
      const { store } = context.get("services");
      owner = await keyOwnerOf(store, context.req.header(API_KEY_HEADER));
      store.apiKeys.noteUse(owner.key, via);
    }
    context.set("apiKeyOwner", owner);
    await next();
  };
}

/**
 * The user context of a call with `owner`'s key and `requested` in `x-service-user-id` (or nothing): the key's
 * bound user, else the requested one, else none (tenant-wide). 403 for a bad, unknown or deactivated user.
 */
export async function userContextOf(store: Store, owner: ApiKeyOwner, requested: string | undefined): Promise<AuthContext> {
  const { key, tenant } = owner;
  const requestedUser = requested?.trim();
  if (requestedUser?.includes(",")) throw forbidden(`${USER_HEADER} is given more than once: send one user's UUID`);
  let userUuid: string | null = null;
  if (key.user_uuid) {
    if (requestedUser !== undefined && requestedUser.toLowerCase() !== key.user_uuid.toLowerCase()) {
      // An OAuth token acts as its user as a bound key does (mount-oauth.ts), but the client holds no API key.
      const credential = key.key_prefix === OAUTH_KEY_PREFIX ? "the user this OAuth access token acts for" : "the user this API key is bound to";
      // The bound user's own person uuid is told apart: a colleague's would be refused as that user too.
      const named = isUuid(requestedUser) ? await activeUserOfPerson(store, tenant.uuid, requestedUser.toLowerCase()) : null;
      throw forbidden(`${USER_HEADER} does not match ${credential}${named?.uuid === key.user_uuid ? personOfUserHint(named) : ""}`);
    }
    userUuid = key.user_uuid;
  } else if (requestedUser !== undefined) {
    if (!isUuid(requestedUser)) throw forbidden(`${USER_HEADER} must be the UUID of a user of this tenant`);
    userUuid = requestedUser.toLowerCase();
  }

  let user = null;
  if (userUuid) {
    user = await store.users.get(tenant.uuid, userUuid);
    if (!user) {
      if (key.user_uuid) throw forbidden("the user this API key is bound to no longer exists");
      const named = await activeUserOfPerson(store, tenant.uuid, userUuid);
      throw forbidden(`${USER_HEADER} is not a user of this tenant${named ? personOfUserHint(named) : ""}`);
    }
    if (!user.is_active) {
      throw forbidden(
        key.user_uuid ? "the user this API key is bound to is deactivated" : `${USER_HEADER} names a deactivated user`,
      );
    }
  }
  return { tenant, key, user, isAdministrator: user === null || user.role === "administrator" };
}

/** Settles the user context from the key's binding and `x-service-user-id` (403 on a bad one). */
export function resolveUserContext(): MiddlewareHandler<AppEnv> {
  return async (context, next) => {
    context.set("auth", await userContextOf(context.get("services").store, context.get("apiKeyOwner"), context.req.header(USER_HEADER)));
    await next();
  };
}
