/**
 * @module
 * Turns the operation table into Hono routes: path, query and body validated from the same zod
 * schemas that the OpenAPI document and MCP tools are made from; handler results serialized with
 * the operation's success status.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { AppEnv } from "../app-env.js";
import { requireAdministrator } from "../platform/auth/require-administrator.js";
import { ApiError, badRequest, forbidden } from "../platform/errors/api-error.js";
import { declaredPathResolver, methodNotAllowed, servesMethod, shapeOf } from "../platform/errors/declared-paths.js";
import { readJsonBody } from "../platform/request/json-body.js";
import { malformedQueryProblem } from "../platform/request/malformed-query.js";
import { nodeBindings } from "../platform/request/node-bindings.js";
import { entityTagOf, namesCurrentAnswer } from "../platform/request/entity-tag.js";
import { refuseEntityTagCondition } from "../platform/request/if-match.js";
import { refuseUnexpectedBody } from "../platform/request/unexpected-body.js";
import { requestCacheRule } from "../platform/response-cache/cache-rule.js";
import { requestTargetOf } from "../platform/response-cache/response-cache.js";
import { answerMismatch } from "./answer-mismatch.js";
import { expectUploadClaim } from "./idempotent-uploads.js";
import { claimIdempotencyKey, IDEMPOTENCY_KEY_ARGUMENT, takesIdempotencyKey } from "./idempotent-writes.js";
import { BODY_ARGUMENT, changesNothing, type AnyOperation, type StatusReply } from "./operation.js";
import { createRecordWriteGate } from "./record-write-gate.js";
import { isStreamedList, streamedListBody, type StreamedList } from "./streamed-list.js";
import { conditionalReadOf, currentEntityTag, currentRecordDigest, ifMatchCheck, ifMatchOfMerge, mergedReadOf, recordGateKey, type TaggedReadInput } from "./tagged-reads.js";
import { collectQuery, parseInput } from "./validate-input.js";
import { withMailboxTextBudget } from "../platform/request/mailbox-text.js";

const emptyQuery = z.object({});

/** `/v1/persons/{person_uuid}` → `/v1/persons/:person_uuid`. */
export function toHonoPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ":$1");
}

function isStatusReply(value: unknown): value is StatusReply<unknown> {
  return typeof value === "object" && value !== null && "status" in value && "body" in value && Object.keys(value).length === 2;
}

const JSON_CONTENT = { "content-type": "application/json" };

/** The response cache's entry for this request (see requestCacheRule): the kept answer when one holds, and how to keep a new one. */
function cacheSlot(
  http: Context<AppEnv>,
  operationId: string,
): { found: { body: Uint8Array; age: number; tag?: string } | undefined; keep(body: Uint8Array, tag: string | undefined): void } {
  const rule = requestCacheRule(http.get("services"), http.get("auth"), operationId, http.req.header("cache-control"), "whole");
  const target = requestTargetOf(http.req.url);
  return { found: rule.find(target), keep: (body, tag) => rule.keep(target, body, tag) };
}

/**
 * A tagged read's 200 (`bytes`, headers `extra`) with its `ETag`, or the 304 of an `If-None-Match` naming it: no
 * body, its tag and the other headers only (RFC 9110 15.4.5).
 */
function taggedAnswer(http: Context<AppEnv>, bytes: Uint8Array, tag: string | undefined, extra: Record<string, string> = {}): Response {
  if (tag === undefined) return http.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...JSON_CONTENT, ...extra });
  const ifNoneMatch = http.req.header("if-none-match");
  if (ifNoneMatch !== undefined && namesCurrentAnswer(ifNoneMatch, tag)) return http.body(null, 304, { ...extra, etag: tag });
  return http.body(bytes as Uint8Array<ArrayBuffer>, 200, { ...JSON_CONTENT, ...extra, etag: tag });
}

/** Checks each item of a streamed list against the element schema of the same list in the operation's response. */
function itemCheck(operation: AnyOperation, list: StreamedList): (item: unknown) => void {
  const field = operation.response instanceof z.ZodObject ? operation.response.shape[list.field] : undefined;
  if (!(field instanceof z.ZodArray)) throw new ApiError(500, `${operation.operationId} streams "${list.field}", which its response schema does not list`);
  const element = field.element as z.ZodType;
  return (item) => {
    const mismatch = answerMismatch(element, item);
    if (mismatch !== null) throw new ApiError(500, `an item of ${operation.operationId}'s "${list.field}" does not match its schema: ${mismatch}`);
  };
}

export interface MountOptions {
  /** Checks each response, as it is sent, against the operation's schema (500 on mismatch); for tests. */
  validateResponses?: boolean;
  /** Whether the database's files are no longer those the server opened (createApp's `databaseLost`): writes are then refused. */
  databaseLost?: () => boolean | string;
}

/** The 503 of a write while the server's database file (or its `-wal`, `-shm`) is deleted or replaced under it. */
const DATABASE_LOST_MESSAGE =
  "the server's database file was deleted or replaced while it had it open, so this request was not stored (its operator has to restart the server); retry later";

export function mountOperations(app: Hono<AppEnv>, operations: readonly AnyOperation[], options: MountOptions = {}) {
  const seen = new Set<string>();
  const recordWrites = createRecordWriteGate();
  const declaredPathOf = declaredPathResolver(operations);
  // The words of the declared paths: a parameter holding one (`batch`) may mean a literal path beside its route.
  const literalSegments = new Set(operations.flatMap((operation) => operation.path.split("/").filter((segment) => segment !== "" && !segment.startsWith("{"))));
  for (const operation of operations) {
    if (seen.has(operation.operationId)) throw new Error(`mountOperations: duplicate operationId "${operation.operationId}"`);
    seen.add(operation.operationId);
    const writes = !changesNothing(operation);
    const conditionalRead = conditionalReadOf(operation);
    const mergedRead = mergedReadOf(operation);
    const idempotent = takesIdempotencyKey(operation);
    // An upload reads its own (multipart) body; an operation with neither takes none.
    const takesNoBody = operation.body === undefined && operation.multipart === undefined;
    const shape = shapeOf(operation.path);
    const parameterNames = [...operation.path.matchAll(/\{([^}/]+)\}/g)].map((match) => match[1]!);
    // The arguments of the operation's MCP tool (mcp-tools.ts), which a tool call's refusal of another names.
    const toolArguments = [...parameterNames, ...Object.keys(operation.query?.shape ?? {}), ...(takesNoBody ? [] : [BODY_ARGUMENT]), ...(idempotent ? [IDEMPOTENCY_KEY_ARGUMENT] : [])];
    app.on(operation.method.toUpperCase(), toHonoPath(operation.path), async (http) => {
      // The router takes `GET /v1/emails/batch` for `GET /v1/emails/{email_uuid}`; the path meant is the literal
      // `/v1/emails/batch`, and a wrong method there is a 405 (as handleNotFound answers), not a malformed uuid.
      // Only when a parameter holds a declared path's word (never a uuid): no cost on the routes' usual requests.
      if (parameterNames.some((name) => literalSegments.has(http.req.param(name) ?? ""))) {
        const declared = declaredPathOf(http.req.path);
        if (declared !== undefined && declared.shape !== shape && !servesMethod(declared, http.req.method)) {
          throw methodNotAllowed(http.req.method, http.req.path, declared);
        }
      }
      if (writes && http.get("auth").key.read_only) {
        throw forbidden(`this API key is read-only: ${operation.method.toUpperCase()} ${operation.path} may change the tenant's data`);
      }
      // Stored, it would be answered 201 and gone at the next start (a file no one opens again), or written beside
      // another process's new -wal: refused instead, which a client retries once the server is restarted.
      if (writes && (options.databaseLost?.() ?? false) !== false) throw new ApiError(503, DATABASE_LOST_MESSAGE, { "Retry-After": "60" });
      if (takesNoBody) await refuseUnexpectedBody(http, operation.path);
      const cached = operation.cacheable ? cacheSlot(http, operation.operationId) : null;
      if (cached?.found !== undefined) {
        const { body, age, tag } = cached.found;
        return taggedAnswer(http, body, tag, { age: String(Math.floor(age / 1000)) });
      }
      const params = operation.params ? parseInput(operation.params, http.req.param(), "path parameter") : {};
      const queryProblem = malformedQueryProblem(http.req.url);
      if (queryProblem !== null) throw badRequest(queryProblem);
      const query = parseInput(
        operation.query ?? emptyQuery,
        collectQuery(operation.query, http.req.queries(), operation.unknownQueryAdvice, toolArguments),
        "query parameter",
      );
      let body: unknown = undefined;
      let rawBody: unknown = undefined;
      if (operation.body) {
        rawBody = await readJsonBody(http);
        if (rawBody === undefined) throw badRequest("request body is required: send a JSON document", `argument '${BODY_ARGUMENT}' is required`);
        const schema = operation.body;
        body = withMailboxTextBudget(() => parseInput(schema, rawBody, "body"));
      }
      const taggedReadInput: TaggedReadInput = { params, auth: http.get("auth"), services: http.get("services") };
      const answer = async (): Promise<Response> => {
        if (operation.onlyAdministratorsMay !== undefined) requireAdministrator(http.get("auth"), operation.onlyAdministratorsMay);
        // Read before the answer: a write between them leaves a tag naming the older record, which If-Match then refuses.
        const recordDigest = operation.taggedRecord === undefined ? null : await currentRecordDigest(operation, taggedReadInput);
        const result = await operation.handler({
          params,
          query,
          body,
          auth: http.get("auth"),
          services: http.get("services"),
          requestId: http.get("requestId"),
          http,
          ...(conditionalRead !== undefined && { ifMatch: ifMatchCheck(conditionalRead, params, http) }),
          ...(mergedRead !== undefined && { ifMatch: ifMatchOfMerge(mergedRead, http) }),
        });
        // A handler that streams bytes (a file download) builds its own Response.
        if (result instanceof Response) return result;
        if (isStreamedList(result)) {
          const check = options.validateResponses ? itemCheck(operation, result) : undefined;
          const onError = (error: unknown) =>
            http.get("services").logger.error({ requestId: http.get("requestId"), err: error, method: http.req.method, path: http.req.path }, "streamed answer failed after its first part");
          const outgoing = nodeBindings(http)?.outgoing;
          const cutConnection = outgoing ? () => outgoing.destroy() : undefined;
          // Declared up front: @hono/node-server then writes the headers at once, and a later failure always
          // cuts the connection (it would otherwise read ahead, and could end a short body with a length).
          return http.body(await streamedListBody(result, { check, onError, cutConnection }), 200, { ...JSON_CONTENT, "transfer-encoding": "chunked" });
        }
        const { status, body: responseBody } = isStatusReply(result)
          ? result
          : { status: operation.successStatus ?? 200, body: result };
        if (options.validateResponses && status !== (operation.successStatus ?? 200) && operation.otherSuccesses?.[status as 200] === undefined) {
          throw new ApiError(500, `${operation.operationId} answered ${status}, a status it does not document (successStatus, otherSuccesses)`);
        }
        if (status === 204) return http.body(null, 204);
        if (options.validateResponses && operation.response) {
          const mismatch = answerMismatch(operation.response, responseBody);
          if (mismatch !== null) throw new ApiError(500, `response of ${operation.operationId} does not match its schema: ${mismatch}`);
        }
        if (conditionalRead !== undefined) return withRecordTag(http.json(responseBody as object, status as ContentfulStatusCode));
        if (status !== 200 || (cached === null && recordDigest === null)) return http.json(responseBody as object, status as ContentfulStatusCode);
        const bytes = Buffer.from(JSON.stringify(responseBody));
        const tag = recordDigest === null ? undefined : entityTagOf(recordDigest, bytes);
        cached?.keep(bytes, tag);
        return taggedAnswer(http, bytes, tag);
      };
      if (conditionalRead === undefined) {
        if (writes && mergedRead === undefined) refuseEntityTagCondition(http);
        return writeOnce();
      }
      return recordWrites.run(recordGateKey(conditionalRead, taggedReadInput), writeOnce);

      /**
       * The record's tag after a write of it, on its answer: before an Idempotency-Key keeps the answer, so a retry
       * gets it too. Read in the record's turn of the gate, before a later write of it through the same operations.
       */
      async function withRecordTag(response: Response): Promise<Response> {
        try {
          const tag = await currentEntityTag(conditionalRead!, taggedReadInput, http);
          if (tag !== null) response.headers.set("etag", tag);
        } catch (error) {
          // The write is done: its answer without a tag, rather than a 500 that a client would send again.
          http.get("services").logger.warn({ requestId: http.get("requestId"), err: error, path: http.req.path }, "could not read a record's tag after writing it");
        }
        return response;
      }

      async function writeOnce(): Promise<Response> {
        // An upload's key stands for its form as parsed, which its handler reads: the handler claims it then.
        const idempotency = !idempotent ? null : operation.multipart ? expectUploadClaim(http) : await claimIdempotencyKey(http, rawBody);
        // An operation's write got through: a full disk, a lock or a read-only file met before is over (GET /ready).
        const noteWritten = (response: Response) => {
          if (writes && response.ok) http.get("storageFaults")?.wroteAgain();
          return response;
        };
        if (idempotency === null) return noteWritten(await answer());
        if (idempotency instanceof Response) return idempotency;
        let response: Response;
        try {
          // Its writes mark the key's claim written as they commit: a retry after a crash before the answer was kept is
          // then refused, not run twice. An operation safe to repeat runs again instead (its answer is then the same).
          response = operation.idempotent ? await answer() : await http.get("services").store.idempotentRequests.markingWrites(idempotency.mark, answer);
        } catch (error) {
          await idempotency.release();
          throw error;
        }
        await idempotency.settle(response);
        return noteWritten(response);
      }
    });
  }
}
