/**
 * @module
 * The operation table's entry type. Every `/v1` operation is declared once, with its zod schemas
 * and handler; routes, the OpenAPI document and the MCP tools are all derived from these entries.
 */
import type { Context } from "hono";
import type { z } from "zod";
import type { AppEnv } from "../app-env.js";
import type { AuthContext } from "../platform/auth/auth-context.js";
import type { StreamedList } from "./streamed-list.js";
import type { AppServices } from "../services.js";

/** The argument of an operation's MCP tool that carries its request body (JSON, or an upload's form fields). */
export const BODY_ARGUMENT = "body";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

type ObjectSchema = z.ZodObject<z.ZodRawShape>;

/** What a handler receives: validated input, the caller, and the services. */
export interface OperationContext<Params, Query, Body> {
  params: Params;
  query: Query;
  body: Body;
  auth: AuthContext;
  services: AppServices;
  requestId: string;
  /** The raw Hono context, for the rare handler that needs headers or streaming. */
  http: Context<AppEnv>;
  /**
   * A write with `conditionalOn` sent with an `If-Match` naming tags: the check of the record as stored against them
   * (a 412 when none names it), which the handler passes to its store write as `precondition`, so that it runs in the
   * write's own transaction, where no other writer can change the record in between. Undefined otherwise.
   */
  ifMatch?: (current: unknown) => void;
}

/** A handler's answer when the status is not the operation's usual success status. */
export interface StatusReply<Body> {
  status: number;
  body: Body;
  [statusReplyBrand]: true;
}
declare const statusReplyBrand: unique symbol;

/**
 * A handler's answer with a status other than the operation's usual one.
 *
 * @example
 * return reply(201, created);
 */
export function reply<Body>(status: number, body: Body): StatusReply<Body> {
  return { status, body } as StatusReply<Body>;
}

export interface Operation<
  ParamsSchema extends ObjectSchema | undefined = ObjectSchema | undefined,
  QuerySchema extends ObjectSchema | undefined = ObjectSchema | undefined,
  BodySchema extends z.ZodType | undefined = z.ZodType | undefined,
  ResponseSchema extends z.ZodType | undefined = z.ZodType | undefined,
> {
  /** Unique, camelCase; names the MCP tool too. */
  operationId: string;
  method: HttpMethod;
  /** OpenAPI-style path under /v1, with `{name}` parameters. */
  path: `/v1/${string}`;
  /** The spec's area (Person, Company, ...): the OpenAPI tag. */
  area: string;
  summary: string;
  description: string;
  /**
   * The MCP tool's description, where `description` gives advice only a REST call can follow (a request
   * header, a status the tool result does not show, how the body is streamed or uploaded). The OpenAPI
   * description stays `description`.
   */
  mcpDescription?: string;
  params?: ParamsSchema;
  query?: QuerySchema;
  /**
   * What the 400 of a query parameter the operation does not take says, by that parameter's name, where another
   * operation answers what it asks (a person list's `email`: the lookup by email). Cited operations name their tools
   * over MCP.
   *
   * @example
   * unknownQueryAdvice: { email: "find persons by email address with POST /v1/persons/lookup/batch" }
   */
  unknownQueryAdvice?: Readonly<Record<string, string>>;
  body?: BodySchema;
  /** Status of a normal success: 200 unless stated. 204 responses have no body. */
  successStatus?: 200 | 201 | 202 | 204;
  /**
   * Other statuses a success may answer with (through `reply`), each with what it means; the body is the usual
   * one. Documented in the OpenAPI document beside `successStatus`.
   *
   * @example
   * otherSuccesses: { 200: "Linked already: the existing association, unchanged." }
   */
  otherSuccesses?: Partial<Record<200 | 201 | 202, string>>;
  response?: ResponseSchema;
  /** Error statuses this operation documents beyond the common ones (400, 401, 403, 429, 500). */
  errors?: readonly number[];
  /** Safe to repeat with the same effect (the spec says so). */
  idempotent?: boolean;
  /**
   * Workspace-wide operations only an administrator (or a tenant-wide call) may make, whatever the record: what a
   * member is refused, in the words of the 403 "only an administrator may <this>". Checked before the handler runs;
   * the OpenAPI document marks the operation `x-administrators-only` and a member's MCP client is not offered its tool.
   *
   * @example
   * onlyAdministratorsMay: "erase a person"
   */
  onlyAdministratorsMay?: string;
  /** A POST that changes nothing (a batch read or a lookup): its MCP tool is marked read-only. */
  readOnly?: boolean;
  /**
   * A POST that removes or overwrites records (a merge, an import that rewrites what it matches): its MCP
   * tool is marked destructive, as PUT, PATCH and DELETE tools are. Other POSTs only add.
   */
  destructive?: boolean;
  /**
   * The answer depends only on the tenant's data, the calling user context, the path and query, and the
   * time: a success is kept in the response cache (per tenant and user context) and served again while the
   * tenant's data holds still, for at most the cache's maximum age (see platform/response-cache).
   */
  cacheable?: boolean;
  /**
   * Makes a single-record GET tagged: reads the stored record its answer is built from (null when the caller cannot
   * see it), before the handler runs. The answer then carries a strong `ETag` (a digest of that record and one of the
   * answer's bytes, platform/request/entity-tag.ts), and an `If-None-Match` naming it is a 304.
   */
  taggedRecord?(
    input: Pick<OperationContext<ParamsSchema extends ObjectSchema ? z.output<ParamsSchema> : Record<string, never>, unknown, unknown>, "params" | "auth" | "services">,
  ): Promise<unknown>;
  /**
   * What of the `taggedRecord` its tag's record part digests, when not all of it (an opportunity's fields that move
   * with the clock or other records are left out). Applied too to the record a conditional write's store
   * `precondition` is given.
   */
  taggedState?(record: never): unknown;
  /**
   * A write of the record that this tagged read (same path) answers: an `If-Match` naming the read's `ETag` holds
   * while the record is as it was read, and is a 412 once it changed; a success carries the record's new tag. The
   * handler hands its context's `ifMatch` to the store write as its `precondition`: the comparison is made in the
   * write's transaction, after the handler's own refusals (a member's 403). Such writes of one record run one at a
   * time in the process (operations/record-write-gate.ts), so the tag a success answers names its own write.
   */
  conditionalOn?: AnyOperation;
  /**
   * A merge of two records this tagged read answers (the path's canonical one, the body's superseded one): an
   * `If-Match` holds while it lists the current tag of each (the merge rewrites one and removes the other), checked in
   * the merge's transaction through the context's `ifMatch`, which the store's merge is given as its `precondition`.
   */
  mergeOf?: AnyOperation;
  /**
   * The operation reads a multipart/form-data body itself (uploads) instead of a JSON `body`: the
   * fields it takes, for the OpenAPI document and MCP tools.
   */
  multipart?: { fields: Record<string, MultipartField> };
  /** The success answer is raw bytes, not JSON (downloads). */
  binaryResponse?: { description: string };
  /** A valid input, shown in the OpenAPI document and used by the table-walking test suites. */
  example?: {
    query?: Record<string, string>;
    /** The text fields of a valid multipart form (its file parts are made up by the tests). */
    form?: Record<string, string | string[]>;
    body?: BodySchema extends z.ZodType ? z.input<BodySchema> : never;
  };
  handler(
    context: OperationContext<
      ParamsSchema extends ObjectSchema ? z.output<ParamsSchema> : Record<string, never>,
      QuerySchema extends ObjectSchema ? z.output<QuerySchema> : Record<string, never>,
      BodySchema extends z.ZodType ? z.output<BodySchema> : undefined
    >,
  ): Promise<
    | (ResponseSchema extends z.ZodType ? z.input<ResponseSchema> : undefined)
    | StatusReply<ResponseSchema extends z.ZodType ? z.input<ResponseSchema> : undefined>
    /** A raw response, for the rare operation that answers with bytes rather than JSON. */
    | Response
    /** The response's one list, produced and sent in parts (see streamed-list). */
    | StreamedList
  >;
}

/** Declares an operation with full type inference from its schemas. */
export function defineOperation<
  ParamsSchema extends ObjectSchema | undefined = undefined,
  QuerySchema extends ObjectSchema | undefined = undefined,
  BodySchema extends z.ZodType | undefined = undefined,
  ResponseSchema extends z.ZodType | undefined = undefined,
>(
  operation: Operation<ParamsSchema, QuerySchema, BodySchema, ResponseSchema>,
): Operation<ParamsSchema, QuerySchema, BodySchema, ResponseSchema> {
  return operation;
}

/** One field of a multipart/form-data body: a file part or a text value. */
export interface MultipartField {
  kind: "file" | "text";
  description: string;
  required?: boolean;
  /** A text field the form may carry more than once (each value a part of its own). */
  repeatable?: boolean;
  /**
   * A text field's value as the operation parses it (for a repeatable field, the list): documented on its
   * input side, so enumerations, patterns and true/false fields show. Plain text when absent.
   */
  schema?: z.ZodType;
}

/** Any operation, as the table holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyOperation = Operation<any, any, any, any>;

/** Whether an operation changes nothing: a GET, or a POST marked `readOnly`. A read-only key may call only these. */
export function changesNothing(operation: Pick<AnyOperation, "method" | "readOnly">): boolean {
  return operation.method === "get" || operation.readOnly === true;
}

/** Whether only an administrator (or a tenant-wide call) may make the operation (`onlyAdministratorsMay`). */
export function isAdministratorsOnly(operation: Pick<AnyOperation, "onlyAdministratorsMay">): boolean {
  return operation.onlyAdministratorsMay !== undefined;
}
