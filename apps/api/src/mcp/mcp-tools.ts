/**
 * @module
 * The MCP tools, generated from the OpenAPI document (itself generated from the operation table):
 * one tool per `/v1` operation, named by its operationId, described by its summary and
 * description (its `x-mcp-description` where the REST text gives advice a tool call cannot follow; other
 * operations it and its arguments' descriptions cite named by their tools), with path and query parameters as flat
 * arguments and the JSON body under `body`, and the structure of the operation's JSON object answer as its output schema.
 * Input schemas are written compactly (nullable types as type lists, objects left open, paging texts short): hosts
 * load them into a model's context.
 */
import { IDEMPOTENCY_KEY_PARAMETER_REFERENCE, type OpenApiDocument, type OpenApiOperation, type OpenApiParameter } from "../openapi/build-openapi-document.js";
import type { JsonSchema } from "../openapi/json-schema.js";
import { IDEMPOTENCY_KEY_ARGUMENT } from "../operations/idempotent-writes.js";
import { BODY_ARGUMENT } from "../operations/operation.js";
import { LIST_PARAMETER_TOOL_TEXTS } from "../platform/listing/list-parameters.js";
import { COMMA_SEPARATED_KEY } from "../platform/request/common-schemas.js";
import { MAX_BODY_BYTES } from "../platform/request/json-body.js";
import { citeToolNames } from "./cite-tool-names.js";
import { nullableAsTypeList } from "./nullable-as-type-list.js";
import { structuralSchema } from "./structural-schema.js";
import { withoutClosedObjects } from "./without-closed-objects.js";

export { BODY_ARGUMENT };

export interface McpToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  /** Tools act on the tenant's own records only. */
  openWorldHint: false;
}

/** How a tool call becomes an HTTP request to the operation. */
export interface McpToolRoute {
  method: string;
  /** OpenAPI-style path with `{name}` parameters. */
  path: string;
  pathParameters: string[];
  queryParameters: string[];
  hasBody: boolean;
  /** The top-level fields of the request body, so a field given as a flat argument can be pointed at `body`. */
  bodyFields: string[];
  /** For multipart operations: each form field and whether it is a file part (sent from base64). */
  multipartFields?: Record<string, "file" | "text">;
  /** Whether the operation takes an `Idempotency-Key`, which the tool takes as its `idempotency_key` argument. */
  takesIdempotencyKey: boolean;
  /** The operation answers a file's bytes (whatever their stored type, JSON included): the result is the file's. */
  answersBytes?: true;
}

export interface McpTool {
  name: string;
  /** The operation's area (its OpenAPI tag: Person, Company, Recommended paths, ...). */
  area: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: "object" };
  /**
   * The structured content of a successful call: the operation's JSON object answer. Absent for operations that
   * answer no body, bytes, or JSON that is not an object.
   */
  outputSchema?: JsonSchema & { type: "object" };
  annotations: McpToolAnnotations;
  /** Only an administrator may call it (the operation's `x-administrators-only`): a member's client is not offered it. */
  administratorsOnly: boolean;
  route: McpToolRoute;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "patch"] as const;

/** Bytes of a file that fit in one MCP POST: base64 takes four characters for three bytes; 4 KiB left for the rest. */
const LARGEST_FILE_PER_CALL_KIB = Math.floor(((MAX_BODY_BYTES - 4096) * 3) / 4 / 1024);

/** An upload's size limit as a tool sees it: the MCP POST's own limit comes first. */
const UPLOAD_SIZE_NOTE =
  `The whole tool call is one JSON message of at most ${MAX_BODY_BYTES / 1_048_576} MiB, so a file sent here holds at most about ` +
  `${LARGEST_FILE_PER_CALL_KIB} KiB whatever the operation allows; send a larger one over REST as multipart/form-data.`;

/**
 * The `idempotency_key` argument of a write tool, short: every write tool carries it. An agent whose call timed out
 * does not know whether it wrote; called again with the same key and arguments it gets the first result.
 */
const IDEMPOTENCY_KEY_ARGUMENT_SCHEMA: JsonSchema = {
  type: "string",
  description: "A new UUID per write; reuse it to retry the call: the first result, no second write.",
};

/** Copies the component schemas a schema refers to (transitively) into its own `$defs`. */
function localizeReferences(schema: JsonSchema, components: Record<string, JsonSchema>): JsonSchema {
  const needed = new Map<string, JsonSchema>();
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== "object") return node;
    const result: JsonSchema = {};
    for (const [key, value] of Object.entries(node)) {
      const match = key === "$ref" && typeof value === "string" ? /^#\/components\/schemas\/(.+)$/.exec(value) : null;
      if (match) {
        const name = match[1]!;
        if (!needed.has(name)) {
          const target = components[name];
          if (!target) throw new Error(`buildMcpTools: reference to unknown schema ${value}`);
          needed.set(name, {});
          needed.set(name, rewrite(target) as JsonSchema);
        }
        result.$ref = `#/$defs/${name}`;
      } else {
        result[key] = rewrite(value);
      }
    }
    return result;
  };
  const rewritten = rewrite(schema) as JsonSchema;
  if (needed.size > 0) rewritten.$defs = Object.fromEntries(needed);
  return rewritten;
}

/** Follows a chain of `$ref`s to `#/components/<section>/<name>`; undefined when one names nothing. */
function dereference(node: JsonSchema | undefined, section: Record<string, JsonSchema>, prefix: string): JsonSchema | undefined {
  const seen = new Set<string>();
  let current = node;
  while (current && typeof current.$ref === "string" && current.$ref.startsWith(prefix) && !seen.has(current.$ref)) {
    seen.add(current.$ref);
    current = section[current.$ref.slice(prefix.length)];
  }
  return current;
}

/**
 * The schema of a tool's structured content on success: the operation's 2xx answer when every one of them is a JSON
 * object. A success without a JSON object body (204, a file, a stream, a list) has none: a client checking results
 * against a declared schema refuses a success that carries no structured content, and a non-object would need
 * the 2025 protocol's `{result}` wrapping. Success statuses documenting different bodies are declared as `anyOf`.
 * Only the answer's structure is declared (`structural-schema.ts`): the field descriptions stay in the OpenAPI
 * document, and the scales an agent needs to read the numbers are in the server's instructions.
 */
function outputSchemaOf(operation: OpenApiOperation, document: OpenApiDocument): McpTool["outputSchema"] {
  const { schemas, responses } = document.components;
  const bodies: JsonSchema[] = [];
  for (const [status, documented] of Object.entries(operation.responses)) {
    if (!/^2\d\d$/.test(status)) continue;
    const response = dereference(documented, responses, "#/components/responses/");
    const content = response?.content as Record<string, { schema?: JsonSchema }> | undefined;
    if (!content || Object.keys(content).length !== 1) return undefined;
    const body = dereference(content["application/json"]?.schema, schemas, "#/components/schemas/");
    if (body?.type !== "object") return undefined;
    if (!bodies.some((known) => JSON.stringify(known) === JSON.stringify(body))) bodies.push(body);
  }
  if (bodies.length === 0) return undefined;
  const [only] = bodies;
  return structuralSchema(localizeReferences(bodies.length === 1 ? only! : { type: "object", anyOf: bodies }, schemas)) as McpTool["outputSchema"];
}

/** Whether the operation's success answers bytes (`application/octet-stream` in the document), not JSON. */
function answersBytes(operation: OpenApiOperation): boolean {
  return Object.entries(operation.responses).some(([status, response]) => {
    const content = /^2\d\d$/.test(status) ? (response as { content?: Record<string, unknown> }).content : undefined;
    return content !== undefined && "application/octet-stream" in content;
  });
}

const BOOLEAN_TEXTS = ["0", "1", "true", "false"];

/** Keywords that constrain only a string (and `type`): a value of another type passes them. */
const STRING_KEYWORDS = new Set(["type", "maxLength", "minLength", "pattern"]);

/**
 * A query parameter's schema as a tool argument. A query string carries text, so the document types numbers and
 * booleans as strings of a pattern or an enum; a tool's arguments are JSON, and the call prints a number or a
 * boolean into the query string. So an argument written as text of digits also takes a JSON number, and a
 * true/false one a JSON boolean: an agent that sends `per_page: 5` passes a client that checks its arguments.
 * A comma-separated one also takes a list of strings, which the call joins.
 */
function argumentSchema(schema: JsonSchema): JsonSchema {
  if (schema[COMMA_SEPARATED_KEY] === true) {
    const { [COMMA_SEPARATED_KEY]: _marker, description, ...text } = schema;
    const described = description === undefined ? {} : { description };
    // Written as one schema with a type list where the text's keywords bind strings only (as `anyOf`, the same values).
    if (text.type === "string" && Object.keys(text).every((keyword) => STRING_KEYWORDS.has(keyword))) {
      return { ...text, type: ["string", "array"], items: { type: "string" }, ...described };
    }
    return { ...described, anyOf: [text, { type: "array", items: { type: "string" } }] };
  }
  if (schema.type !== "string") return schema;
  const enumerated = schema.enum as unknown[] | undefined;
  if (enumerated?.length === BOOLEAN_TEXTS.length && BOOLEAN_TEXTS.every((text) => enumerated.includes(text))) {
    return { ...schema, type: ["string", "boolean"], enum: [...enumerated, true, false] };
  }
  if (typeof schema.pattern !== "string") return schema;
  const pattern = new RegExp(schema.pattern);
  if (!pattern.test("2015") || pattern.test("x")) return schema;
  return { ...schema, type: ["string", pattern.test("1.5") ? "number" : "integer"] };
}

/** The property names of an object schema (followed through a component reference); none for other shapes. */
function topLevelFields(schema: JsonSchema, components: Record<string, JsonSchema>): string[] {
  const reference = typeof schema.$ref === "string" ? /^#\/components\/schemas\/(.+)$/.exec(schema.$ref) : null;
  const resolved = reference ? components[reference[1]!] : schema;
  const properties = resolved?.properties;
  return properties !== null && typeof properties === "object" ? Object.keys(properties) : [];
}

/**
 * A form text field's schema as a tool argument: like a query parameter (a form carries text too), and a
 * repeatable field takes one value or a list of them.
 */
function formFieldSchema(schema: JsonSchema): JsonSchema {
  if (schema.type !== "array") return argumentSchema(schema);
  const { description, ...list } = schema;
  const item = argumentSchema((schema.items ?? { type: "string" }) as JsonSchema);
  return { description, anyOf: [item, { ...list, items: item }] };
}

/** A parameter's schema as a tool argument; a paging parameter's description in its short tool text. */
function parameterSchema(parameter: OpenApiParameter): JsonSchema {
  const schema = parameter.in === "query" ? argumentSchema(parameter.schema as JsonSchema) : parameter.schema;
  const description = parameter.description && (LIST_PARAMETER_TOOL_TEXTS.get(parameter.description) ?? parameter.description);
  return description ? { ...schema, description } : { ...schema };
}

/**
 * An operation's description as a tool's: each other operation it cites by method and path is followed by the
 * name of that operation's tool, which is what an agent calls.
 */
function withToolNames(description: string, document: OpenApiDocument): string {
  return citeToolNames(description, (method, path) => document.paths[path]?.[method.toLowerCase() as (typeof HTTP_METHODS)[number]]?.operationId);
}

/**
 * An input schema with its argument descriptions citing operations by their tools too ("The company (from GET
 * /v1/companies (tool listCompanies))."): the texts are the OpenAPI document's, written for REST.
 */
function withToolNamesInDescriptions(node: unknown, document: OpenApiDocument): unknown {
  if (Array.isArray(node)) return node.map((item) => withToolNamesInDescriptions(item, document));
  if (node === null || typeof node !== "object") return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, key === "description" && typeof value === "string" ? withToolNames(value, document) : withToolNamesInDescriptions(value, document)]),
  );
}

/**
 * A tool's hints, in the MCP sense: read-only when it changes nothing (GET, and POSTs that only read);
 * destructive unless it only adds (PUT and PATCH overwrite what they name, DELETE removes, a merge does both);
 * idempotent for GET, PUT and DELETE by HTTP's definition, for reads, and where the spec says so.
 */
function toolAnnotations(method: (typeof HTTP_METHODS)[number], operation: OpenApiOperation): McpToolAnnotations {
  const readOnly = method === "get" || operation["x-read-only"] === true;
  const destructive = !readOnly && (method === "put" || method === "patch" || method === "delete" || operation["x-destructive"] === true);
  return {
    title: operation.summary,
    readOnlyHint: readOnly,
    destructiveHint: destructive,
    idempotentHint: readOnly || method === "put" || method === "delete" || operation["x-idempotent"] === true,
    openWorldHint: false,
  };
}

/** Builds the tool list; throws when two operations would make tools of the same name. */
export function buildMcpTools(document: OpenApiDocument): McpTool[] {
  const tools: McpTool[] = [];
  const names = new Set<string>();
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const name = operation.operationId;
      if (names.has(name)) throw new Error(`buildMcpTools: two operations are named ${name}`);
      names.add(name);

      const pathNames = new Set(
        operation.parameters.flatMap((parameter) => ("name" in parameter && parameter.in === "path" ? [parameter.name] : [])),
      );
      // A query parameter named like a path parameter (accepted and ignored by the operation) is left
      // out of the flat argument list: the path parameter is the one that means something.
      const parameters = operation.parameters.filter(
        (parameter): parameter is OpenApiParameter =>
          "name" in parameter && (parameter.in === "path" || (parameter.in === "query" && !pathNames.has(parameter.name))),
      );
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const parameter of parameters) {
        if (properties[parameter.name]) throw new Error(`buildMcpTools: ${name} has two parameters named ${parameter.name}`);
        properties[parameter.name] = parameterSchema(parameter);
        if (parameter.required) required.push(parameter.name);
      }
      const multipart = operation.requestBody?.content["multipart/form-data"];
      let multipartFields: Record<string, "file" | "text"> | undefined;
      if (multipart) {
        // A file part travels in the tool's JSON arguments as base64 with its name and type.
        multipartFields = {};
        const fields: Record<string, JsonSchema> = {};
        for (const [field, schema] of Object.entries((multipart.schema.properties ?? {}) as Record<string, JsonSchema>)) {
          const isFile = schema.contentMediaType !== undefined;
          multipartFields[field] = isFile ? "file" : "text";
          fields[field] = isFile
            ? {
                type: "object",
                description: schema.description,
                properties: {
                  filename: { type: "string", description: "The file's name." },
                  content_type: { type: "string", description: "Its media type, e.g. text/csv." },
                  content_base64: { type: "string", description: "Its bytes, base64-encoded." },
                },
                required: ["filename", "content_base64"],
              }
            : formFieldSchema(schema);
        }
        properties[BODY_ARGUMENT] = {
          type: "object",
          description: `The form fields of the upload; file parts as {filename, content_type, content_base64}. ${UPLOAD_SIZE_NOTE}`,
          properties: fields,
          ...(Array.isArray(multipart.schema.required) ? { required: multipart.schema.required } : {}),
        };
        required.push(BODY_ARGUMENT);
      }
      const takesIdempotencyKey = operation.parameters.some((parameter) => "$ref" in parameter && parameter.$ref === IDEMPOTENCY_KEY_PARAMETER_REFERENCE);
      if (takesIdempotencyKey) {
        if (properties[IDEMPOTENCY_KEY_ARGUMENT]) throw new Error(`buildMcpTools: ${name} has a parameter named ${IDEMPOTENCY_KEY_ARGUMENT}`);
        properties[IDEMPOTENCY_KEY_ARGUMENT] = IDEMPOTENCY_KEY_ARGUMENT_SCHEMA;
      }
      const body = operation.requestBody?.content["application/json"];
      if (body) {
        if (properties[BODY_ARGUMENT]) throw new Error(`buildMcpTools: ${name} has a parameter named ${BODY_ARGUMENT} and a body`);
        properties[BODY_ARGUMENT] = { ...body.schema, description: body.schema.description ?? operation.requestBody?.description ?? "The JSON request body." };
        if (operation.requestBody?.required) required.push(BODY_ARGUMENT);
      }
      const inputSchema = withToolNamesInDescriptions(
        withoutClosedObjects(
          nullableAsTypeList(localizeReferences({ type: "object", properties, ...(required.length > 0 ? { required } : {}) }, document.components.schemas)),
        ),
        document,
      ) as McpTool["inputSchema"];

      const outputSchema = outputSchemaOf(operation, document);
      const bodyFields = multipartFields ? Object.keys(multipartFields) : body ? topLevelFields(body.schema, document.components.schemas) : [];
      const upperMethod = method.toUpperCase();
      tools.push({
        name,
        area: operation.tags[0] ?? "",
        title: operation.summary,
        description: `${operation.summary.replace(/\.$/, "")}. ${withToolNames(operation["x-mcp-description"] ?? operation.description, document)} (${upperMethod} ${path})`,
        inputSchema,
        ...(outputSchema ? { outputSchema } : {}),
        annotations: toolAnnotations(method, operation),
        administratorsOnly: operation["x-administrators-only"] === true,
        route: {
          method: upperMethod,
          path,
          pathParameters: parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name),
          queryParameters: parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name),
          hasBody: body !== undefined || multipart !== undefined,
          bodyFields,
          ...(multipartFields ? { multipartFields } : {}),
          takesIdempotencyKey,
          ...(answersBytes(operation) ? { answersBytes: true as const } : {}),
        },
      });
    }
  }
  return tools;
}
