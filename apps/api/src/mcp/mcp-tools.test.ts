/**
 * The tool set is derived, never listed: the expected tools come from the operation table and from
 * the OpenAPI document, so an operation without its tool (or its documented path) fails here, and a
 * new operation is covered with no edit.
 */
import { Client as SdkClient } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as SdkTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { JsonSchemaType, jsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/types.js";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../app.js";
import { buildOpenApiDocument, type OpenApiDocument } from "../openapi/build-openapi-document.js";
import { walkSchemas, type JsonSchema } from "../openapi/json-schema.js";
import { IDEMPOTENCY_KEY_ARGUMENT, takesIdempotencyKey } from "../operations/idempotent-writes.js";
import { defineOperation, type AnyOperation } from "../operations/operation.js";
import { operations } from "../routes/operations.js";
import { callMcpTool } from "../testing/mcp-call.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { VALID_TOOL_CALLS, type MadeRecords } from "../testing/valid-tool-calls.js";
import { TOOL_RESULT_BUDGET_BYTES } from "./bounded-tool-result.js";
import { BODY_ARGUMENT, buildMcpTools, type McpTool } from "./mcp-tools.js";
import { structuralSchema } from "./structural-schema.js";
import { buildToolRequest, toToolResult, type ToolResult } from "./tool-request.js";

let context: TestContext;
let acme: TestTenant;
let served: OpenApiDocument;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  served = (await (await context.request("/v1/openapi.json")).json()) as OpenApiDocument;
});
afterAll(() => context.close());

/** Freezes `value` and everything it holds, so a test that changed a shared fixture would throw rather than pass. */
function deepFreeze<Value>(value: Value): Value {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

let builtServedTools: readonly McpTool[] | undefined;
/** The tools of the served document, built once for the file (each build walks every operation's schemas): frozen, as no test changes them. */
const servedTools = (): McpTool[] => (builtServedTools ??= deepFreeze(buildMcpTools(served))) as McpTool[];

/** tools/list through the app in-process, as a stateless 2025-era JSON-RPC POST. */
async function listTools(app: ReturnType<typeof createApp>, key: string): Promise<McpTool[]> {
  const response = await app.request("/mcp", {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      "mcp-protocol-version": "2025-06-18",
      "x-api-key": key,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
  });
  expect(response.status).toBe(200);
  const text = await response.text();
  // The 2025-era stateless transport may answer as one SSE event.
  const json = text.startsWith("{") ? text : text.split("\n").find((line) => line.startsWith("data: "))!.slice(6);
  return (JSON.parse(json) as { result: { tools: McpTool[] } }).result.tools;
}

/** The query parameters the document gives `operation`, with their schemas. */
function inlineQueryParameters(document: OpenApiDocument, operation: AnyOperation): Array<{ name: string; schema: JsonSchema }> {
  const entry = document.paths[operation.path]![operation.method]!;
  return entry.parameters.flatMap((parameter) => ("name" in parameter && parameter.in === "query" ? [{ name: parameter.name, schema: parameter.schema as JsonSchema }] : []));
}

const entryOf = (document: OpenApiDocument, operation: AnyOperation) => document.paths[operation.path]![operation.method]!;

/** Every `$ref` of a tool schema that does not name one of its own `$defs`: none, for a schema that stands alone. */
function unresolvedReferences(schema: JsonSchema): string[] {
  const definitions = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const unresolved: string[] = [];
  walkSchemas(schema, (node) => {
    if (typeof node.$ref !== "string") return;
    const name = /^#\/\$defs\/(.+)$/.exec(node.$ref)?.[1];
    if (name === undefined || definitions[name] === undefined) unresolved.push(node.$ref);
  });
  return unresolved;
}

// One Ajv each for the file's tests: a new one compiled the JSON Schema meta-schema again before its first schema,
// most of each tool test's time; Ajv keeps a compiled schema per schema object, so a tool's tests compile it once.
const clientsAjv = new Ajv2020({ strict: true, allErrors: true, validateFormats: false });
const inputAjv = new Ajv2020({ strict: false, validateFormats: false });

/** A schema compiled as the SDK clients compile output schemas (JSON Schema 2020-12, all errors), in strict mode. */
function compileAsClients(schema: JsonSchema) {
  return clientsAjv.compile(schema);
}

const documentedOperationIds = (document: OpenApiDocument) =>
  Object.values(document.paths).flatMap((pathItem) => Object.values(pathItem).map((entry) => entry.operationId));

describe("the tool set", () => {
  it("is exactly one tool per operation of the table, and per operation of the OpenAPI document", async () => {
    const tools = await listTools(context.app, acme.key);
    const names = tools.map((tool) => tool.name).sort();
    expect(names).toEqual(operations.map((operation) => operation.operationId).sort());
    expect(names).toEqual(documentedOperationIds(served).sort());
    expect(new Set(names).size).toBe(names.length);
  });

  it("grows with the table: an added operation gets its tool and its documented path with no edit", async () => {
    const added = defineOperation({
      operationId: "testArchiveWidget",
      method: "delete",
      path: "/v1/widgets/{widget_uuid}",
      area: "Widget",
      summary: "Archive a widget",
      description: "Archives a widget.",
      params: z.object({ widget_uuid: z.string().describe("The widget.") }),
      successStatus: 204,
      async handler() {
        return undefined;
      },
    });
    const app = createApp(context.services, { operations: [...operations, added] });
    const tools = await listTools(app, acme.key);
    const tool = tools.find((candidate) => candidate.name === "testArchiveWidget");
    expect(tool?.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    const document = (await (await app.request("/v1/openapi.json")).json()) as OpenApiDocument;
    expect(document.paths["/v1/widgets/{widget_uuid}"]?.delete?.operationId).toBe("testArchiveWidget");
  });
});

describe.each(operations.map((operation) => [operation.operationId, operation] as const))("the tool for %s", (_id, operation: AnyOperation) => {
  const tool = () => servedTools().find((candidate) => candidate.name === operation.operationId)!;

  it("maps to the operation's method and path, described by its summary and description (its MCP one where it has one)", () => {
    expect(tool().route).toMatchObject({
      method: operation.method.toUpperCase(),
      path: operation.path,
      hasBody: operation.body !== undefined || operation.multipart !== undefined,
    });
    expect(tool().title).toBe(operation.summary);
    expect(tool().description.replace(/ \(tool \w+\)/g, "")).toContain(operation.mcpDescription ?? operation.description);
    expect(tool().description).toContain(`${operation.method.toUpperCase()} ${operation.path}`);
  });

  it("gives no advice only a REST call can follow: no request header to send, no success status to read, no stream or form to send", () => {
    const description = tool().description;
    for (const restOnly of [/content-type, and content-disposition/i, /cache-control/i, /closes the connection/i, /\bchunked\b/i, /multipart\/form-data/i, /in the x-service-user-id header to act/i, /with status 20\d\b.*answers 20\d/i]) {
      expect(description).not.toMatch(restOnly);
    }
  });

  it("names the tool of every other operation its description cites by method and path", () => {
    const known = new Map(operations.map((candidate) => [`${candidate.method.toUpperCase()} ${candidate.path}`, candidate.operationId]));
    const description = tool().description.slice(0, -` (${operation.method.toUpperCase()} ${operation.path})`.length);
    for (const [reference, method, path] of description.matchAll(/\b(GET|POST|PUT|PATCH|DELETE) (\/v1\/[\w{}/.-]*[\w}])(?:\?[^\s,;)]*)?/g)) {
      const cited = known.get(`${method} ${path}`);
      if (cited) expect(description, reference).toContain(`${reference} (tool ${cited})`);
    }
  });

  it("takes path and query parameters flat, the body under `body`, and a write's Idempotency-Key as `idempotency_key`", () => {
    const { inputSchema } = tool();
    const properties = Object.keys(inputSchema.properties as object).sort();
    const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    // A query parameter named like a path parameter is left to the path parameter.
    const queryNames = Object.keys(operation.query?.shape ?? {}).filter((name) => !pathNames.includes(name));
    const takesBody = Boolean(operation.body || operation.multipart);
    const keyed = takesIdempotencyKey(operation) ? [IDEMPOTENCY_KEY_ARGUMENT] : [];
    const expected = [...new Set([...pathNames, ...queryNames, ...(takesBody ? [BODY_ARGUMENT] : []), ...keyed])].sort();
    expect(properties).toEqual(expected);
    expect(inputSchema.required ?? []).toEqual(expect.arrayContaining([...pathNames, ...(takesBody ? [BODY_ARGUMENT] : [])]));
  });

  it("has a valid JSON Schema that accepts the operation's example", () => {
    const ajv = inputAjv;
    const check = ajv.compile(tool().inputSchema);
    const multipartExample =
      operation.multipart &&
      Object.fromEntries(
        Object.entries(operation.multipart.fields).flatMap(([name, field]) =>
          field.kind === "file" ? [[name, { filename: "notes.txt", content_type: "text/plain", content_base64: "aGVsbG8=" }]] : [],
        ),
      );
    if (multipartExample) Object.assign(multipartExample, operation.example?.form);
    const body = multipartExample ?? operation.example?.body;
    const example = { ...operation.example?.query, ...(body !== undefined ? { [BODY_ARGUMENT]: body } : {}) };
    const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    for (const name of pathNames) (example as Record<string, unknown>)[name] = "00000000-0000-4000-8000-000000000000";
    expect(check(example), ajv.errorsText(check.errors)).toBe(true);
  });

  /** The tool's input schema compiled, and arguments that satisfy it but for the query: path placeholders, the example body. */
  const argumentsCheck = () => {
    const ajv = inputAjv;
    const { inputSchema } = tool();
    const check = ajv.compile(inputSchema);
    const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const base: Record<string, unknown> = Object.fromEntries(pathNames.map((name) => [name, "00000000-0000-4000-8000-000000000000"]));
    if (operation.body) base[BODY_ARGUMENT] = operation.example?.body ?? {};
    return { ajv, inputSchema, check, pathNames, base };
  };

  it("takes a number or a boolean where its query string takes digits or true/false, and refuses other types", () => {
    const { ajv, inputSchema, check, pathNames, base } = argumentsCheck();
    for (const [name, schema] of Object.entries(inputSchema.properties as Record<string, JsonSchema>)) {
      if (pathNames.includes(name) || name === BODY_ARGUMENT) continue;
      const types = [schema.type].flat();
      if (types.includes("integer")) expect(check({ ...base, [name]: 5 }), `${name}: ${ajv.errorsText(check.errors)}`).toBe(true);
      if (types.includes("boolean")) expect(check({ ...base, [name]: true }), `${name}: ${ajv.errorsText(check.errors)}`).toBe(true);
      if (types.includes("integer") || types.includes("number")) expect(check({ ...base, [name]: "five" }), name).toBe(false);
    }
  });

  it("describes every argument and every field of its body, nullable ones and alternatives included", () => {
    const undescribed: string[] = [];
    walkSchemas(tool().inputSchema, (schema) => {
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>)) {
        // A reference reads its description from the shared schema it names.
        if (typeof property.description !== "string" && typeof property.$ref !== "string") undescribed.push(name);
      }
    });
    expect(undescribed).toEqual([]);
  });

  it("mentions a cursor in its page argument only when it takes one", () => {
    const properties = tool().inputSchema.properties as Record<string, JsonSchema>;
    if (properties.page === undefined) return;
    expect(String(properties.page.description).includes("cursor")).toBe(properties.cursor !== undefined);
  });

  it("takes a list of strings where its query string takes comma-separated values", () => {
    const { ajv, inputSchema, check, pathNames, base } = argumentsCheck();
    Object.assign(base, operation.example?.query);
    // A query parameter named like a path parameter is no argument of its own.
    const documented = inlineQueryParameters(served, operation).filter((parameter) => !pathNames.includes(parameter.name));
    for (const parameter of documented.filter((candidate) => candidate.schema["x-comma-separated"] === true)) {
      expect(check({ ...base, [parameter.name]: ["a", "b"] }), `${parameter.name}: ${ajv.errorsText(check.errors)}`).toBe(true);
      expect(check({ ...base, [parameter.name]: "a,b" }), parameter.name).toBe(true);
      expect(check({ ...base, [parameter.name]: [1] }), parameter.name).toBe(false);
    }
  });

  it("declares its answer as its output schema exactly when it answers a JSON object, standing alone and compilable", () => {
    const { outputSchema } = tool();
    const success = (entryOf(served, operation).responses[String(operation.successStatus ?? 200)] as { content?: Record<string, { schema: JsonSchema }> }).content;
    const documented = success?.["application/json"]?.schema;
    if (documented?.type !== "object") {
      expect(outputSchema, `${operation.operationId} answers ${success ? Object.keys(success).join(", ") : "no body"}`).toBeUndefined();
      return;
    }
    expect(outputSchema).toBeDefined();
    const { $defs, ...root } = outputSchema!;
    expect(root.type).toBe("object");
    // The documented schema's structure, its references pointing at the tool's own copies of the shared schemas.
    expect(JSON.stringify(root).replaceAll('"#/$defs/', '"#/components/schemas/')).toBe(JSON.stringify(structuralSchema(documented)));
    expect(unresolvedReferences(outputSchema!)).toEqual([]);
    expect(() => compileAsClients(outputSchema!)).not.toThrow();
  });

  it("carries the annotations of what it does: read-only when it changes nothing, destructive unless it only adds", () => {
    const { annotations } = tool();
    const readOnly = operation.method === "get" || operation.readOnly === true;
    expect(annotations.readOnlyHint).toBe(readOnly);
    expect(annotations.destructiveHint).toBe(!readOnly && (["put", "patch", "delete"].includes(operation.method) || operation.destructive === true));
    if (operation.idempotent || readOnly) expect(annotations.idempotentHint).toBe(true);
    expect(annotations.openWorldHint).toBe(false);
  });
});

let builtPopulated: Promise<PopulatedTenant> | undefined;
/** The file's tenant with a record of every kind, built once for the describes that call every tool. */
const populatedTenant = () => (builtPopulated ??= buildPopulatedTenant(context.services, "Readable"));

describe("every read tool, called through /mcp", () => {
  let populated: PopulatedTenant;
  beforeAll(async () => {
    populated = await populatedTenant();
  });

  const callTool = (name: string, args: Record<string, unknown>): Promise<ToolResult> =>
    callMcpTool(context, { name, args, headers: { "x-api-key": populated.key } });

  const reads = operations.filter((operation) => operation.method === "get" && !operation.binaryResponse);
  it.each(reads.map((operation) => [operation.operationId, operation] as const))("%s answers what its REST call answers", async (_id, operation) => {
    const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const args = Object.fromEntries(pathNames.map((name) => [name, populated.pathIds[name]]));
    for (const [name, value] of Object.entries(args)) expect(value, `a fixture id for ${name}`).toEqual(expect.any(String));
    const query = new URLSearchParams(operation.example?.query ?? {});
    Object.assign(args, operation.example?.query);
    const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => args[name] as string);
    const overRest = await context.request(`${path}${query.size > 0 ? `?${query}` : ""}`, { key: populated.key });
    const result = await callTool(operation.operationId, args);
    if (overRest.ok) {
      expect(result.isError, result.content[0]?.text).toBeUndefined();
      const answer = JSON.parse(result.content[0]!.text) as Record<string, unknown>;
      // The personal data export answers a bounded preview over MCP: for the fixture's person nothing is left out.
      if (operation.operationId === "exportPersonalData") {
        expect(answer.preview).toMatchObject({ complete: true });
        delete answer.preview;
      }
      expect(answer).toEqual(await overRest.json());
      // A client that checks structured content against the declared schema takes it.
      const { outputSchema } = servedTools().find((tool) => tool.name === operation.operationId)!;
      expect(outputSchema, "every JSON read declares its answer").toBeDefined();
      const check = compileAsClients(outputSchema!);
      expect(check(result.structuredContent), JSON.stringify(check.errors)).toBe(true);
    } else {
      expect(result.content[0]!.text).toBe(`HTTP ${overRest.status}: ${((await overRest.json()) as { error: string }).error}`);
    }
  });

  it("answers a batch too large for an agent's context with its first targets' answers and the arguments for the rest", async () => {
    // The fixture's person, asked 40 times: about 70 KB of JSON over REST.
    const body = { uuids: Array.from({ length: 40 }, () => populated.pathIds.person_uuid!), paths_per_item: 10 };
    const overRest = await context.json("/v1/persons/recommended-paths/batch", { key: populated.key, method: "POST", body });
    expect(Buffer.byteLength(JSON.stringify(overRest.body))).toBeGreaterThan(TOOL_RESULT_BUDGET_BYTES);
    const result = await callTool("batchPersonRecommendedPaths", { body });
    expect(Buffer.byteLength(result.content[0]!.text)).toBeLessThanOrEqual(TOOL_RESULT_BUDGET_BYTES);
    const answer = result.structuredContent as { preview: { complete: boolean; next_arguments: { body: typeof body } }; results: unknown[] };
    const kept = answer.results.length;
    expect(answer.results).toEqual(overRest.body!.results.slice(0, kept));
    expect(answer.preview).toMatchObject({ complete: false, next_arguments: { body: { uuids: body.uuids.slice(kept), paths_per_item: 10 } } });
    const check = compileAsClients(servedTools().find((tool) => tool.name === "batchPersonRecommendedPaths")!.outputSchema!);
    expect(check(result.structuredContent), JSON.stringify(check.errors)).toBe(true);
  });
});

describe("every tool, called with valid arguments by the official 1.x SDK client agent frameworks use", () => {
  it("has each result accepted: the client checks every success against the tool's output schema", async () => {
    const populated = await populatedTenant();
    const validator = new AjvJsonSchemaValidator();
    let checked = 0;
    const counting: jsonSchemaValidator = {
      getValidator: <T>(schema: JsonSchemaType) => {
        const check = validator.getValidator<T>(schema);
        return (input) => {
          checked += 1;
          return check(input);
        };
      },
    };
    const client = new SdkClient({ name: "rapport-sdk-check", version: "1.0.0" }, { jsonSchemaValidator: counting });
    const fetchThroughApp = async (url: string | URL, init?: RequestInit) => context.app.request(String(url), init);
    await client.connect(new SdkTransport(new URL("http://rapport.test/mcp"), { requestInit: { headers: { "x-api-key": populated.adminKey } }, fetch: fetchThroughApp }));
    try {
      const { tools } = await client.listTools();
      const withSchema = new Set(tools.flatMap((tool) => (tool.outputSchema ? [tool.name] : [])));
      const made: MadeRecords = {};
      let expectedChecks = 0;
      for (const call of VALID_TOOL_CALLS) {
        // A result that does not match the tool's output schema makes callTool throw.
        const result = await client.callTool({ name: call.tool, arguments: call.args(populated.pathIds, made) });
        expect(result.isError, `${call.tool}: ${JSON.stringify(result.content)}`).toBeFalsy();
        made[call.as ?? call.tool] = result.structuredContent;
        if (withSchema.has(call.tool)) expectedChecks += 1;
      }
      const called = new Set(VALID_TOOL_CALLS.map((call) => call.tool));
      expect(tools.map((tool) => tool.name).filter((name) => !called.has(name)), "tools without a valid call in testing/valid-tool-calls.ts").toEqual([]);
      expect(checked).toBe(expectedChecks);
    } finally {
      await client.close();
    }
  });
});

describe("comma-separated query parameters", () => {
  it("are marked in the document, and a tool call given a list answers what the REST call with commas answers", async () => {
    const marked = operations.flatMap((operation) =>
      inlineQueryParameters(served, operation).flatMap((parameter) => (parameter.schema["x-comma-separated"] === true ? [`${operation.operationId}.${parameter.name}`] : [])),
    );
    expect(marked).toEqual(expect.arrayContaining(["listPersons.uuids", "listCompanies.operating_status", "listCompanies.service_industry_tags", "listTasks.status", "listOpportunities.owner_user_uuid"]));
    const [first, second] = await Promise.all(["Listed One", "Listed Two"].map((name) => context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name })));
    const tool = servedTools().find((candidate) => candidate.name === "listPersons")!;
    const request = buildToolRequest(tool, { uuids: [first!.uuid, second!.uuid] }, "http://rapport.test", { "x-api-key": acme.key }) as Request;
    const result = await toToolResult(await context.app.fetch(request));
    const overRest = await context.request(`/v1/persons?uuids=${first!.uuid},${second!.uuid}`, { key: acme.key });
    expect(result.structuredContent).toEqual(await overRest.json());
    expect((result.structuredContent as { items: Array<{ name: string }> }).items.map((item) => item.name).sort()).toEqual(["Listed One", "Listed Two"]);
  });
});

describe("the arguments every list tool repeats", () => {
  it("say the paging parameters' facts in short tool texts, while the OpenAPI document keeps the REST ones", () => {
    const tools = servedTools();
    const pagingTexts = (name: string) => {
      const properties = tools.find((tool) => tool.name === name)!.inputSchema.properties as Record<string, JsonSchema>;
      return { page: properties.page?.description, per_page: properties.per_page?.description, cursor: properties.cursor?.description };
    };
    expect(pagingTexts("listDeletions")).toEqual({
      page: "Page number from 1. Not with cursor.",
      per_page: "Items per page, 1-50 (default 10).",
      cursor: "next_cursor of the previous page; keep the other arguments (per_page may change). Not with page.",
    });
    expect(pagingTexts("listNotes").page).toBe("Page number from 1. Not with cursor.");
    const documented = Object.fromEntries(
      entryOf(served, operations.find((operation) => operation.operationId === "listDeletions")!).parameters.flatMap((parameter) => ("name" in parameter ? [[parameter.name, parameter.description]] : [])),
    );
    expect(documented).toMatchObject({
      page: "Page number, 1-indexed; values below 1 are treated as 1. Not allowed together with cursor.",
      per_page: "Items per page: default 10; values outside 1-50 are capped to that range, not rejected.",
      cursor: expect.stringMatching(/^Opaque next_cursor of a previous response: the page starts right after its last record\. Keep every filter/),
    });
  });

  it("write a nullable field and a comma-separated list as a type list rather than an anyOf", () => {
    const tools = servedTools();
    const properties = (name: string) => tools.find((tool) => tool.name === name)!.inputSchema.properties as Record<string, JsonSchema>;
    expect(properties("listDeletions").entity_type).toMatchObject({ type: ["string", "array"], items: { type: "string" } });
    expect(properties("listDeletions").entity_type!.anyOf).toBeUndefined();
    const body = properties("createNote").body as { properties: Record<string, JsonSchema> };
    expect(body.properties.title).toMatchObject({ type: ["string", "null"], maxLength: 300 });
    // Left as anyOf only beside a reference or a combination, which have no type of their own to add null to.
    const nullableAnyOf: JsonSchema[][] = [];
    walkSchemas(tools.map((tool) => tool.inputSchema), (schema) => {
      const members = schema.anyOf as JsonSchema[] | undefined;
      if (members?.some((member) => member.type === "null")) nullableAnyOf.push(members);
    });
    expect(nullableAnyOf.filter((members) => !members.some((member) => typeof member.$ref === "string" || Array.isArray(member.anyOf)))).toEqual([]);
  });
});

describe("body objects", () => {
  it("are left open, so an unknown field reaches the operation, whose 400 names it and the accepted ones", async () => {
    const createNote = servedTools().find((tool) => tool.name === "createNote")!;
    expect(JSON.stringify(createNote.inputSchema)).not.toContain('"additionalProperties":false');
    const check = new Ajv2020({ strict: false }).compile(createNote.inputSchema);
    expect(check({ body: { content: "Call notes", contnet: "typo" } })).toBe(true);
    const result = await callMcpTool(context, { name: "createNote", args: { body: { content: "Call notes", contnet: "typo" } }, headers: { "x-api-key": acme.key } });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe("HTTP 400: argument 'body': unknown field 'contnet' (did you mean 'content'?); accepted here: title, content, associations");
  });
});

describe("UUID arguments", () => {
  it("validate in upper case against the tool schema, as the operation takes them, and are answered in lower case", async () => {
    const person = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Upper Case" });
    const tools = servedTools();
    const tool = (name: string) => tools.find((candidate) => candidate.name === name)!;
    const getPerson = new Ajv2020({ strict: false }).compile(tool("getPerson").inputSchema);
    expect(getPerson({ person_uuid: person.uuid.toUpperCase() }), new Ajv2020().errorsText(getPerson.errors)).toBe(true);
    const batch = new Ajv2020({ strict: false }).compile(tool("batchPersonRecommendedPaths").inputSchema);
    expect(batch({ body: { uuids: [person.uuid.toUpperCase()] } }), new Ajv2020().errorsText(batch.errors)).toBe(true);
    const request = buildToolRequest(tool("getPerson"), { person_uuid: person.uuid.toUpperCase() }, "http://rapport.test", { "x-api-key": acme.key }) as Request;
    const result = await toToolResult(await context.app.fetch(request));
    expect(result.isError).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ uuid: person.uuid, name: "Upper Case" });
  });
});

describe("a huge whole-number argument", () => {
  it("is sent in digits, so a page past the last is clamped as over REST rather than refused as '1e+21'", async () => {
    const tool = servedTools().find((candidate) => candidate.name === "listPersons")!;
    const request = buildToolRequest(tool, { page: 1e21, per_page: 50 }, "http://rapport.test", { "x-api-key": acme.key }) as Request;
    expect(new URL(request.url).searchParams.get("page")).toBe(`1${"0".repeat(21)}`);
    const result = await toToolResult(await context.app.fetch(request));
    expect(result.isError).toBeUndefined();
    const overRest = await context.request(`/v1/persons?page=1${"0".repeat(21)}&per_page=50`, { key: acme.key });
    expect(overRest.status).toBe(200);
    expect(result.structuredContent).toEqual(await overRest.json());
  });
});

describe("the head-count filters of listCompanies", () => {
  it("take a JSON number as their query string takes digits, and a band as text", async () => {
    const tool = servedTools().find((candidate) => candidate.name === "listCompanies")!;
    const check = new Ajv2020({ strict: false }).compile(tool.inputSchema);
    expect(check({ employee_count_from: 50, employee_count_to: "201-500" }), new Ajv2020().errorsText(check.errors)).toBe(true);
    expect(check({ employee_count_from: "lots" })).toBe(false);
    const request = buildToolRequest(tool, { employee_count_from: 50 }, "http://rapport.test", { "x-api-key": acme.key }) as Request;
    const result = await toToolResult(await context.app.fetch(request));
    expect(result.isError).toBeUndefined();
    const refused = buildToolRequest(tool, { employee_count_from: "lots" }, "http://rapport.test", { "x-api-key": acme.key }) as Request;
    expect((await toToolResult(await context.app.fetch(refused))).content[0]!.text).toMatch(/^HTTP 400: query parameter 'employee_count_from': must be a head count or a band/);
  });
});

describe("shared schemas", () => {
  it("are carried into the tool schema as $defs, so each tool schema stands alone", () => {
    type Folder = { name: string; children: Folder[] };
    const folder: z.ZodType<Folder> = z.lazy(() => z.object({ name: z.string(), children: z.array(folder) }));
    const recursive = defineOperation({
      operationId: "testCreateFolder",
      method: "post",
      path: "/v1/test/folders",
      area: "Test",
      summary: "Create a folder tree",
      description: "Creates nested folders.",
      body: z.object({ root: folder.describe("The tree.") }),
      async handler() {
        return undefined;
      },
    });
    const document = buildOpenApiDocument([recursive]);
    expect(Object.keys(document.components.schemas)).not.toEqual(["Error"]);
    const [tool] = buildMcpTools(document);
    expect(JSON.stringify(tool!.inputSchema)).not.toContain("#/components/");
    const check = new Ajv2020({ strict: false }).compile(tool!.inputSchema);
    expect(check({ body: { root: { name: "a", children: [{ name: "b", children: [] }] } } })).toBe(true);
    expect(check({ body: { root: { name: "a", children: [{ name: 1, children: [] }] } } })).toBe(false);
  });
});

describe("output schemas", () => {
  /** A test operation answering `response` with `successStatus`, and the tool made from it. */
  const toolAnswering = (options: { response?: z.ZodType; successStatus?: 200 | 201 | 204; binary?: boolean }) => {
    const operation = defineOperation({
      operationId: "testAnswer",
      method: "post",
      path: "/v1/test/answers",
      area: "Test",
      summary: "Answer",
      description: "Answers something (test only).",
      ...(options.response ? { response: options.response } : {}),
      ...(options.successStatus ? { successStatus: options.successStatus } : {}),
      ...(options.binary ? { binaryResponse: { description: "The bytes." } } : {}),
      async handler() {
        return undefined;
      },
    });
    const document = buildOpenApiDocument([operation]);
    return { document, tool: () => buildMcpTools(document)[0]! };
  };

  it("are left out for an answer that is no JSON object: no body, bytes, a list, text", () => {
    expect(toolAnswering({ successStatus: 204 }).tool().outputSchema).toBeUndefined();
    expect(toolAnswering({}).tool().outputSchema).toBeUndefined();
    expect(toolAnswering({ response: z.object({ uuid: z.string() }), binary: true }).tool().outputSchema).toBeUndefined();
    expect(toolAnswering({ response: z.array(z.object({ uuid: z.string() })) }).tool().outputSchema).toBeUndefined();
    expect(toolAnswering({ response: z.string() }).tool().outputSchema).toBeUndefined();
  });

  it("follow the answer's reference to a shared schema and carry it, and what it refers to, in their own $defs", () => {
    type Folder = { name: string; children: Folder[] };
    const folder: z.ZodType<Folder> = z.lazy(() => z.object({ name: z.string(), children: z.array(folder) })).meta({ id: "Folder" });
    const { document, tool } = toolAnswering({ response: folder, successStatus: 201 });
    expect(document.paths["/v1/test/answers"]!.post!.responses["201"]).toMatchObject({ content: { "application/json": { schema: { $ref: "#/components/schemas/Folder" } } } });
    const { outputSchema } = tool();
    expect(outputSchema).toMatchObject({ type: "object", $defs: { Folder: expect.any(Object) } });
    expect(unresolvedReferences(outputSchema!)).toEqual([]);
    const check = compileAsClients(outputSchema!);
    expect(check({ name: "a", children: [{ name: "b", children: [] }] })).toBe(true);
    expect(check({ name: "a", children: [{ name: 1, children: [] }] })).toBe(false);
  });

  it("declare every success body when the statuses document different ones, and one when they document the same", () => {
    const { document, tool } = toolAnswering({ response: z.object({ uuid: z.string() }), successStatus: 201 });
    const responses = document.paths["/v1/test/answers"]!.post!.responses;
    responses["200"] = structuredClone(responses["201"]!);
    expect(tool().outputSchema).toEqual(expect.objectContaining({ type: "object", properties: { uuid: { type: "string" } } }));
    const other = { type: "object", properties: { queued: { type: "boolean" } }, required: ["queued"] };
    responses["202"] = { description: "Accepted.", content: { "application/json": { schema: other } } };
    const { outputSchema } = tool();
    expect(outputSchema).toEqual({ type: "object", anyOf: [expect.objectContaining({ required: ["uuid"] }), other] });
    const check = compileAsClients(outputSchema!);
    expect([check({ uuid: "u" }), check({ queued: true }), check({ other: 1 })]).toEqual([true, true, false]);
    // One success that answers no body means a success may carry no structured content: no schema at all.
    responses["204"] = { description: "No content." };
    expect(tool().outputSchema).toBeUndefined();
  });
});

describe("a tool call as a request", () => {
  const [getPersonTool] = buildMcpTools(buildOpenApiDocument(operations.filter((operation) => operation.operationId === "getPerson")));
  const [listPersonsTool] = buildMcpTools(buildOpenApiDocument(operations.filter((operation) => operation.operationId === "listPersons")));

  it("marks batch reads read-only, updates and merges destructive, and creations additive", () => {
    const tools = servedTools();
    const hints = (name: string) => {
      const { readOnlyHint, destructiveHint } = tools.find((tool) => tool.name === name)!.annotations;
      return { readOnlyHint, destructiveHint };
    };
    for (const name of ["lookupPersonsBatch", "batchPersonRecommendedPaths", "batchCompanyRecommendedPaths", "batchPersonActivityStats", "getPerson"]) {
      expect(hints(name), name).toEqual({ readOnlyHint: true, destructiveHint: false });
    }
    for (const name of ["mergePerson", "createImport", "updatePerson", "updateOpportunity", "deleteNote"]) expect(hints(name), name).toEqual({ readOnlyHint: false, destructiveHint: true });
    for (const name of ["createPerson", "createPersonsBatch", "ingestEmails"]) expect(hints(name), name).toEqual({ readOnlyHint: false, destructiveHint: false });
  });

  it("describes what a tool call can do where the REST description names a header, a status or a stream, and leaves the OpenAPI text as it is", async () => {
    const tools = await listTools(context.app, acme.key);
    const description = (name: string) => tools.find((tool) => tool.name === name)!.description;
    const documented = (path: string) => served.paths[path]!.post!.description;
    for (const [name, path] of [
      ["batchPersonRecommendedPaths", "/v1/persons/recommended-paths/batch"],
      ["batchCompanyRecommendedPaths", "/v1/companies/recommended-paths/batch"],
    ] as const) {
      expect(description(name)).toContain("a tool call cannot ask for a fresh ranking");
      expect(description(name)).toContain("A failure partway through is a tool error with nothing of the answer: call the tool again.");
      expect(documented(path)).toContain("`Cache-Control: no-cache` ranks every target afresh");
      expect(documented(path)).toContain("closes the connection before the body ends");
    }
    expect(description("listUsers")).toContain("x-service-user-id header of its MCP requests");
    expect(description("createOpportunityAssociation")).toContain("a created_at older than the call means the link already existed");
    expect(description("uploadFile")).toContain("given under body.file as {filename, content_type, content_base64}");
    expect(description("createImport")).toContain("given under body.file as {filename, content_type, content_base64}");
    expect(description("downloadFile")).toContain("base64-encoded in content_base64");
    expect(documented("/v1/files")).toContain("multipart/form-data");
  });

  it("says of mergePerson, marked destructive as a whole (hints are per tool), that a preview changes nothing, which it does not", async () => {
    const tools = await listTools(context.app, acme.key);
    const merge = tools.find((tool) => tool.name === "mergePerson")!;
    expect(merge.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(merge.description).toContain("The tool is marked destructive for the merge itself; with preview: true it changes nothing.");
    const [canonical, superseded] = await Promise.all(["Merge Keeper", "Merge Duplicate"].map((name) => context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name })));
    const args = { person_uuid: canonical!.uuid, body: { superseded_person_uuid: superseded!.uuid, preview: true } };
    const request = buildToolRequest(servedTools().find((tool) => tool.name === "mergePerson")!, args, "http://rapport.test", { "x-api-key": acme.adminKey }) as Request;
    const result = await toToolResult(await context.app.fetch(request));
    expect(result.isError, result.content[0]?.text).toBeUndefined();
    expect(result.structuredContent).toMatchObject({ merged: false });
    expect((await context.request(`/v1/persons/${superseded!.uuid}`, { key: acme.key })).status).toBe(200);
  });

  it("takes a body sent as its JSON text as the object it spells, and leaves other text to the operation's message", async () => {
    const tools = servedTools();
    const call = async (name: string, args: Record<string, unknown>) =>
      toToolResult(await context.app.fetch(buildToolRequest(tools.find((tool) => tool.name === name)!, args, "http://rapport.test", { "x-api-key": acme.key }) as Request));
    const created = await call("createPerson", { body: JSON.stringify({ name: "Texted Body", emails: ["texted@northwind.example"] }) });
    expect(created.isError, created.content[0]?.text).toBeUndefined();
    expect(created.structuredContent).toMatchObject({ name: "Texted Body" });
    const looked = await call("lookupPersonsBatch", { body: JSON.stringify({ criteria: [{ email: "texted@northwind.example" }] }) });
    expect(looked.isError, looked.content[0]?.text).toBeUndefined();
    for (const text of ["not json", "42", '"quoted"']) {
      const refused = await call("createPerson", { body: text });
      expect(refused).toMatchObject({ isError: true, structuredContent: { status: 400 } });
      expect(refused.content[0]!.text).toMatch(/^HTTP 400: body/);
    }
  });

  it("cites other operations in a description by their tools", () => {
    const tools = servedTools();
    const description = (name: string) => tools.find((tool) => tool.name === name)!.description;
    expect(description("lookupPersonsBatch")).toContain("send the unmatched remainder to POST /v1/persons/batch (tool createPersonsBatch).");
    expect(description("createImport")).toContain("follow it with GET /v1/imports/{import_uuid} (tool getImport).");
    expect(description("listEntityListEntities")).toContain("GET /v1/companies?uuids=... (tool listCompanies) or GET /v1/persons?uuids=... (tool listPersons)");
    expect(description("listPersons")).toContain(
      "filter with name (a misspelt name that matches nobody is retried fuzzily, closest first), then ask GET /v1/persons/{person_uuid}/recommended-paths (tool getPersonRecommendedPaths) who on the team knows them best (each person's strongest_relationships names the top two), or GET /v1/pathpower/scores?entity=person&uuids= (tool listPathPowerScores) how strongly the team is connected; everyone at a company: company_uuid.",
    );
    expect(description("listCompanies")).toContain(
      "filter with name (a case-insensitive substring; if none matches, name_suggestions lists close names), then ask GET /v1/companies/{company_uuid}/recommended-paths (tool getCompanyRecommendedPaths) for the warmest introductions or GET /v1/companies/{company_uuid}/pathpower (tool getCompanyPathPower) for how strongly the team is connected.",
    );
    expect(description("listActivity")).toContain("Participants are person uuids: GET /v1/persons?uuids=... (tool listPersons) names up to 100 of them in one call.");
    expect(description("getImport")).toMatch(/\(GET \/v1\/imports\/\{import_uuid\}\)$/);
  });

  it("names a tool beside every operation its description or an argument's description cites", () => {
    const cited = /\b(?:(GET|POST|PUT|PATCH|DELETE) )?\/v1\/[\w{}/.-]*[\w}](\?[^\s,;)]*)?( \(tool \w+\))?/g;
    const uncited: string[] = [];
    for (const tool of servedTools()) {
      const texts = [tool.description.slice(0, -` (${tool.route.method} ${tool.route.path})`.length)];
      walkSchemas(tool.inputSchema, (schema) => {
        if (typeof schema.description === "string") texts.push(schema.description);
      });
      for (const text of texts) {
        // The OpenAPI document is no operation: it has no tool.
        for (const [reference, method, , named] of text.replaceAll("/v1/openapi.json", "").matchAll(cited)) {
          if (!method || !named) uncited.push(`${tool.name}: ${reference}`);
        }
      }
    }
    expect(uncited).toEqual([]);
    const listOpportunities = servedTools().find((tool) => tool.name === "listOpportunities")!;
    expect((listOpportunities.inputSchema.properties as Record<string, JsonSchema>).opportunity_type_uuid!.description).toBe("Only opportunities of this type (GET /v1/opportunity-types (tool listOpportunityTypes)).");
    // The OpenAPI document keeps its REST text.
    expect(JSON.stringify(served)).toContain("Only opportunities of this type (GET /v1/opportunity-types).");
  });

  it("fills the path, prints numbers, joins lists and forwards the credentials", () => {
    const request = buildToolRequest(getPersonTool!, { person_uuid: "a/b c" }, "http://rapport.test", { "x-api-key": "pk_1" }) as Request;
    expect(request.url).toBe("http://rapport.test/v1/persons/a%2Fb%20c");
    expect(request.method).toBe("GET");
    expect(request.headers.get("x-api-key")).toBe("pk_1");
    const list = buildToolRequest(listPersonsTool!, { per_page: 5, uuids: ["u1", "u2"], cursor: null }, "http://rapport.test", {}) as Request;
    expect(new URL(list.url).searchParams.toString()).toBe("per_page=5&uuids=u1%2Cu2");
  });

  it("sends a list given for a form field as the field repeated", async () => {
    const [importTool] = buildMcpTools(buildOpenApiDocument(operations.filter((operation) => operation.operationId === "createImport")));
    const body = { kind: "csv", dry_run: true, map: ["Mail=email", "Org=company"], file: { filename: "people.csv", content_base64: Buffer.from("a,b\n").toString("base64") } };
    const request = buildToolRequest(importTool!, { body }, "http://rapport.test", {}) as Request;
    const form = await request.formData();
    expect(form.getAll("map")).toEqual(["Mail=email", "Org=company"]);
    expect([form.get("kind"), form.get("dry_run")]).toEqual(["csv", "true"]);
    const check = new Ajv2020({ strict: false }).compile(importTool!.inputSchema);
    for (const map of ["Mail=email", ["Mail=email", "Org=company"]]) expect(check({ body: { ...body, map } })).toBe(true);
    expect(check({ body: { ...body, map: [1] } })).toBe(false);
  });

  it("types an upload's form fields as the operation parses them: enumerations, patterns, true/false as a JSON boolean", async () => {
    const importTool = servedTools().find((tool) => tool.name === "createImport")!;
    const check = new Ajv2020({ strict: false }).compile(importTool.inputSchema);
    const file = { filename: "people.vcf", content_base64: Buffer.from("BEGIN:VCARD\nVERSION:3.0\nFN:Ada\nEND:VCARD\n").toString("base64") };
    const body = { file, kind: "vcf", dry_run: true, keep_bodies: "false" };
    expect(check({ body }), new Ajv2020().errorsText(check.errors)).toBe(true);
    expect(check({ body: { ...body, kind: "zip" } })).toBe(false);
    expect(check({ body: { ...body, dry_run: "yes" } })).toBe(false);
    expect(check({ body: { ...body, user_uuid: "someone" } })).toBe(false);
    const request = buildToolRequest(importTool, { body }, "http://rapport.test", { "x-api-key": acme.key }) as Request;
    const result = await toToolResult(await context.app.fetch(request));
    expect(result.structuredContent).toMatchObject({ kind: "vcf", dry_run: true });
  });

  it("names a missing path argument instead of calling a different path", () => {
    expect(buildToolRequest(getPersonTool!, {}, "http://rapport.test", {})).toEqual({
      error: "argument 'person_uuid' is required: getPerson needs it for GET /v1/persons/{person_uuid}",
    });
    // The UUID sent under another name: the message says that name is not one the tool takes.
    expect(buildToolRequest(getPersonTool!, { uuid: "06efa435-6c62-4cb7-9770-f221a0bcd7c6", id: "x" }, "http://rapport.test", {})).toEqual({
      error: "argument 'person_uuid' is required: getPerson needs it for GET /v1/persons/{person_uuid}; 'uuid', 'id' are not arguments of getPerson",
    });
    // A name sent instead of the UUID: the message names the tool that finds the UUID, if the client has it.
    expect(buildToolRequest(getPersonTool!, { name: "Priya Nair" }, "http://rapport.test", {})).toEqual({
      error: "argument 'person_uuid' is required: getPerson needs it for GET /v1/persons/{person_uuid}; 'name' is not an argument of getPerson; find a person's uuid by name with the listPersons tool (name=)",
    });
    expect(buildToolRequest(getPersonTool!, { name: "Priya Nair" }, "http://rapport.test", {}, (tool) => tool === "getPerson")).toEqual({
      error: "argument 'person_uuid' is required: getPerson needs it for GET /v1/persons/{person_uuid}; 'name' is not an argument of getPerson; no tool of this client finds a person by name: send one from an earlier answer, or ask for it",
    });
  });

  it("points body fields given as flat arguments at `body`, and still sends query parameters and typos to an operation that takes query parameters", () => {
    const [updatePersonTool] = buildMcpTools(buildOpenApiDocument(operations.filter((operation) => operation.operationId === "updatePerson")));
    expect(updatePersonTool!.route.bodyFields).toEqual(expect.arrayContaining(["name", "job_title", "emails"]));
    expect(buildToolRequest(updatePersonTool!, { person_uuid: "p1", job_title: "CEO", name: "Ada" }, "http://rapport.test", {})).toEqual({
      error: `arguments 'job_title', 'name' are fields of updatePerson's request body: send them inside the 'body' argument, as {"body": {"job_title": ..., "name": ...}}`,
    });
    const typo = buildToolRequest(listPersonsTool!, { per_pgae: 5 }, "http://rapport.test", {}) as Request;
    expect(new URL(typo.url).searchParams.get("per_pgae")).toBe("5");
    // Without query parameters the operation's refusal would say it accepts "none": the tool names its own arguments.
    expect(buildToolRequest(updatePersonTool!, { person_uuid: "p1", bodyy: {} }, "http://rapport.test", {})).toEqual({
      error: "argument 'bodyy' is not an argument of updatePerson (did you mean 'body'?); it takes: person_uuid, body, idempotency_key",
    });
    expect(buildToolRequest(getPersonTool!, { person_uuid: "p1", include: "all", dry_run: null }, "http://rapport.test", {})).toEqual({
      error: "argument 'include' is not an argument of getPerson; it takes: person_uuid",
    });
    const [uploadTool] = buildMcpTools(buildOpenApiDocument(operations.filter((operation) => operation.operationId === "uploadFile")));
    expect(buildToolRequest(uploadTool!, { file: { filename: "a.txt", content_base64: "" } }, "http://rapport.test", {})).toEqual({
      error: `argument 'file' is a field of uploadFile's request body: send it inside the 'body' argument, as {"body": {"file": ...}}`,
    });
    expect(listPersonsTool!.route.bodyFields).toEqual([]);
  });

  it("never lets a path argument leave the operation's path", () => {
    for (const value of ["..", "."]) {
      expect(buildToolRequest(getPersonTool!, { person_uuid: value }, "http://rapport.test", {})).toEqual({ error: `argument 'person_uuid' must not be '${value}'` });
    }
    const encoded = buildToolRequest(getPersonTool!, { person_uuid: "../users" }, "http://rapport.test", {}) as Request;
    expect(new URL(encoded.url).pathname).toBe("/v1/persons/..%2Fusers");
    const doubleEncoded = buildToolRequest(getPersonTool!, { person_uuid: "%2e%2e" }, "http://rapport.test", {}) as Request;
    expect(new URL(doubleEncoded.url).pathname).toBe("/v1/persons/%252e%252e");
  });

  it("turns answers into results: JSON as structured content, errors flagged, 204 as done", async () => {
    expect(await toToolResult(Response.json([1, 2]))).toEqual({ content: [{ type: "text", text: "[1,2]" }], structuredContent: { result: [1, 2] } });
    expect(await toToolResult(Response.json({ error: "nope" }, { status: 409 }))).toEqual({
      content: [{ type: "text", text: "HTTP 409: nope" }],
      structuredContent: { status: 409, error: "nope" },
      isError: true,
    });
    expect(await toToolResult(new Response(null, { status: 204 }))).toEqual({ content: [{ type: "text", text: "Done (HTTP 204)." }] });
    const cutShort = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(Buffer.from('{"results":[1,'));
        controller.error(new Error("a later part failed"));
      },
    });
    const broken = await toToolResult(new Response(cutShort, { headers: { "content-type": "application/json", "x-request-id": "r-1" } }));
    expect(broken).toMatchObject({ isError: true, structuredContent: { status: 500 } });
    expect(broken.content[0]!.text).toBe(
      "HTTP 500: the answer failed after its first part was sent; nothing of it is usable: call the tool again, and quote request id r-1 if it fails again",
    );
    expect(await toToolResult(new Response("\uFEFF{\"a\":1}", { headers: { "content-type": "application/json" } }))).toMatchObject({ structuredContent: { a: 1 } });
  });
});

describe("files through tools", () => {
  it("uploads a file sent as base64 and downloads it back as base64, through the app", async () => {
    const tools = servedTools();
    const upload = tools.find((tool) => tool.name === "uploadFile")!;
    const download = tools.find((tool) => tool.name === "downloadFile")!;
    const content = "name,email\nAda,ada@x.example\n";
    const request = buildToolRequest(
      upload,
      { body: { file: { filename: "people.csv", content_type: "text/csv", content_base64: Buffer.from(content).toString("base64") } } },
      "http://rapport.test",
      { "x-api-key": acme.key },
    ) as Request;
    const uploaded = await toToolResult(await context.app.fetch(request));
    expect(uploaded.isError).toBeUndefined();
    const file = uploaded.structuredContent as { uuid: string; filename: string; content_type: string; size_bytes: number };
    expect(file).toMatchObject({ filename: "people.csv", content_type: "text/csv", size_bytes: Buffer.byteLength(content) });

    const fetched = await toToolResult(
      await context.app.fetch(buildToolRequest(download, { file_uuid: file.uuid }, "http://rapport.test", { "x-api-key": acme.key }) as Request),
    );
    expect(fetched.structuredContent).toMatchObject({ status: 200, content_type: "text/csv", size_bytes: Buffer.byteLength(content) });
    expect(Buffer.from((fetched.structuredContent as { content_base64: string }).content_base64, "base64").toString()).toBe(content);
  });

  it("refuses a file part whose content is not base64, or with a field it does not know, before any upload", async () => {
    const callUpload = async (file: Record<string, unknown>) => {
      const response = await context.app.request("/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", "x-api-key": acme.key },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "uploadFile", arguments: { body: { file } } } }),
      });
      const text = await response.text();
      const json = text.startsWith("{") ? text : text.split("\n").find((line) => line.startsWith("data: "))!.slice(6);
      return (JSON.parse(json) as { result: { isError?: boolean; content: Array<{ text: string }> } }).result;
    };
    expect(await callUpload({ filename: "notes.txt", content_base64: "!!!not base64, plain text" })).toMatchObject({
      isError: true,
      content: [{ text: "body field 'file.content_base64' is not base64: send the file's bytes base64-encoded" }],
    });
    expect(await callUpload({ filename: "notes.txt", content_base64: "aGVsbG8=", encoding: "utf-8" })).toMatchObject({
      isError: true,
      content: [{ text: "body field 'file': unknown field 'encoding'; accepted here: filename, content_type, content_base64" }],
    });
    expect(await callUpload({ filename: "notes.txt", content_base64: "aGVsbG8=", ["e".repeat(100_000)]: 1 })).toMatchObject({
      isError: true,
      content: [{ text: `body field 'file': unknown field '${"e".repeat(60)}…'; accepted here: filename, content_type, content_base64` }],
    });
    // Wrapped and unpadded base64 is base64: uploaded as the bytes it encodes.
    const wrapped = await callUpload({ filename: "notes.txt", content_base64: "aGVs\r\nbG8" });
    expect(wrapped.isError).toBeUndefined();
    expect(JSON.parse(wrapped.content[0]!.text)).toMatchObject({ filename: "notes.txt", size_bytes: 5 });
  });

  it("says how large a file one tool call can carry, and carries a file of that size through /mcp", async () => {
    const upload = (await listTools(context.app, acme.key)).find((tool) => tool.name === "uploadFile")!;
    const bodyDescription = String((upload.inputSchema.properties as Record<string, JsonSchema>).body!.description);
    const largest = Number(/at most about (\d+) KiB/.exec(bodyDescription)?.[1]);
    expect(largest).toBeGreaterThan(700);
    const post = (kib: number) =>
      context.app.request("/mcp", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-protocol-version": "2025-06-18", "x-api-key": acme.key },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "tools/call",
          params: { name: "uploadFile", arguments: { body: { file: { filename: "big.bin", content_base64: Buffer.alloc(kib * 1024, 7).toString("base64") } } } },
        }),
      });
    const fits = await (await post(largest)).text();
    expect(fits).toContain(`\\"size_bytes\\":${largest * 1024}`);
    const tooLarge = await post(largest + 40);
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.text()).toMatch(/larger than the 1 MiB limit/);
  });

  it("names a file part that is not {filename, content_base64}", () => {
    const upload = servedTools().find((tool) => tool.name === "uploadFile")!;
    expect(buildToolRequest(upload, { body: { file: "just text" } }, "http://rapport.test", {})).toEqual({
      error: "body field 'file' must be {filename, content_type, content_base64}",
    });
  });
});
