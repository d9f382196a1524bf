/**
 * @module
 * The OpenAPI 3.1 document, generated from the operation table: every operation with its
 * parameters, request body and responses from the same zod schemas that validate requests, the
 * `x-api-key` security scheme, the optional `x-service-user-id` header, the rate-limit headers, on
 * reads whose answers are kept the `cache-control` request header and `Age` response header, and the
 * error envelope. The MCP tools are generated from this document in turn.
 */
import type { z } from "zod";
import { API_CONTRACT_VERSION } from "../api-contract-version.js";
import type { AnyOperation } from "../operations/operation.js";
import { toJsonSchema, walkSchemas, type JsonSchema } from "./json-schema.js";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, takesIdempotencyKey } from "../operations/idempotent-writes.js";

/** The parts of an OpenAPI 3.1 document this generator writes (and the MCP tool builder reads). */
export interface OpenApiDocument {
  openapi: "3.1.0";
  info: { title: string; version: string; description: string };
  servers?: Array<{ url: string; description?: string }>;
  tags: Array<{ name: string }>;
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, JsonSchema>;
    parameters: Record<string, OpenApiParameter>;
    headers: Record<string, JsonSchema>;
    responses: Record<string, JsonSchema>;
  };
}

export interface OpenApiParameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

export type ParameterOrReference = OpenApiParameter | { $ref: string };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  parameters: ParameterOrReference[];
  requestBody?: {
    required: boolean;
    description?: string;
    content: { "application/json"?: { schema: JsonSchema; example?: unknown }; "multipart/form-data"?: { schema: JsonSchema } };
  };
  responses: Record<string, JsonSchema>;
  /** Safe to repeat with the same effect, as the specification says of this operation. */
  "x-idempotent"?: boolean;
  /** Changes nothing, though its method is POST (a batch read or a lookup). */
  "x-read-only"?: boolean;
  /** Removes or overwrites records, though its method is POST (a merge, an import). */
  "x-destructive"?: boolean;
  /** The MCP tool's description where the REST one gives advice a tool call cannot follow. */
  "x-mcp-description"?: string;
  /** Only an administrator or a tenant-wide call may make it: a member gets 403. */
  "x-administrators-only"?: boolean;
}

/**
 * Statuses every `/v1` operation can answer, whatever its own `errors` list says; 503 when another process (an
 * import, an erasure) held the database's write lock past the busy timeout.
 */
export const COMMON_ERROR_STATUSES = [400, 401, 403, 429, 500, 503] as const;

/** Statuses every operation that reads a request body (JSON or multipart) can answer: too large, of another type. */
export const BODY_ERROR_STATUSES = [413, 415] as const;

const STATUS_TEXT: Record<number, string> = {
  200: "OK.",
  201: "Created.",
  202: "Accepted.",
  204: "No content.",
  400: "Bad request: a parameter or the body is invalid; the message names it and what to fix.",
  401: "Missing, invalid, revoked or expired API key (a key replaced by `rapport keys rotate` expires at its expires_at), or a deleted tenant. No rate-limit headers: no key was counted.",
  403: "Forbidden: a bad x-service-user-id, a user-scoped key's user is missing or deactivated, or the user may not do this.",
  404: "Not found, or not visible to this tenant.",
  405: "Method not allowed.",
  408: "Request timeout: an import upload's body arrived slower than the server's minimum rate (the message gives it); the connection is closed.",
  409: "Conflict with the current state of a record.",
  410: "Gone: the position (after_sequence, cursor or since) is before the log's horizon (set by a prune or a restore); make a full copy again.",
  304: "Not modified: If-None-Match names the answer's current ETag. No body; the ETag and the other headers only.",
  412: "Precondition failed: If-Match names no current ETag of the record. A person, company or opportunity changed since it was read: read it again and apply the change to what it holds now. Any other write has no ETag to name: send it without If-Match. Nothing was written (an Idempotency-Key is not kept).",
  413: "Request body too large: over 1 MiB for a JSON body; an upload's own limit is in the operation's description.",
  415: "Request body of a type the operation does not take: application/json, or multipart/form-data for an upload.",
  422: "The request is well-formed but cannot be processed.",
  429: "Rate limit exceeded: the message names the per-second or the monthly limit, whose remaining count (X-RateLimit-Remaining or X-RateLimit-Remaining-Monthly) is 0. Retry after Retry-After seconds (per-second limit) or at X-RateLimit-Reset-Monthly (monthly limit).",
  500: "Internal error; the message carries the request id to quote.",
  503: "Temporarily unavailable: another process (an import, an erasure) held the database's write lock for longer than 5 s, or (an import upload) the server's space for uploads is full, or the disk holding its database is; retry after Retry-After seconds.",
};

const RATE_LIMIT_HEADERS: Record<string, JsonSchema> = {
  "X-RateLimit-Limit": { description: "Requests allowed per second for this API key and any key rotated from or to it (an OAuth token: its user's tokens together).", schema: { type: "integer" } },
  "X-RateLimit-Remaining": { description: "Requests left in the current second.", schema: { type: "integer" } },
  "X-RateLimit-Reset": { description: "When the per-second window resets: Unix epoch seconds.", schema: { type: "integer" } },
  "X-RateLimit-Limit-Monthly": { description: "Requests allowed per calendar month (UTC) for this tenant.", schema: { type: "integer" } },
  "X-RateLimit-Remaining-Monthly": { description: "Requests left this calendar month.", schema: { type: "integer" } },
  "X-RateLimit-Reset-Monthly": {
    description: "When the monthly window resets (00:00:00 UTC on the 1st): Unix epoch seconds.",
    schema: { type: "integer" },
  },
};

const REQUEST_ID_HEADER: JsonSchema = {
  description: "The request's id: the client's X-Request-Id when acceptable, else a fresh UUID. Quote it when reporting a problem.",
  schema: { type: "string" },
};

const RETRY_AFTER_HEADER: JsonSchema = {
  description: `Seconds to wait before retrying: sent with a 429 of the per-second limit, with a 503, and with a 409 of a write whose ${IDEMPOTENCY_KEY_HEADER} names a request still being processed.`,
  schema: { type: "integer" },
};

const AGE_HEADER: JsonSchema = {
  description:
    "Sent when the answer is a kept one (a repeated read while the tenant's data held still): whole seconds since it was computed, at most RAPPORT_RESPONSE_CACHE_SECONDS (10 by default).",
  schema: { type: "integer", minimum: 0 },
};

const CACHE_CONTROL_HEADER: JsonSchema = {
  description:
    "no-store on every answer: the key travels in x-api-key, which a shared cache in front does not key on, so no proxy, CDN or client may keep an answer (Rapport keeps its own, see Age).",
  schema: { type: "string", const: "no-store" },
};

const ETAG_HEADER: JsonSchema = {
  description:
    "The strong entity tag of the record's answer (two digests: the stored record's and the answer's bytes'); it moves whenever the answer does. Send it back in If-None-Match (a 304 while the answer is the same) or in If-Match on a write of the record (done only while the record is as read). A write's answer carries the record's new tag.",
  schema: { type: "string" },
};

const IDEMPOTENT_REPLAYED: JsonSchema = {
  description: `true when the answer is the one kept for the request's ${IDEMPOTENCY_KEY_HEADER} (the write was sent again): nothing was written this time.`,
  schema: { type: "string", const: "true" },
};

/** The reference an operation taking an Idempotency-Key lists among its parameters (the MCP tools give it an argument). */
export const IDEMPOTENCY_KEY_PARAMETER_REFERENCE = "#/components/parameters/IdempotencyKey";

/** What a write that takes an Idempotency-Key may answer besides its own errors: the key in use (409), or sent with another request (422). */
const IDEMPOTENCY_ERROR_STATUSES = [409, 422] as const;

const headerReferences = (names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, { $ref: `#/components/headers/${name}` }]));

const EPOCH_MILLISECONDS = /epoch milliseconds/i;

/**
 * Every `*_at` number in the document says its unit, even when a schema's description forgot it:
 * the specification leaves the unit open and Rapport settles it as epoch milliseconds.
 */
function documentTimeUnits(node: unknown) {
  walkSchemas(node, (schema) => {
    const properties = schema.properties as Record<string, JsonSchema> | undefined;
    if (!properties || typeof properties !== "object") return;
    for (const [name, property] of Object.entries(properties)) {
      if (!/_at$/.test(name) || !isNumberSchema(property)) continue;
      const description = typeof property.description === "string" ? property.description : "";
      if (!EPOCH_MILLISECONDS.test(description)) {
        property.description = `${description}${description ? " " : ""}Unix epoch milliseconds.`.trim();
      }
    }
  });
}

/**
 * A nullable field carries its description itself, not only inside its `anyOf`: zod leaves it on the
 * non-null option when `.describe()` comes before `.nullable()` (as with the shared field helpers), and a
 * reader, an agent choosing a tool's arguments first of all, looks at the field.
 */
function describeNullableFields(node: unknown) {
  walkSchemas(node, (schema) => {
    const properties = schema.properties as Record<string, JsonSchema> | undefined;
    if (!properties || typeof properties !== "object") return;
    for (const property of Object.values(properties)) {
      if (typeof property.description === "string" || !Array.isArray(property.anyOf)) continue;
      const options = property.anyOf as JsonSchema[];
      const values = options.filter((option) => option.type !== "null");
      const [value] = values;
      if (values.length !== 1 || options.length !== 2 || typeof value!.description !== "string") continue;
      property.description = value!.description;
      delete value!.description;
    }
  });
}

function isNumberSchema(schema: JsonSchema): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes("integer") || types.includes("number")) return true;
  const options = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  return Array.isArray(options) && options.some(isNumberSchema);
}

function objectParameters(
  schema: z.ZodType | undefined,
  location: "path" | "query",
  definitions: Record<string, JsonSchema>,
  examples: Record<string, string> = {},
): OpenApiParameter[] {
  if (!schema) return [];
  const converted = toJsonSchema(schema, "input", definitions, "#/components/schemas/");
  const properties = (converted.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((converted.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => {
    const { description, ...rest } = property;
    const parameter: OpenApiParameter = {
      name,
      in: location,
      required: location === "path" || required.has(name),
      schema: rest,
    };
    if (typeof description === "string") parameter.description = description;
    if (examples[name] !== undefined) parameter.example = examples[name];
    return parameter;
  });
}

function errorResponseReference(status: number) {
  return { $ref: `#/components/responses/Error${status}` };
}

export interface BuildOpenApiDocumentOptions {
  title?: string;
  /** The document's `info.version`: the API contract's version, `API_CONTRACT_VERSION` unless given. */
  version?: string;
}

/** Builds the whole document from the operation table. Pure: same table, same document. */
export function buildOpenApiDocument(
  operations: readonly AnyOperation[],
  options: BuildOpenApiDocumentOptions = {},
): OpenApiDocument {
  const { title = "Rapport API", version = API_CONTRACT_VERSION } = options;
  const definitions: Record<string, JsonSchema> = {};
  const paths: OpenApiDocument["paths"] = {};
  const errorStatuses = new Set<number>(COMMON_ERROR_STATUSES);
  const tags: string[] = [];

  for (const operation of operations) {
    if (!tags.includes(operation.area)) tags.push(operation.area);
    const successStatus = operation.successStatus ?? 200;
    const idempotent = takesIdempotencyKey(operation);
    const successHeaders = headerReferences([
      "X-Request-Id",
      ...Object.keys(RATE_LIMIT_HEADERS),
      "Cache-Control",
      ...(operation.cacheable ? ["Age"] : []),
      ...(idempotent ? [IDEMPOTENT_REPLAYED_HEADER] : []),
      ...(operation.taggedRecord !== undefined || (operation.conditionalOn !== undefined && successStatus !== 204) ? ["ETag"] : []),
    ]);
    const success: JsonSchema = operation.binaryResponse
      ? {
          description: operation.binaryResponse.description,
          headers: successHeaders,
          content: { "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
        }
      : successStatus === 204 || !operation.response
        ? { description: STATUS_TEXT[successStatus] ?? "Success.", headers: successHeaders }
        : {
            description: STATUS_TEXT[successStatus] ?? "Success.",
            headers: successHeaders,
            content: {
              "application/json": {
                schema: toJsonSchema(operation.response, "output", definitions, "#/components/schemas/"),
              },
            },
          };
    const responses: Record<string, JsonSchema> = { [String(successStatus)]: success };
    if (operation.taggedRecord !== undefined) {
      responses["304"] = { description: STATUS_TEXT[304], headers: headerReferences(["ETag", "X-Request-Id", ...Object.keys(RATE_LIMIT_HEADERS), "Cache-Control", ...(operation.cacheable ? ["Age"] : [])]) };
    }
    for (const [status, meaning] of Object.entries(operation.otherSuccesses ?? {})) responses[status] = { ...success, description: meaning };
    const bodyErrors = operation.body || operation.multipart ? BODY_ERROR_STATUSES : [];
    // A write is the operation that takes an Idempotency-Key, and the one an If-Match naming entity tags refuses (412).
    const idempotencyErrors = idempotent ? [...IDEMPOTENCY_ERROR_STATUSES, 412] : operation.conditionalOn !== undefined ? [412] : [];
    for (const status of [...new Set([...COMMON_ERROR_STATUSES, ...bodyErrors, ...idempotencyErrors, ...(operation.errors ?? [])])].sort((a, b) => a - b)) {
      errorStatuses.add(status);
      responses[String(status)] = errorResponseReference(status);
    }

    const entry: OpenApiOperation = {
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      tags: [operation.area],
      parameters: [
        ...objectParameters(operation.params, "path", definitions),
        ...objectParameters(operation.query, "query", definitions, operation.example?.query),
        { $ref: "#/components/parameters/ServiceUserId" },
        ...(operation.cacheable ? [{ $ref: "#/components/parameters/CacheControl" }] : []),
        ...(idempotent ? [{ $ref: IDEMPOTENCY_KEY_PARAMETER_REFERENCE }] : []),
        ...(operation.taggedRecord !== undefined ? [{ $ref: "#/components/parameters/IfNoneMatch" }] : []),
        ...(operation.conditionalOn !== undefined ? [{ $ref: "#/components/parameters/IfMatch" }] : []),
        ...(operation.mergeOf !== undefined ? [{ $ref: "#/components/parameters/IfMatchOfMerge" }] : []),
      ],
      responses,
    };
    if (operation.body) {
      const schema = toJsonSchema(operation.body, "input", definitions, "#/components/schemas/");
      const content: { schema: JsonSchema; example?: unknown } = { schema };
      if (operation.example?.body !== undefined) content.example = operation.example.body;
      entry.requestBody = {
        required: true,
        ...(typeof schema.description === "string" ? { description: schema.description } : {}),
        content: { "application/json": content },
      };
    }
    if (operation.multipart) {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [name, field] of Object.entries(operation.multipart.fields)) {
        properties[name] =
          field.kind === "file"
            ? { type: "string", contentMediaType: "application/octet-stream", description: field.description }
            : field.schema
              ? { ...toJsonSchema(field.schema, "input", definitions, "#/components/schemas/"), description: field.description }
              : field.repeatable
                ? { type: "array", items: { type: "string" }, description: field.description }
                : { type: "string", description: field.description };
        if (field.required) required.push(name);
      }
      entry.requestBody = {
        required: true,
        content: { "multipart/form-data": { schema: { type: "object", properties, ...(required.length > 0 ? { required } : {}) } } },
      };
    }
    if (operation.idempotent) entry["x-idempotent"] = true;
    if (operation.readOnly) entry["x-read-only"] = true;
    if (operation.destructive) entry["x-destructive"] = true;
    if (operation.mcpDescription !== undefined) entry["x-mcp-description"] = operation.mcpDescription;
    if (operation.onlyAdministratorsMay !== undefined) entry["x-administrators-only"] = true;
    const pathItem = (paths[operation.path] ??= {});
    if (pathItem[operation.method]) {
      throw new Error(`buildOpenApiDocument: two operations for ${operation.method.toUpperCase()} ${operation.path}`);
    }
    pathItem[operation.method] = entry;
  }

  const responses: Record<string, JsonSchema> = {};
  for (const status of [...errorStatuses].sort((a, b) => a - b)) {
    // 401s are answered before any key is known, so they carry no rate-limit headers.
    const headerNames = status === 401 ? ["X-Request-Id", "Cache-Control"] : ["X-Request-Id", ...Object.keys(RATE_LIMIT_HEADERS), "Cache-Control"];
    if (status === 409 || status === 429 || status === 503) headerNames.push("Retry-After");
    responses[`Error${status}`] = {
      description: STATUS_TEXT[status] ?? `Error ${status}.`,
      headers: headerReferences(headerNames),
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    };
  }

  const document: OpenApiDocument = {
    openapi: "3.1.0",
    info: {
      title,
      version,
      description:
        "Rapport: relationship intelligence over REST. Authenticate with an API key in x-api-key; a tenant-wide key may act as a user with x-service-user-id. Fields named *_at are Unix epoch milliseconds, except generated_at of AI summaries and last_seen_at, last_interaction_at and last_engaged_at of recommended paths, which are ISO 8601 text as the specification types them; date filters take ISO 8601. Every error is {\"error\": \"<message>\"}. Every response to a request with a valid key carries the X-RateLimit-* headers of its key's per-second and its tenant's monthly limit; a 429 names the limit exceeded. A write sent with an Idempotency-Key header may be sent again after a lost answer: within 24 hours it gets the first answer (Idempotent-Replayed: true) and writes nothing twice. The same operations are MCP tools at /mcp.",
    },
    tags: tags.map((name) => ({ name })),
    security: [{ ApiKeyAuth: [] }],
    paths,
    components: {
      schemas: {
        ...definitions,
        Error: {
          type: "object",
          description: "Every error response: the HTTP status is the machine-readable signal, the message says what to fix.",
          properties: { error: { type: "string", description: "What went wrong and what to fix." } },
          required: ["error"],
          additionalProperties: false,
        },
      },
      securitySchemes: {
        ApiKeyAuth: {
          type: "apiKey",
          in: "header",
          name: "x-api-key",
          description: "An API key: pk_ followed by 43 characters. Tenant-wide, or bound to one user.",
        },
      },
      parameters: {
        ServiceUserId: {
          name: "x-service-user-id",
          in: "header",
          required: false,
          description:
            "With a tenant-wide key: act as this user of the tenant (403 when unknown, foreign or deactivated). With a user-scoped key it must equal the bound user, or be omitted.",
          schema: { type: "string", format: "uuid" },
        },
        IdempotencyKey: {
          name: IDEMPOTENCY_KEY_HEADER,
          in: "header",
          required: false,
          description: `On writes: a key the client chooses for this request (a UUID; visible ASCII without commas, given once). Sent again with the same key, method, path, query and body (an upload's form as parsed: its fields, and each file's name, type and content, whatever the multipart boundary) within 24 hours, the write is not done again: the first answer (a success) comes back with ${IDEMPOTENT_REPLAYED_HEADER}: true. The same key with another request is a 422; while the first request is still being processed, a 409 with Retry-After. Kept per tenant, API key and user context (and the user's role: a user given another role has the request run again); an answer that was an error is not kept (the write runs again).`,
          schema: { type: "string", minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH, pattern: "^[\\x20-\\x2b\\x2d-\\x7e]+$" },
        },
        IfNoneMatch: {
          name: "if-none-match",
          in: "header",
          required: false,
          description: "ETags of answers the client holds (or *): a 304 without a body when one is the answer's current ETag (weak comparison).",
          schema: { type: "string" },
        },
        IfMatch: {
          name: "if-match",
          in: "header",
          required: false,
          description:
            "The ETag the client read the record with (or a list of them): the write is done only while the record is as that read found it, else a 412 that writes nothing. A weak tag never matches. * holds for any record that exists. Derived relationship fields moving meanwhile (scores decay with time) do not count as a change.",
          schema: { type: "string" },
        },
        IfMatchOfMerge: {
          name: "if-match",
          in: "header",
          required: false,
          description:
            "The ETags the client read both records with, as a list: the merge is done only while each is as that read found it, else a 412 that writes nothing. * holds for any records that exist.",
          schema: { type: "string" },
        },
        CacheControl: {
          name: "cache-control",
          in: "header",
          required: false,
          description:
            "On reads whose answers are kept while the tenant's data holds still: no-cache asks for a freshly computed answer (which is kept), no-store for one that is not kept either.",
          schema: { type: "string" },
        },
      },
      headers: {
        "X-Request-Id": REQUEST_ID_HEADER,
        ...RATE_LIMIT_HEADERS,
        "Retry-After": RETRY_AFTER_HEADER,
        "Cache-Control": CACHE_CONTROL_HEADER,
        Age: AGE_HEADER,
        ETag: ETAG_HEADER,
        [IDEMPOTENT_REPLAYED_HEADER]: IDEMPOTENT_REPLAYED,
      },
      responses,
    },
  };
  for (const part of [document.paths, document.components.schemas]) {
    describeNullableFields(part);
    documentTimeUnits(part);
  }
  return document;
}
