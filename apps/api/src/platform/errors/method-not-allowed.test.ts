import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueApiKey } from "../auth/issue-api-key.js";
import { operations } from "../../routes/operations.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

// Every path of the operation table, asked with every method it lacks, through the real app: 405 with Allow.
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const UUID = "6f1c2a34-0000-4000-8000-000000000001";

const declaredByTemplate = new Map<string, Set<string>>();
for (const operation of operations) {
  const template = operation.path.replace(/\{[^}]+\}/g, "{}");
  const methods = declaredByTemplate.get(template) ?? new Set<string>();
  methods.add(operation.method.toUpperCase());
  declaredByTemplate.set(template, methods);
}
const cases = [...declaredByTemplate].flatMap(([template, declared]) => {
  const allowed = [...declared, ...(declared.has("GET") ? ["HEAD"] : [])].sort();
  const path = template.replaceAll("{}", UUID);
  return METHODS.filter((method) => !allowed.includes(method)).map((method) => ({ method, path, allowed }));
});

const served = [...declaredByTemplate].flatMap(([template, declared]) =>
  [...declared].map((method) => ({ method, path: template.replaceAll("{}", UUID) })),
);

let context: TestContext;
let acme: TestTenant;
beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

const ask = (method: string, path: string, key: string | null = acme.key) =>
  context.app.request(path, { method, headers: key === null ? {} : { "x-api-key": key } });

describe("a method a declared path does not serve", () => {
  it("covers every path of the table", () => {
    expect(cases.length).toBeGreaterThan(declaredByTemplate.size);
    expect(cases.map(({ path }) => path)).toContain("/v1/emails/batch");
  });

  it.each(cases)("$method $path: 405, Allow: $allowed", async ({ method, path, allowed }) => {
    const response = await ask(method, path);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe(allowed.join(", "));
    if (method === "HEAD") return; // no body
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const body = (await response.json()) as { error: string };
    expect(Object.keys(body)).toEqual(["error"]);
    expect(body.error).toMatch(new RegExp(`^method ${method} is not allowed on ${path}; use `));
    for (const allowedMethod of allowed) expect(body.error).toContain(allowedMethod);
  });
});

describe("a method a declared path serves", () => {
  // Its own answer (a 404 for the unknown uuid, a 400 for the missing body), never the 405 of another path.
  it.each(served)("$method $path reaches its operation", async ({ method, path }) => {
    const response = await ask(method, path);
    expect(response.status).not.toBe(405);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("allow")).toBeNull();
  });
});

describe("POST-only paths beside a {uuid} route", () => {
  it.each(["/v1/emails/batch", "/v1/persons/batch", "/v1/persons/lookup/batch", "/v1/notes/batch", "/v1/persons/activity-stats/batch"])(
    "GET %s is a 405 naming POST, not a malformed uuid",
    async (path) => {
      const response = await ask("GET", path);
      expect(response.status).toBe(405);
      expect(response.headers.get("allow")).toBe("POST");
      expect(await response.json()).toEqual({ error: `method GET is not allowed on ${path}; use POST` });
    },
  );

  it("gives the literal path's methods only: DELETE /v1/emails/batch allows POST, not the uuid route's GET", async () => {
    const response = await ask("DELETE", "/v1/emails/batch");
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("keeps 400 for a malformed uuid on a {param} route, and the literal path's own method works", async () => {
    const malformed = await ask("GET", "/v1/emails/not-a-uuid");
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: "path parameter 'email_uuid': must be a UUID" });
    const lookup = await context.app.request("/v1/persons/lookup/batch", {
      method: "POST",
      headers: { "x-api-key": acme.key, "content-type": "application/json" },
      body: JSON.stringify({ criteria: [{ email: acme.admin.email }] }),
    });
    expect(lookup.status).toBe(200);
  });

  it("answers after authentication and rate limiting, as an unknown /v1 path does", async () => {
    expect((await ask("GET", "/v1/emails/batch", null)).status).toBe(401);
    expect((await ask("GET", "/v1/nothing-here", null)).status).toBe(401);
    const counted = await ask("GET", "/v1/emails/batch");
    expect(counted.headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
    expect(counted.headers.get("x-request-id")).toBeTruthy();
  });

  it("is a 405 before a read-only key's 403: the method is wrong whatever the key", async () => {
    const readOnlyKey = (await issueApiKey(context.services.store, { tenantUuid: acme.tenant.uuid, readOnly: true })).plaintext;
    const response = await ask("DELETE", "/v1/persons/batch", readOnlyKey);
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });
});

describe("a method the paths served beside the operation table do not serve", () => {
  it.each(["/health", "/ready", "/v1/openapi.json", "/docs", "/docs/assets/rapport-docs.js", "/.well-known/oauth-protected-resource/mcp"])(
    "is a 405 allowing GET and HEAD on %s, where it was a 404 saying there is no such route",
    async (path) => {
      for (const method of ["POST", "DELETE", "OPTIONS"]) {
        const response = await ask(method, path);
        expect(response.status, `${method} ${path}`).toBe(405);
        expect(response.headers.get("allow")).toBe("GET, HEAD");
        expect(await response.json()).toEqual({ error: `method ${method} is not allowed on ${path}; use GET or HEAD` });
      }
      expect((await ask("GET", path)).status).not.toBe(405);
    },
  );
});
