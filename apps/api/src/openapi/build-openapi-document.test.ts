/**
 * The OpenAPI document: valid OpenAPI 3.1 (checked by a maintained validator), served without a
 * key, and complete for the whole operation table. Expectations are derived from the table itself,
 * so operations added later are held to the same standard with no edit here.
 */
import { validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApp } from "../app.js";
import { defineOperation, type AnyOperation } from "../operations/operation.js";
import { operations } from "../routes/operations.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";
import { API_CONTRACT_VERSION } from "../api-contract-version.js";
import {
  buildOpenApiDocument,
  COMMON_ERROR_STATUSES,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
} from "./build-openapi-document.js";
import { walkSchemas, type JsonSchema } from "./json-schema.js";

let context: TestContext;
let tenant: PopulatedTenant;
let served: OpenApiDocument;

beforeAll(async () => {
  context = await createTestContext();
  tenant = await buildPopulatedTenant(context.services, "OpenApi");
  const response = await context.request("/v1/openapi.json");
  expect(response.status).toBe(200);
  served = (await response.json()) as OpenApiDocument;
});
afterAll(() => context.close());

const entryOf = (document: OpenApiDocument, operation: AnyOperation): OpenApiOperation | undefined =>
  document.paths[operation.path]?.[operation.method];

const inlineParameters = (entry: OpenApiOperation) =>
  entry.parameters.filter((parameter): parameter is OpenApiParameter => "name" in parameter);

/** A validator over the document's schemas, so `$ref`s into components resolve; it compiles each schema once. */
function schemaValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
  ajv.addSchema({ $id: "rapport:openapi", components: document.components }, "rapport:openapi");
  const compiled = new Map<string, ReturnType<typeof ajv.compile>>();
  return (schema: JsonSchema, value: unknown) => {
    const text = JSON.stringify(schema).replaceAll('"#/components/', '"rapport:openapi#/components/');
    let check = compiled.get(text);
    if (check === undefined) {
      check = ajv.compile(JSON.parse(text) as JsonSchema);
      compiled.set(text, check);
    }
    return check(value) ? null : ajv.errorsText(check.errors);
  };
}

let servedValidatorMade: ReturnType<typeof schemaValidator> | undefined;
/**
 * The served document's validator, made once for the file: a new one per test compiled the JSON Schema meta-schema
 * and every component it reached again, most of those tests' time.
 */
const servedSchemaValidator = () => (servedValidatorMade ??= schemaValidator(served));

describe("GET /v1/openapi.json", () => {
  it("is served without an API key, with this server's URL, and is valid OpenAPI 3.1", async () => {
    expect(served.openapi).toBe("3.1.0");
    expect(served.servers).toEqual([{ url: "http://localhost", description: "This Rapport server" }]);
    const result = await validate(structuredClone(served) as unknown as Parameters<typeof validate>[0]);
    expect(result.valid, JSON.stringify(result, null, 2)).toBe(true);
    // The validator does catch a broken document (so the check above is not vacuous).
    const broken = structuredClone(served) as unknown as { components: { securitySchemes: Record<string, { in: string }> } };
    broken.components.securitySchemes.ApiKeyAuth!.in = "body";
    expect((await validate(broken as Parameters<typeof validate>[0])).valid).toBe(false);
  });

  it("names the configured public URL as its server", async () => {
    const app = createApp(context.services, { publicUrl: "https://rapport.example.com/" });
    const document = (await (await app.request("/v1/openapi.json")).json()) as OpenApiDocument;
    expect(document.servers?.[0]?.url).toBe("https://rapport.example.com");
  });

  it("is made with the MCP tools on the first request that needs them, not with the app (most servers are never asked)", async () => {
    /** A table of its own (contracts are made once per table), whose first operation counts the reads of its summary. */
    const watchedTable = () => {
      const [first, ...rest] = operations.slice(0, 3);
      const watched = { reads: 0, table: rest };
      const counting = { ...first!, get summary() { watched.reads += 1; return first!.summary; } };
      watched.table = [counting, ...rest];
      return watched;
    };
    const forDocument = watchedTable();
    const forTools = watchedTable();
    const documentApp = createApp(context.services, { operations: forDocument.table });
    const toolsApp = createApp(context.services, { operations: forTools.table });
    expect((await documentApp.request("/health")).status).toBe(200);
    expect([forDocument.reads, forTools.reads]).toEqual([0, 0]);
    expect((await documentApp.request("/v1/openapi.json")).status).toBe(200);
    const listed = await toolsApp.request("/mcp", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "x-api-key": tenant.key },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list", params: {} }),
    });
    expect(listed.status).toBe(200);
    expect(await listed.text()).toContain(`"name":"${forTools.table[0]!.operationId}"`);
    expect(forDocument.reads).toBeGreaterThan(0);
    expect(forTools.reads).toBeGreaterThan(0);
  });

  it("is the document generated from the operation table", () => {
    const { servers: _servers, ...rest } = served;
    expect(rest).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument(operations))));
  });

  it("gives the version of the API contract it describes, the specification's v1.20.0, not the release serving it", () => {
    expect(served.info.version).toBe("1.20.0");
    expect(API_CONTRACT_VERSION).toBe("1.20.0");
    expect(buildOpenApiDocument(operations.slice(0, 1)).info.version).toBe(API_CONTRACT_VERSION);
  });

  it("declares the x-api-key scheme, the x-service-user-id header, rate-limit headers and the error envelope", () => {
    expect(served.security).toEqual([{ ApiKeyAuth: [] }]);
    expect(served.components.securitySchemes.ApiKeyAuth).toMatchObject({ type: "apiKey", in: "header", name: "x-api-key" });
    expect(served.components.parameters.ServiceUserId).toMatchObject({ name: "x-service-user-id", in: "header", required: false });
    expect(Object.keys(served.components.headers)).toEqual(
      expect.arrayContaining([
        "X-RateLimit-Limit",
        "X-RateLimit-Remaining",
        "X-RateLimit-Reset",
        "X-RateLimit-Limit-Monthly",
        "X-RateLimit-Remaining-Monthly",
        "X-RateLimit-Reset-Monthly",
        "Retry-After",
        "X-Request-Id",
      ]),
    );
    expect(served.components.schemas.Error).toMatchObject({ required: ["error"], properties: { error: { type: "string" } } });
    expect(servedSchemaValidator()({ $ref: "#/components/schemas/Error" }, { error: "bad" })).toBeNull();
    expect(servedSchemaValidator()({ $ref: "#/components/schemas/Error" }, { error: 1 })).not.toBeNull();
    const tooMany = served.components.responses.Error429 as { headers: Record<string, unknown> };
    expect(Object.keys(tooMany.headers)).toEqual(expect.arrayContaining(["Retry-After", "X-RateLimit-Remaining"]));
  });

  it("gives the tagged reads an ETag, If-None-Match and a 304, and the writes of their records If-Match, a 412 and the new ETag", () => {
    const operationOf = (id: string) => Object.values(served.paths).flatMap((item) => Object.values(item)).find((entry) => entry.operationId === id)!;
    const parameterReferences = (entry: OpenApiOperation) => entry.parameters.map((parameter) => ("$ref" in parameter ? parameter.$ref : parameter.name));
    const tagged = operations.filter((operation) => operation.taggedRecord !== undefined).map((operation) => operation.operationId);
    const conditional = operations.filter((operation) => operation.conditionalOn !== undefined).map((operation) => operation.operationId);
    expect(tagged.sort()).toEqual(["getCompany", "getOpportunity", "getPerson"]);
    expect(conditional.sort()).toEqual(["deleteOpportunity", "erasePerson", "updateCompany", "updateOpportunity", "updatePerson"]);
    for (const id of tagged) {
      const entry = operationOf(id);
      expect(parameterReferences(entry), id).toContain("#/components/parameters/IfNoneMatch");
      expect(Object.keys(entry.responses["200"]!.headers as object), id).toContain("ETag");
      expect(Object.keys(entry.responses["304"]!.headers as object), id).toContain("ETag");
      expect(entry.responses["304"]!.content, id).toBeUndefined();
    }
    for (const id of conditional) {
      const entry = operationOf(id);
      expect(parameterReferences(entry), id).toContain("#/components/parameters/IfMatch");
      expect(entry.responses["412"], id).toEqual({ $ref: "#/components/responses/Error412" });
      const success = entry.responses["200"] ?? entry.responses["204"]!;
      expect(Object.keys(success.headers as object).includes("ETag"), id).toBe(entry.responses["200"] !== undefined);
    }
    const merges = operations.filter((operation) => operation.mergeOf !== undefined).map((operation) => operation.operationId);
    expect(merges.sort()).toEqual(["mergeCompany", "mergePerson"]);
    for (const id of merges) {
      const entry = operationOf(id);
      expect(parameterReferences(entry), id).toContain("#/components/parameters/IfMatchOfMerge");
      expect(entry.responses["412"], id).toEqual({ $ref: "#/components/responses/Error412" });
    }
    const untagged = operations.filter((operation) => operation.taggedRecord === undefined && operation.conditionalOn === undefined && operation.mergeOf === undefined);
    for (const operation of untagged) {
      const entry = operationOf(operation.operationId);
      expect(parameterReferences(entry).filter((name) => /If(None)?Match/.test(name)), operation.operationId).toEqual([]);
      expect(entry.responses["304"], operation.operationId).toBeUndefined();
    }
    expect(served.components.headers.ETag).toBeDefined();
  });

  it("says when a 401, a 429 and a 503 come and which headers they carry: a rotated key's expiry, the wait to retry", () => {
    const response = (status: number) => served.components.responses[`Error${status}`] as { description: string; headers: Record<string, unknown> };
    expect(response(401).description).toMatch(/revoked or expired API key/);
    expect(Object.keys(response(401).headers)).toEqual(["X-Request-Id", "Cache-Control"]);
    expect(Object.keys(response(404).headers)).toContain("Cache-Control");
    expect(served.components.headers["Cache-Control"]).toMatchObject({ schema: { const: "no-store" } });
    expect(Object.keys(response(503).headers)).toEqual(expect.arrayContaining(["Retry-After", "X-RateLimit-Remaining"]));
    expect(response(503).description).toMatch(/write lock/);
    expect(response(429).description).toMatch(/X-RateLimit-Reset-Monthly/);
    expect(served.info.description).toMatch(/X-RateLimit-\* headers/);
  });

  it("describes what every request body array holds: no item schema left empty, so clients and agents know the fields", () => {
    const undescribed: string[] = [];
    for (const [path, pathItem] of Object.entries(served.paths)) {
      for (const [method, entry] of Object.entries(pathItem)) {
        walkSchemas((entry as { requestBody?: unknown }).requestBody, (schema) => {
          const items = schema.items as JsonSchema | undefined;
          if (schema.type === "array" && items && typeof items === "object" && Object.keys(items).length === 0) undescribed.push(`${method.toUpperCase()} ${path}`);
        });
      }
    }
    expect(undescribed).toEqual([]);
  });

  it("documents UUIDs in either case, as the server takes them: no pattern takes a lower-case UUID and refuses it upper-case", () => {
    const uuid = "6f1c2a34-0000-4000-8000-00000000000a";
    const uuidPatterns: string[] = [];
    walkSchemas(served, (schema) => {
      if (typeof schema.pattern !== "string") return;
      // As a JSON Schema validator reads it: an ECMA-262 regular expression, no flags.
      const pattern = new RegExp(schema.pattern, "u");
      if (!pattern.test(uuid)) return;
      uuidPatterns.push(schema.pattern);
      expect(pattern.test(uuid.toUpperCase()), schema.pattern).toBe(true);
    });
    expect(uuidPatterns.length).toBeGreaterThan(50);
  });

  it("states the unit of every *_at number, and types it an integer (the specification's type for *_at)", () => {
    const timeFields: string[] = [];
    walkSchemas(served, (schema) => {
      const properties = schema.properties as Record<string, JsonSchema> | undefined;
      if (!properties || typeof properties !== "object") return;
      for (const [name, property] of Object.entries(properties)) {
        if (!name.endsWith("_at") || typeof property !== "object") continue;
        // A few *_at fields are ISO 8601 strings where the specification says so (generated_at).
        const types = [property.type, ...((property.anyOf as JsonSchema[] | undefined) ?? []).map((option) => option.type)].flat();
        if (!types.includes("integer") && !types.includes("number")) continue;
        timeFields.push(name);
        expect(String(property.description), name).toMatch(/epoch milliseconds/i);
        expect(types, name).toContain("integer");
      }
    });
    expect(timeFields).toContain("created_at");
  });

  it("names UTC as the zone of every last_activity_date given as a day, as a client in Tokyo reads it a day off otherwise", () => {
    const days: string[] = [];
    walkSchemas(served, (schema) => {
      const property = (schema.properties as Record<string, JsonSchema> | undefined)?.last_activity_date;
      if (typeof property === "object" && String(property.description).startsWith("YYYY-MM-DD")) days.push(String(property.description));
    });
    expect(days.length).toBeGreaterThan(5);
    for (const description of days) expect(description).toMatch(/^YYYY-MM-DD \(UTC\)/);
  });

  it("documents a forgotten unit itself", () => {
    const stamped = defineOperation({
      operationId: "testStamped",
      method: "get",
      path: "/v1/test/stamped",
      area: "Test",
      summary: "Stamped",
      description: "A record with a time field whose description forgot the unit.",
      response: z.object({ seen_at: z.number().int().describe("When it was seen.") }),
      async handler() {
        return { seen_at: 0 };
      },
    });
    const document = buildOpenApiDocument([stamped]);
    const schema = document.paths["/v1/test/stamped"]!.get!.responses["200"]!.content as Record<string, { schema: JsonSchema }>;
    expect((schema["application/json"]!.schema.properties as Record<string, JsonSchema>).seen_at!.description).toBe(
      "When it was seen. Unix epoch milliseconds.",
    );
  });
});

describe("a nullable field", () => {
  it("carries its description itself, not only inside its anyOf", () => {
    const nullable = defineOperation({
      operationId: "testNullable",
      method: "post",
      path: "/v1/test/nullable",
      area: "Test",
      summary: "Nullable",
      description: "A body with a field described before it was made nullable.",
      body: z.object({ due_date: z.string().describe("When it is due.").nullable(), note: z.string().nullable().describe("A note.") }),
      async handler() {
        return undefined;
      },
    });
    const document = buildOpenApiDocument([nullable]);
    const body = document.paths["/v1/test/nullable"]!.post!.requestBody!.content["application/json"]!.schema;
    const properties = body.properties as Record<string, JsonSchema>;
    expect(properties.due_date).toEqual({ description: "When it is due.", anyOf: [{ type: "string" }, { type: "null" }] });
    expect(properties.note!.description).toBe("A note.");
  });
});

describe("a recommended-paths batch's target not found", () => {
  it.each([
    ["/v1/persons/recommended-paths/batch", "person_uuid"],
    ["/v1/companies/recommended-paths/batch", "company_uuid"],
  ])("%s: its null target_name and target_logo_url are documented, and said when", async (path, known) => {
    const unknown = "00000000-0000-4000-8000-00000000f00d";
    context.clock.advance(1_000);
    const response = await context.request(path, { key: tenant.key, method: "POST", body: { uuids: [unknown, tenant.pathIds[known]!] } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { results: Array<Record<string, unknown>> };
    expect(body.results[0]).toMatchObject({ target_uuid: unknown, target_name: null, target_logo_url: null, items: [] });
    expect(body.results[1]!.target_name).toEqual(expect.any(String));
    const schema = (served.paths[path]!.post!.responses["200"]!.content as Record<string, { schema: JsonSchema }>)["application/json"]!.schema;
    expect(servedSchemaValidator()(schema, body)).toBeNull();
    const result = ((schema.properties as Record<string, JsonSchema>).results!.items as JsonSchema).properties as Record<string, JsonSchema>;
    expect(result.target_name).toMatchObject({ type: ["string", "null"], description: expect.stringContaining("null for a batch target not found") });
    expect(result.target_logo_url).toMatchObject({ type: ["string", "null"], description: expect.stringContaining("for a batch target not found") });
    // The check can fail: the schema typing target_name a string alone refuses the answer.
    const stringOnly = structuredClone(schema);
    (((stringOnly.properties as Record<string, JsonSchema>).results!.items as JsonSchema).properties as Record<string, JsonSchema>).target_name = { type: "string" };
    expect(schemaValidator(served)(stringOnly, body)).toMatch(/target_name/);
  });
});

describe.each(operations.map((operation) => [operation.operationId, operation] as const))("%s in the document", (_id, operation) => {
  it("has its path, method, operationId, summary, description and tag", () => {
    const entry = entryOf(served, operation);
    expect(entry, `${operation.method.toUpperCase()} ${operation.path} is missing`).toBeDefined();
    expect(entry).toMatchObject({
      operationId: operation.operationId,
      summary: operation.summary,
      description: operation.description,
      tags: [operation.area],
    });
    expect(served.tags.map((tag) => tag.name)).toContain(operation.area);
  });

  it("documents every path and query parameter with a description, and the user header", () => {
    const entry = entryOf(served, operation)!;
    const parameters = inlineParameters(entry);
    const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    expect(parameters.filter((parameter) => parameter.in === "path").map((parameter) => parameter.name).sort()).toEqual(pathNames.sort());
    for (const parameter of parameters.filter((candidate) => candidate.in === "path")) expect(parameter.required).toBe(true);
    const queryNames = Object.keys(operation.query?.shape ?? {});
    expect(parameters.filter((parameter) => parameter.in === "query").map((parameter) => parameter.name).sort()).toEqual(queryNames.sort());
    for (const parameter of parameters) {
      expect(parameter.description, `${parameter.in} parameter ${parameter.name}`).toEqual(expect.any(String));
    }
    expect(entry.parameters).toContainEqual({ $ref: "#/components/parameters/ServiceUserId" });
  });

  it("documents the cache-control request header and the Age response header exactly when its answers are kept", () => {
    const entry = entryOf(served, operation)!;
    const success = entry.responses[String(operation.successStatus ?? 200)] as { headers: Record<string, unknown> };
    expect(entry.parameters.some((parameter) => "$ref" in parameter && parameter.$ref === "#/components/parameters/CacheControl")).toBe(operation.cacheable === true);
    expect("Age" in success.headers).toBe(operation.cacheable === true);
  });

  it("describes the input side of query parameters: a client's query strings validate", () => {
    const entry = entryOf(served, operation)!;
    const check = servedSchemaValidator();
    for (const parameter of inlineParameters(entry).filter((candidate) => candidate.in === "query")) {
      const types = [parameter.schema.type].flat();
      // Every query value arrives as text; the schema must describe that text, not the parsed value.
      expect(types.every((type) => type === "string" || type === undefined), `${parameter.name}: ${JSON.stringify(parameter.schema)}`).toBe(true);
      const example = operation.example?.query?.[parameter.name];
      if (example !== undefined) expect(check(parameter.schema, example), parameter.name).toBeNull();
    }
  });

  it("has a request body exactly when the operation takes one, and its example validates", () => {
    const entry = entryOf(served, operation)!;
    if (operation.multipart) {
      const form = entry.requestBody!.content["multipart/form-data"]!;
      expect(Object.keys(form.schema.properties as object)).toEqual(Object.keys(operation.multipart.fields));
      // Each form field says what it is for: more than its own name.
      for (const [name, field] of Object.entries(form.schema.properties as Record<string, JsonSchema>)) {
        expect(field.description, `form field ${name}`).toEqual(expect.any(String));
        expect(field.description, `form field ${name}`).not.toBe(name);
      }
      return;
    }
    if (!operation.body) {
      expect(entry.requestBody).toBeUndefined();
      return;
    }
    expect(entry.requestBody?.required).toBe(true);
    const content = entry.requestBody!.content["application/json"]!;
    if (operation.example?.body !== undefined) {
      expect(content.example).toEqual(operation.example.body);
      expect(servedSchemaValidator()(content.schema, operation.example.body)).toBeNull();
    }
  });

  it("lists its success status and every error status with the error envelope", () => {
    const entry = entryOf(served, operation)!;
    const success = String(operation.successStatus ?? 200);
    expect(Object.keys(entry.responses)).toContain(success);
    for (const status of [...COMMON_ERROR_STATUSES, ...(operation.errors ?? [])]) {
      expect(entry.responses[String(status)]).toEqual({ $ref: `#/components/responses/Error${status}` });
      expect(served.components.responses[`Error${status}`]).toMatchObject({
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      });
    }
    expect(Object.keys(entry.responses[success]!.headers as object)).toContain("X-RateLimit-Remaining");
    if (operation.idempotent) expect(entry["x-idempotent"]).toBe(true);
  });

  it("documents the 415 and the 413 its request body gets, in words that fit the body it takes", async () => {
    const entry = entryOf(served, operation)!;
    if (!operation.body && !operation.multipart) return;
    const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(tenant.pathIds[name] ?? ""));
    const method = operation.method.toUpperCase();
    const describedFor = (status: number) => {
      const documented = entry.responses[String(status)];
      expect(documented, `status ${status} is not documented`).toBeDefined();
      return String(served.components.responses[String(documented!.$ref).split("/").pop()!]!.description);
    };
    context.clock.advance(1_000);
    const wrongType = await context.request(path, { key: tenant.key, method, body: "{}", headers: { "content-type": "text/plain" } });
    expect(wrongType.status, await wrongType.text()).toBe(415);
    expect(describedFor(415)).toContain(operation.multipart ? "multipart/form-data" : "application/json");
    if (operation.multipart) return;
    const tooLarge = await context.request(path, { key: tenant.key, method, body: JSON.stringify({ padding: "x".repeat(1024 * 1024) }) });
    expect(tooLarge.status, await tooLarge.text()).toBe(413);
    expect(describedFor(413)).toContain("1 MiB");
  });

  it("documents the response the operation really answers", async () => {
    const entry = entryOf(served, operation)!;
    const ids = tenant.pathIds;
    const path = operation.path.replace(/\{([^}]+)\}/g, (_whole, name: string) => encodeURIComponent(ids[name] ?? ""));
    const search = new URLSearchParams(operation.example?.query ?? {}).toString();
    context.clock.advance(1_000);
    const response = await context.request(search ? `${path}?${search}` : path, {
      key: tenant.key,
      method: operation.method.toUpperCase(),
      body: operation.body ? (operation.example?.body ?? {}) : undefined,
    });
    // A 500 is a bug, documented or not (an answer that does not match its own schema is one).
    expect(response.status, await response.clone().text()).toBeLessThan(500);
    const documented = entry.responses[String(response.status)];
    expect(documented, `status ${response.status} is not documented`).toBeDefined();
    if (response.status === 204) return;
    if (operation.binaryResponse && response.ok) {
      expect(Object.keys((documented as { content: object }).content)).toEqual(["application/octet-stream"]);
      expect((await response.arrayBuffer()).byteLength).toBeGreaterThan(0);
      return;
    }
    const body: unknown = await response.json();
    const resolved = "$ref" in documented! ? served.components.responses[String(documented.$ref).split("/").pop()!]! : documented!;
    const schema = (resolved.content as Record<string, { schema: JsonSchema }>)["application/json"]!.schema;
    expect(servedSchemaValidator()(schema, body)).toBeNull();
  });
});

describe("operations added later", () => {
  it("appear in the document with no edit to the generator", async () => {
    const added = defineOperation({
      operationId: "testCreateWidget",
      method: "post",
      path: "/v1/widgets/{widget_uuid}/parts",
      area: "Widget",
      summary: "Add a part",
      description: "Adds a part to a widget.",
      params: z.object({ widget_uuid: z.string().describe("The widget.") }),
      body: z.object({ name: z.string().describe("Part name."), made_at: z.number().int().describe("When it was made.") }),
      response: z.object({ uuid: z.string().describe("The new part.") }),
      successStatus: 201,
      errors: [404, 409],
      idempotent: true,
      example: { body: { name: "gear", made_at: 0 } },
      async handler() {
        return { uuid: "x" };
      },
    });
    const app = createApp(context.services, { operations: [...operations, added] });
    const document = (await (await app.request("/v1/openapi.json")).json()) as OpenApiDocument;
    const entry = document.paths["/v1/widgets/{widget_uuid}/parts"]!.post!;
    expect(entry.operationId).toBe("testCreateWidget");
    expect(Object.keys(entry.responses)).toEqual(expect.arrayContaining(["201", "404", "409", "429"]));
    expect(entry["x-idempotent"]).toBe(true);
    expect(entry.requestBody?.content["application/json"]?.schema).toMatchObject({ required: ["name", "made_at"] });
    expect((await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0])).valid).toBe(true);
  });

  it("document every other status a success answers with, with the usual body", async () => {
    const linking = defineOperation({
      operationId: "testLinkWidget",
      method: "post",
      path: "/v1/widget-links",
      area: "Widget",
      summary: "Link a widget",
      description: "Links a widget, or answers the existing link.",
      response: z.object({ uuid: z.string().describe("The link.") }),
      successStatus: 201,
      otherSuccesses: { 200: "Linked already: the existing link." },
      async handler() {
        return { uuid: "l-1" };
      },
    });
    const document = buildOpenApiDocument([linking]);
    const { responses } = document.paths["/v1/widget-links"]!.post!;
    expect(responses["200"]).toEqual({ ...responses["201"], description: "Linked already: the existing link." });
    expect((await validate(structuredClone(document) as unknown as Parameters<typeof validate>[0])).valid).toBe(true);
  });
});
