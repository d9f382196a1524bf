/** The JSON body checks, as a REST operation meets them. */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { MAX_JSON_DEPTH } from "./json-nesting.js";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
});
afterAll(() => context.close());

describe("readJsonBody", () => {
  it("refuses a body naming a key twice, nested too, with a 400 naming it, and writes nothing", async () => {
    const before = await context.json("/v1/persons", { key: acme.key });
    const top = await context.json("/v1/persons", { method: "POST", key: acme.key, body: '{"name":"Ada Lovelace","name":"Eve"}' });
    expect(top).toEqual({ status: 400, body: { error: expect.stringMatching(/^body field 'name' is given twice in one object; send each key once/) } });
    const nested = await context.json("/v1/persons/batch", {
      method: "POST",
      key: acme.key,
      body: '{"persons":[{"name":"Ada","emails":["ada@example.test"]},{"name":"Eve","emails":["eve@example.test"],"emails":["x@example.test"]}]}',
    });
    expect(nested).toEqual({ status: 400, body: { error: expect.stringMatching(/^body field 'persons\.1\.emails' is given twice/) } });
    const listed = await context.json("/v1/persons", { key: acme.key });
    expect(listed.body?.items.length).toBe(before.body?.items.length);
    expect(listed.body?.items.map((person: { name: string }) => person.name)).not.toContain("Eve");
  });

  it("takes a key repeated in different objects, and a colon inside a string", async () => {
    const created = await context.json("/v1/persons/batch", {
      method: "POST",
      key: acme.key,
      body: '{"persons":[{"name":"Ada: \\"the first\\"","emails":["ada@example.test"]},{"name":"Eve","emails":["eve@example.test"]}]}',
    });
    expect(created.status).toBeLessThan(300);
    expect(created.body?.results.map((result: { person?: { name: string } }) => result.person?.name)).toEqual(['Ada: "the first"', "Eve"]);
  });

  it("refuses a body nested too deep before parsing it (500,000 levels held the event loop for 300 ms), and writes nothing", async () => {
    const deep = `{"name":"Ada",${"[".repeat(500_000)}${"]".repeat(500_000)}}`.replace(",[", ',"tags":[');
    const parse = vi.spyOn(JSON, "parse");
    try {
      const refused = await context.json("/v1/persons", { method: "POST", key: acme.key, body: deep });
      expect(refused).toEqual({ status: 400, body: { error: `request body nests arrays and objects more than ${MAX_JSON_DEPTH} levels deep` } });
      expect(parse.mock.calls.some(([text]) => text === deep)).toBe(false);
    } finally {
      parse.mockRestore();
    }
    const listed = await context.json("/v1/persons", { key: acme.key });
    expect(listed.body?.items.map((person: { name: string }) => person.name)).not.toContain("Ada");
  });

  it("answers a body whose unknown key is a megabyte long with a 400 (guessing the field meant ran the server out of memory)", async () => {
    const refused = await context.json("/v1/persons", { method: "POST", key: acme.key, body: JSON.stringify({ name: "Ada", ["q".repeat(1_000_000)]: 1 }) });
    expect(refused.status).toBe(400);
    // The message repeated the key whole: a megabyte refused with a megabyte.
    expect(refused.body?.error).toMatch(/^body: unknown field 'q{60}…'; accepted here: name, /);
    expect(refused.body?.error.length).toBeLessThan(2_000);
  });

  it("names a few of 60,000 unknown keys and counts the rest, where it named every one (a 589 KB answer)", async () => {
    const body: Record<string, unknown> = { name: "Ada" };
    for (let index = 0; index < 60_000; index += 1) body[`key${index}`] = 1;
    const refused = await context.json("/v1/persons", { method: "POST", key: acme.key, body: JSON.stringify(body) });
    expect(refused.status).toBe(400);
    expect(refused.body?.error).toMatch(/^body: unknown fields 'key0', 'key1', 'key2', 'key3', 'key4' and 59,995 more; accepted here: name, /);
    expect(refused.body?.error.length).toBeLessThan(2_000);
    const listed = await context.json("/v1/persons", { key: acme.key });
    expect(listed.body?.items.map((person: { name: string }) => person.name)).not.toContain("Ada");
  });

  it("cuts a long key it names for a repeated key, a NUL character or an unknown query parameter", async () => {
    const long = "k".repeat(500_000);
    const twice = await context.json("/v1/persons", { method: "POST", key: acme.key, body: `{"name":"Ada","${long}":1,"${long}":2}` });
    expect(twice).toEqual({ status: 400, body: { error: expect.stringMatching(/^body field 'k{60}…' is given twice in one object/) } });
    expect(twice.body?.error.length).toBeLessThan(2_000);
    const nul = await context.json("/v1/persons", { method: "POST", key: acme.key, body: JSON.stringify({ name: "Ada", [long]: "a\u0000b" }) });
    expect(nul).toEqual({ status: 400, body: { error: expect.stringMatching(/^body field 'k{60}…': text must not contain the NUL character/) } });
    const query = await context.json(`/v1/persons?${"q".repeat(8_000)}=1`, { key: acme.key });
    expect(query).toEqual({ status: 400, body: { error: expect.stringMatching(/^unknown query parameter 'q{60}…'; this operation accepts: /) } });
    expect(query.body?.error.length).toBeLessThan(2_000);
  });

  it("names a byte order mark before the JSON, which the parser's message showed as an invisible unexpected token", async () => {
    const marked = await context.json("/v1/persons", { method: "POST", key: acme.key, body: '\ufeff{"name":"Ada Lovelace"}' });
    expect(marked).toEqual({ status: 400, body: { error: "request body is not valid JSON: it starts with a byte order mark (U+FEFF): send UTF-8 JSON without one" } });
  });
});
