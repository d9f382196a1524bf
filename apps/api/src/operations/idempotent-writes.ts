/**
 * @module
 * The `Idempotency-Key` request header on writes (IETF draft-ietf-httpapi-idempotency-key-header): a client that
 * sends a write again after a lost answer (a timeout, a dropped connection) with the same key gets the first answer
 * again, with `Idempotent-Replayed: true`, instead of a second note, task or opportunity. Kept a day per tenant, API
 * key (with the keys rotations made from it) and user context; the key sent with another request is a 422, and while its first request runs a 409. An MCP
 * tool call sends it as the write tool's `idempotency_key` argument (the call's request carries it in the header).
 */
import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { WriteMark } from "@rapport/store";
import type { ContentfulStatusCode, StatusCode } from "hono/utils/http-status";
import { stringify as stableStringify } from "safe-stable-stringify";
import type { AppEnv } from "../app-env.js";
import { ApiError, badRequest } from "../platform/errors/api-error.js";
import { isToolCall } from "../platform/request/tool-call-bindings.js";
import { claimerStopped, THIS_PROCESS_CLAIMER } from "./idempotency-claimer.js";
import { changesNothing, type AnyOperation } from "./operation.js";

/** The request header a client names a write with. */
export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** The argument a write tool takes the key in (an MCP tool call has no headers of its own): an agent calling again after a lost result sends it again. */
export const IDEMPOTENCY_KEY_ARGUMENT = "idempotency_key";
/** The response header of an answer given again for a key. */
export const IDEMPOTENT_REPLAYED_HEADER = "Idempotent-Replayed";
/** How long a key and its answer are kept: a day, the retry horizon of the draft's examples and of payment APIs. */
export const IDEMPOTENCY_KEY_KEPT_MS = 24 * 60 * 60 * 1_000;
/**
 * How long a key whose request has not answered holds before a request sent again with it runs: a server that died
 * mid-request never answers. Longer than any write takes (a batch of 100 under another writer's lock: seconds). A
 * claim of a process of this host that no longer runs is taken over at once (idempotency-claimer).
 */
export const IDEMPOTENCY_CLAIM_STALE_MS = 5 * 60 * 1_000;
/** The longest key taken: 255 characters, as payment APIs take (a UUID needs 36). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

/** Seconds a client told "still in progress" waits before sending the request again. */
const IN_PROGRESS_RETRY_AFTER_SECONDS = 1;

/**
 * Whether the operation honours `Idempotency-Key`: every write (reads are idempotent as they are). An upload's
 * handler claims the key itself once its form is read (see idempotent-uploads).
 */
export function takesIdempotencyKey(operation: Pick<AnyOperation, "method" | "readOnly">): boolean {
  return !changesNothing(operation);
}

/**
 * Whether a key is one a client may send: 1 to 255 visible ASCII characters (`!` to `~`, as an `X-Request-Id` echoed:
 * no space) without a comma (a header given twice arrives joined with ", ").
 */
export function isAcceptableIdempotencyKey(key: string): boolean {
  return key.length > 0 && key.length <= MAX_IDEMPOTENCY_KEY_LENGTH && /^[\x21-\x2b\x2d-\x7e]+$/.test(key);
}

/**
 * The request's key, or null without one; a 400 for a key no client should send (empty, too long, not visible ASCII)
 * and for the header given twice.
 */
export function idempotencyKeyOf(http: Context<AppEnv>): string | null {
  const sent = http.req.header(IDEMPOTENCY_KEY_HEADER);
  if (sent === undefined) return null;
  const key = sent.trim();
  if (isAcceptableIdempotencyKey(key)) return key;
  // A header given twice arrives joined with ", " (Node, Fetch): a proxy adding a key of its own beside the client's
  // would make every retry another key, so the writes it should guard would each run.
  if (key.includes(",")) {
    throw badRequest(`${IDEMPOTENCY_KEY_HEADER} is given more than once, or holds a comma: send one key without commas (a UUID is a good key)`);
  }
  throw badRequest(
    `${IDEMPOTENCY_KEY_HEADER} must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} visible ASCII characters (a UUID is a good key); got ${key === "" ? "an empty value" : `${key.length} characters`}`,
  );
}

/**
 * A digest of what a request asks: its method, path, query and JSON body (as parsed: the same JSON sent again
 * matches, whatever its spacing and the order of its fields); a key sent again with another digest is another request.
 */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  const { pathname, search } = new URL(url);
  // Keys sorted: the same JSON object with its fields in another order is the same request.
  return createHash("sha256").update(stableStringify([method.toUpperCase(), pathname, search, body ?? null]) ?? "").digest("base64url");
}

/**
 * Whose key it is: the API key's lineage (the key and those `keys rotate` made from it: one client, whose retry sent
 * with the new key must not write twice) and the user context (a tenant's clients may choose the same key), with the
 * user's role: a kept answer skips the handler's checks, so an administrator made a member must not be handed what
 * only an administrator was given (a type created, an email's body); under the new role the request runs again.
 */
export function idempotencyCaller(auth: { key: { lineage_uuid: string }; user: { uuid: string; role: string } | null }): string {
  const client = auth.key.lineage_uuid;
  return auth.user === null ? `${client}:` : `${client}:${auth.user.uuid}:${auth.user.role}`;
}

/** A claimed key: keep the request's answer for it, or give the key back when the request failed. */
export interface ClaimedIdempotencyKey {
  /**
   * The claim the request's writes mark written as they commit (`store.idempotentRequests.markingWrites`): an upload's
   * is filled in once its handler claims the key. Done once settled or released.
   */
  mark: WriteMark;
  /** Keeps `response` when it is a success (2xx), else gives the key back: a retry of a refused write runs again. Never throws. */
  settle(response: Response): Promise<void>;
  /** Gives the key back: the request threw. Never throws (a failure is logged: the request's own error goes out). */
  release(): Promise<void>;
}

/**
 * For a write sent with `Idempotency-Key`: the kept answer when one is (as a Response to send), or the key claimed
 * for this request to settle once answered; null without a key. Throws a 422 for the key sent with another request
 * and a 409 (with Retry-After) while the key's first request runs. `key` is the request's, read already.
 */
export async function claimIdempotencyKey(
  http: Context<AppEnv>,
  body: unknown,
  key: string | null = idempotencyKeyOf(http),
): Promise<Response | ClaimedIdempotencyKey | null> {
  if (key === null) return null;
  const { store, clock, logger } = http.get("services");
  const auth = http.get("auth");
  const tenantUuid = auth.tenant.uuid;
  const caller = idempotencyCaller(auth);
  const found = await store.idempotentRequests.claim(tenantUuid, {
    caller,
    key,
    fingerprint: requestFingerprint(http.req.method, http.req.url, body),
    at: clock.now(),
    keepForMs: IDEMPOTENCY_KEY_KEPT_MS,
    staleAfterMs: IDEMPOTENCY_CLAIM_STALE_MS,
    claimer: THIS_PROCESS_CLAIMER,
    claimerStopped,
  });
  switch (found.outcome) {
    case "answered":
      // Through the context, not a Response of its own: the headers the middleware set on it (X-Request-Id, the
      // X-RateLimit-* of every response, as the spec has them) go out with the kept answer too.
      // A conditional write's answer carries the record's tag after it, kept with it (store migration 0097).
      const replayed = { [IDEMPOTENT_REPLAYED_HEADER]: "true", ...(found.entity_tag !== null && { etag: found.entity_tag }) };
      if (found.response === null) return http.body(null, found.status as StatusCode, replayed);
      return http.body(found.response, found.status as ContentfulStatusCode, { "content-type": "application/json", ...replayed });
    case "other_request":
      throw new ApiError(
        422,
        isToolCall(http)
          ? `${IDEMPOTENCY_KEY_ARGUMENT} "${key}" was sent in the last 24 hours with another call (another tool or other arguments): send a new key for a new write`
          : `${IDEMPOTENCY_KEY_HEADER} "${key}" was sent in the last 24 hours with another request (another method, path, query or body): send a new key for a new request`,
      );
    case "in_progress":
      throw new ApiError(
        409,
        isToolCall(http)
          ? `a call with ${IDEMPOTENCY_KEY_ARGUMENT} "${key}" is still being processed: call again in a moment with the same key and arguments to get its result`
          : `a request with ${IDEMPOTENCY_KEY_HEADER} "${key}" is still being processed: send it again in a moment to get its answer`,
        { "Retry-After": String(IN_PROGRESS_RETRY_AFTER_SECONDS) },
      );
    case "written":
      throw new ApiError(
        409,
        `the ${isToolCall(http) ? `call with ${IDEMPOTENCY_KEY_ARGUMENT}` : `request with ${IDEMPOTENCY_KEY_HEADER}`} "${key}" was carried out, but its answer was lost (the server stopped or failed before answering): ` +
          "it is not run again, which would write it twice; read what it wrote, or send a new key to write it again",
      );
    case "claimed": {
      const claimed = { caller, key, claim: found.claim };
      const mark: WriteMark = { tenantUuid, ...claimed };
      // The write's own answer goes out whatever happens here: a key left claimed (another writer held the lock)
      // holds off a request sent again for IDEMPOTENCY_CLAIM_STALE_MS, then lets it run.
      const unsettled = (error: unknown) =>
        logger.warn({ requestId: http.get("requestId"), err: error, idempotencyKey: key }, "could not record the answer of a write sent with an Idempotency-Key");
      const release = () => {
        mark.done = true;
        return store.idempotentRequests.release(tenantUuid, claimed).catch(unsettled);
      };
      return {
        mark,
        release,
        async settle(response) {
          mark.done = true;
          if (response.status < 200 || response.status > 299) return release();
          const text = response.status === 204 ? null : await response.clone().text();
          await store.idempotentRequests
            .answer(tenantUuid, { ...claimed, status: response.status, response: text, entity_tag: response.headers.get("etag"), at: clock.now(), keepForMs: IDEMPOTENCY_KEY_KEPT_MS })
            .catch(unsettled);
        },
      };
    }
  }
}
