/**
 * @module
 * The entity tags of tagged single-record reads (an operation's `taggedRecord`) as the writes of their records
 * (`conditionalOn`) need them: the record part to check an `If-Match` against, and the whole tag of the record as it
 * stands after a write, which the write's answer sends.
 */
import type { Context } from "hono";
import type { AppEnv } from "../app-env.js";
import type { AuthContext } from "../platform/auth/auth-context.js";
import { entityTagOf, recordDigestOf } from "../platform/request/entity-tag.js";
import { namesEntityTags, refuseChangedRecord } from "../platform/request/if-match.js";
import type { AppServices } from "../services.js";
import type { AnyOperation } from "./operation.js";

/** What a tagged read is asked with: the path's values (those of the write, which has the same path) and the caller. */
export interface TaggedReadInput {
  params: Record<string, unknown>;
  auth: AuthContext;
  services: AppServices;
}

/**
 * Checks at mount that `write.conditionalOn` is a tagged GET of the same path, and returns it.
 *
 * @example
 * const read = conditionalReadOf(updatePerson); // getPerson
 */
export function conditionalReadOf(write: AnyOperation): AnyOperation | undefined {
  const read = write.conditionalOn;
  if (read === undefined) return undefined;
  if (read.method !== "get" || read.taggedRecord === undefined || read.path !== write.path) {
    throw new Error(`${write.operationId}: conditionalOn must be the tagged GET of ${write.path}, not ${read.operationId}`);
  }
  return read;
}

/**
 * Checks at mount that `merge.mergeOf` is a tagged GET of one record, and returns it.
 *
 * @example
 * const read = mergedReadOf(mergePerson); // getPerson
 */
export function mergedReadOf(merge: AnyOperation): AnyOperation | undefined {
  const read = merge.mergeOf;
  if (read === undefined) return undefined;
  if (read.method !== "get" || read.taggedRecord === undefined || [...read.path.matchAll(/\{/g)].length !== 1) {
    throw new Error(`${merge.operationId}: mergeOf must be the tagged GET of one record, not ${read.operationId}`);
  }
  return read;
}

/** The key the writes of the record a tagged read answers queue under (record-write-gate.ts). */
export function recordGateKey(read: AnyOperation, input: TaggedReadInput): string {
  return `${input.auth.tenant.uuid} ${read.operationId} ${JSON.stringify(input.params)}`;
}

/** How a 412 names the record ("person <uuid>") and where to read it again ("GET /v1/persons/<uuid>"). */
export function recordNamesOf(read: AnyOperation, params: Record<string, unknown>): { what: string; readPath: string } {
  const path = read.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => String(params[name]));
  return { what: `${read.area.toLowerCase()} ${Object.values(params).join(" ")}`, readPath: `GET ${path}` };
}

/** The record part of the tag of `record` as the read's `taggedRecord` gives it (its `taggedState`, when it has one). */
export function recordDigestFor(read: AnyOperation, record: unknown): string {
  const taggedState = read.taggedState as ((record: unknown) => unknown) | undefined;
  return recordDigestOf(taggedState === undefined ? record : taggedState(record));
}

/**
 * The record part of the tag the read answers with now, or null when the caller cannot see the record (the read,
 * and the write without a condition, answer 404 then).
 */
export async function currentRecordDigest(read: AnyOperation, input: TaggedReadInput): Promise<string | null> {
  const record = await read.taggedRecord!(input);
  return record === null || record === undefined ? null : recordDigestFor(read, record);
}

/**
 * The `ifMatch` of a write of the record the read answers (`OperationContext`): a check of the record as the store
 * reads it in the write's transaction, a 412 when the `If-Match` names none of its tag's record part; undefined
 * without an `If-Match` naming tags (none, or `*`: a record that exists, which the write's 404 checks).
 */
export function ifMatchCheck(read: AnyOperation, params: Record<string, unknown>, http: Context<AppEnv>): ((current: unknown) => void) | undefined {
  if (!namesEntityTags(http.req.header("if-match"))) return undefined;
  const { what, readPath } = recordNamesOf(read, params);
  return (current) => refuseChangedRecord(http, recordDigestFor(read, current), what, readPath);
}

/**
 * The `ifMatch` of a merge of two records the read answers: a check of both as the store reads them in the merge's
 * transaction (`{ canonical, superseded }`), a 412 naming the first whose current tag's record part the `If-Match`
 * does not list; undefined without an `If-Match` naming tags.
 */
export function ifMatchOfMerge(read: AnyOperation, http: Context<AppEnv>): ((pair: unknown) => void) | undefined {
  if (!namesEntityTags(http.req.header("if-match"))) return undefined;
  const parameter = /\{([^}]+)\}/.exec(read.path)![1]!;
  return (pair) => {
    const { canonical, superseded } = pair as { canonical: { uuid: string }; superseded: { uuid: string } };
    for (const record of [canonical, superseded]) {
      const { what, readPath } = recordNamesOf(read, { [parameter]: record.uuid });
      refuseChangedRecord(http, recordDigestFor(read, record), what, readPath);
    }
  };
}

/**
 * The whole tag the read would answer with now: the record read first, then the answer (as the read itself does, so a
 * write landing between them leaves a tag that names the older record), or null when it does not answer 200.
 */
export async function currentEntityTag(read: AnyOperation, input: TaggedReadInput, http: Context<AppEnv>): Promise<string | null> {
  const recordDigest = await currentRecordDigest(read, input);
  if (recordDigest === null) return null;
  const answer = await read.handler({ ...input, query: {}, body: undefined, requestId: http.get("requestId"), http });
  return entityTagOf(recordDigest, JSON.stringify(answer));
}
