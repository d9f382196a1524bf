/**
 * @module
 * `Idempotency-Key` on uploads (multipart/form-data): the request a key stands for is the form as parsed (each text
 * field's name and value, each file's field, name, type and content digest), not its bytes: a client sending an
 * upload again chooses a new boundary, so the same form arrives as other bytes. The handler claims the key once it
 * has read its form; the mount settles the claim with the answer, as for a JSON write.
 */
import { createHash, type Hash } from "node:crypto";
import { Transform } from "node:stream";
import type { WriteMark } from "@rapport/store";
import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";
import { claimIdempotencyKey, idempotencyCaller, idempotencyKeyOf, type ClaimedIdempotencyKey } from "./idempotent-writes.js";

/** One file part of a form as a key compares it: what was sent of it, its bytes by SHA-256 digest. */
export interface FormFileDigest {
  field: string;
  filename: string;
  contentType: string;
  /** The content's SHA-256, hex (see digestOf, digestingStream). */
  sha256: string;
}

/** A form as a key compares it: its text fields (repeats included) and its file parts. */
export interface ComparedForm {
  fields: ReadonlyArray<{ name: string; value: string }>;
  files: readonly FormFileDigest[];
}

/** What a request's upload claim is at: not claimed yet, claimed for this request, or answered already (a replay). */
interface UploadClaim {
  key: string;
  /** What the upload's writes mark: its claim, once the handler claims the key. */
  mark: WriteMark;
  claimed: ClaimedIdempotencyKey | null;
  done: boolean;
}

const uploadClaims = new WeakMap<Context<AppEnv>, UploadClaim>();

/** The SHA-256 of bytes held in memory, hex. */
export function digestOf(content: Uint8Array): string {
  return createHash("sha256").update(content).digest("hex");
}

/** A pass-through stream that digests what goes through it: `digest()` once it has ended. */
export function digestingStream(): Transform & { digest(): string } {
  const hash: Hash = createHash("sha256");
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return Object.assign(stream, { digest: () => hash.digest("hex") });
}

/**
 * The form in a stable order: fields by name, files by field name (parts of one name keep the order sent, which a
 * repeated field's meaning may hang on: a CSV's column mappings).
 */
export function comparedFormBody(form: ComparedForm): unknown {
  const byName = <T>(items: readonly T[], name: (item: T) => string) => [...items].sort((a, b) => (name(a) < name(b) ? -1 : name(a) > name(b) ? 1 : 0));
  return {
    form: byName(form.fields, (field) => field.name).map((field) => [field.name, field.value]),
    files: byName(form.files, (file) => file.field).map((file) => [file.field, file.filename, file.contentType, file.sha256]),
  };
}

/**
 * Called by the mount before an upload's handler runs: reads the request's key (a 400 for a bad one, before the body
 * is read) and returns what settles the handler's claim once answered; null without a key.
 */
export function expectUploadClaim(http: Context<AppEnv>): ClaimedIdempotencyKey | null {
  const key = idempotencyKeyOf(http);
  if (key === null) return null;
  const claim: UploadClaim = { key, claimed: null, done: false, mark: {} };
  uploadClaims.set(http, claim);
  const { logger } = http.get("services");
  return {
    mark: claim.mark,
    async settle(response) {
      claim.mark.done = true;
      if (claim.claimed !== null) return claim.claimed.settle(response);
      if (!claim.done && response.status >= 200 && response.status <= 299) {
        logger.error({ requestId: http.get("requestId"), path: http.req.path }, "an upload sent with an Idempotency-Key answered without claiming it");
      }
    },
    async release() {
      claim.mark.done = true;
      await claim.claimed?.release();
    },
  };
}

/**
 * Whether an answer is kept for the request's key (false without one): an upload refused before its form is read (an
 * import at its tenant's limit) reads it after all when it may be the retry of an answered upload.
 */
export async function uploadKeyAnswered(http: Context<AppEnv>): Promise<boolean> {
  const claim = uploadClaims.get(http);
  if (claim === undefined) return false;
  const { store, clock } = http.get("services");
  const auth = http.get("auth");
  return store.idempotentRequests.hasAnswer(auth.tenant.uuid, { caller: idempotencyCaller(auth), key: claim.key, at: clock.now() });
}

/**
 * Called by an upload's handler once its form is read, before it writes: the kept answer to send when the key's
 * request was answered already (the handler returns it, writing nothing); null to go on (the key claimed, or none
 * sent). Throws the 422 of the key sent with another form, the 409 while its first request runs.
 */
export async function claimUploadIdempotencyKey(http: Context<AppEnv>, form: ComparedForm): Promise<Response | null> {
  const claim = uploadClaims.get(http);
  if (claim === undefined) return null;
  const found = await claimIdempotencyKey(http, comparedFormBody(form), claim.key);
  if (found instanceof Response) {
    claim.done = true;
    return found;
  }
  claim.claimed = found;
  if (found !== null) Object.assign(claim.mark, found.mark);
  return null;
}
