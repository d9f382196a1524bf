/**
 * Runs the repository README's "Try it" examples, as written, against the demo tenant `npx pnpm start` serves: each
 * `curl` answers 200 with what the README says it shows, and with the headers it promises on every answer.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueDemoKeys, seedDemoTenant, type DemoKeys } from "./demo/seed-demo-tenant.js";
import { runReadmeCommand } from "./testing/run-readme-command.js";
import { createTestContext, TEST_START, type TestContext } from "./testing/test-harness.js";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");

/** The commands of the first `sh` block of the README section headed `## title`: continued lines joined, comments and `export` left out. */
function shellExamples(title: string): string[] {
  const section = readme.slice(readme.indexOf(`## ${title}\n`));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#") && !line.startsWith("export "));
}

const examples = shellExamples("Try it");
const folder = mkdtempSync(join(tmpdir(), "rapport-readme-examples-"));
let context: TestContext;
let keys: DemoKeys;

beforeAll(async () => {
  const databasePath = join(folder, "demo.db");
  await seedDemoTenant(databasePath, () => TEST_START);
  context = await createTestContext({ databasePath });
  keys = await issueDemoKeys(context.services.store);
});

afterAll(async () => {
  await context.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("the README's demo tenant", () => {
  it("has the users, companies, contacts, opportunities and lists Try it counts", async () => {
    const counts = /\((\w+) internal users, (\w+) companies, (\w+) contacts, [^)]*?with (\w+) opportunities, (\w+) entity lists;/.exec(readme.replace(/\s+/g, " "));
    expect(counts, "Try it's sentence counting the demo's records").not.toBeNull();
    const numbers: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
    const [users, companies, contacts, opportunities, lists] = counts!.slice(1).map((word) => numbers[word]);
    const total = async (path: string) => {
      const { body } = await context.json(path, { key: keys.tenant_key });
      return body!.items as Array<{ is_internal?: boolean }>;
    };
    expect((await total("/v1/users?per_page=50")).length).toBe(users);
    expect((await total("/v1/companies?per_page=50")).length).toBe(companies);
    expect((await total("/v1/persons?per_page=50")).filter((person) => !person.is_internal).length).toBe(contacts);
    expect((await total("/v1/opportunities?per_page=50")).length).toBe(opportunities);
    expect((await total("/v1/lists?per_page=50")).length).toBe(lists);
  });
});

describe("the README's Try it examples", () => {
  it("are found: a curl per line", () => {
    expect(examples.length).toBeGreaterThanOrEqual(10);
    for (const example of examples) expect(example).toMatch(/^curl /);
  });

  it.each(examples)("%s", async (example) => {
    // A second apart, as a reader types them: the demo tenant's per-second limit never answers for the README.
    context.clock.advance(1_000);
    const answer = await runReadmeCommand(example, {
      variables: { RAPPORT_KEY: keys.tenant_key },
      send: (url, init) => context.app.request(url, init),
    });
    expect(answer.status, answer.text).toBe(200);
    expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    for (const header of ["limit", "remaining", "reset", "limit-monthly", "remaining-monthly", "reset-monthly"]) {
      expect(answer.headers.get(`x-ratelimit-${header}`), header).toMatch(/^\d+$/);
    }
    // Each example shows something of the demo tenant: no list it answers is empty, no score it asks for is missing.
    const body = JSON.parse(answer.text) as Record<string, unknown>;
    for (const field of ["items", "scores", "results"]) {
      if (field in body) expect((body[field] as unknown[]).length, field).toBeGreaterThan(0);
    }
    for (const score of (body.scores as Array<{ score: number | null }> | undefined) ?? []) expect(score.score).not.toBeNull();
  });

  it("leave the rate-limit headers off a 401 and off the OpenAPI document, as the paragraph after them says", async () => {
    expect(readme).toContain("a 401 has none: there is no key to count against; nor has `/v1/openapi.json`");
    const unknownKey = await context.request("/v1/persons", { key: "pk_unknown" });
    const document = await context.request("/v1/openapi.json", { key: keys.tenant_key });
    expect([unknownKey.status, document.status]).toEqual([401, 200]);
    for (const response of [unknownKey, document]) {
      expect([...response.headers.keys()].filter((name) => name.startsWith("x-ratelimit-"))).toEqual([]);
      expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("name the records their comments say", async () => {
    const commented = examples.map((line) => /^(curl [^#]*?)\s+#\s+(.+)$/.exec(line)).filter((match) => match !== null);
    expect(commented.length).toBeGreaterThanOrEqual(3);
    for (const [, line = "", name] of commented) {
      context.clock.advance(1_000);
      const { text } = await runReadmeCommand(line, {
        variables: { RAPPORT_KEY: keys.tenant_key },
        send: (url, init) => context.app.request(url, init),
      });
      const body = JSON.parse(text) as { name?: string; title?: string };
      expect([body.name, body.title, ...(await listName(line))], line).toContain(name);
    }
  });
});

/** The name of the list whose entities `line` reads, from `GET /v1/lists` (a list's entities answer names none). */
async function listName(line: string): Promise<string[]> {
  const listUuid = /\/v1\/lists\/([0-9a-f-]{36})\/entities/.exec(line)?.[1];
  if (listUuid === undefined) return [];
  const response = await context.request("/v1/lists", { key: keys.tenant_key });
  const { items } = (await response.json()) as { items: Array<{ uuid: string; name: string }> };
  return items.filter((list) => list.uuid === listUuid).map((list) => list.name);
}
