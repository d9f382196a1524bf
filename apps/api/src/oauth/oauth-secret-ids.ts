/**
 * @module
 * Which oidc-provider objects have a bearer secret for an id, how such an id is stored, and what is left out of
 * a stored payload, so that a copy of the database carries no usable token, code or sign-in session.
 */
import { createHash } from "node:crypto";

/**
 * Models whose id is what a client or browser presents to use them: tokens and codes (the value itself), the
 * session (the value of its cookie), a pushed request's `request_uri`, a CIBA `auth_req_id`. Not here: `Client`
 * (the public client_id), `Grant` (an internal id: access tokens name it, but nothing takes one from a client),
 * `ReplayDetection` (ids seen from clients), `Interaction` (its id is the sign-in page's URL; resuming it needs the
 * session's cookie), and `DeviceCode`, found by its user code, with no id to put back (the device flow is off).
 */
export const HASHED_ID_MODELS: ReadonlySet<string> = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "ClientCredentials",
  "InitialAccessToken",
  "RegistrationAccessToken",
  "PushedAuthorizationRequest",
  "BackchannelAuthenticationRequest",
  "PreAuthorizedCode",
  "Session",
]);

// oidc-provider's ids are nanoids (A-Z a-z 0-9 _ -): none starts with this, so a stored id says what it is.
const HASHED_ID_PREFIX = "sha256:";

/**
 * The id a secret is stored under. A plain SHA-256: the ids are 43-character nanoids (258 random bits), so a
 * stored hash cannot be reversed or guessed, and a key would have to live outside the database to add anything.
 */
export function hashedOAuthId(id: string): string {
  return HASHED_ID_PREFIX + createHash("sha256").update(id).digest("base64url");
}

/** Whether a stored id is a hash (written by this version), not a raw secret written before. */
export function isHashedOAuthId(id: string): boolean {
  return id.startsWith(HASHED_ID_PREFIX);
}

/**
 * The payload as stored: without `jti` (the id itself, put back from the presented id when found) for the
 * models above, and an interaction without its session's cookie value (oidc-provider only copies it there).
 */
export function storablePayload(model: string, payload: Record<string, unknown>): Record<string, unknown> {
  if (HASHED_ID_MODELS.has(model) && "jti" in payload) {
    const { jti: _secret, ...rest } = payload;
    return rest;
  }
  if (model === "Interaction" && isRecord(payload.session) && "cookie" in payload.session) {
    const { cookie: _secret, ...session } = payload.session;
    return { ...payload, session };
  }
  return payload;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
