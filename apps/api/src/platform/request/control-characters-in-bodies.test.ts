/**
 * Control characters in the text fields of request bodies, through the app and over MCP: one-line fields refuse
 * every one (the tab included), multi-line fields keep the tab and line breaks, and a refusal writes nothing; names,
 * and the filters that search them, lose the controls that reorder text.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildPipeline } from "../../testing/deal-builders.js";
import { callMcpTool } from "../../testing/mcp-call.js";
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

async function send(method: string, path: string, body: unknown) {
  const response = await context.request(path, { key: acme.key, method, body });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const total = async (path: string) => ((await send("GET", path, undefined)).body.total as number);

describe("one-line text fields", () => {
  it("refuse C0 (the tab included), DEL, C1 and the line separators with a 400 naming the field and the character", async () => {
    const before = await total("/v1/persons");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: "Ada\u001b[2J" }, "body field 'name': must not contain control characters (U+001B)"],
      [{ name: "Ada\tLovelace" }, "body field 'name': must not contain control characters (U+0009)"],
      [{ name: "Ada", job_title: "CTO\u0008\u0008\u0008CEO" }, "body field 'job_title': must not contain control characters (U+0008)"],
      [{ name: "Ada", city: "London\u0085Paris" }, "body field 'city': must not contain control characters (U+0085)"],
      [{ name: "Ada\u2028Lovelace" }, "body field 'name': must be one line: no line separator (U+2028)"],
      [{ name: "Ada", emails: ["ada\u007f@example.com"] }, "body field 'emails.0': must not contain control characters (U+007F)"],
      [{ name: "Ada", tags: ["ok", "ring\u0007"] }, "body field 'tags.1': must not contain control characters (U+0007)"],
      [{ name: "Ada", linkedin_url: "linkedin.com/in/ada\u009b2J" }, "body field 'linkedin_url': must not contain control characters (U+009B)"],
    ];
    for (const [body, error] of cases) {
      expect(await send("POST", "/v1/persons", body), JSON.stringify(body)).toEqual({ status: 400, body: { error } });
    }
    expect(await total("/v1/persons")).toBe(before);
  });

  it("hold for the names and titles of companies, lists and tasks too, and an update leaves the record as it was", async () => {
    expect(await send("POST", "/v1/companies", { company_name: "Acme\u001b]0;owned\u0007" })).toEqual({
      status: 400,
      body: { error: "body field 'company_name': must not contain control characters (U+001B)" },
    });
    expect((await send("POST", "/v1/lists", { name: "Founders\r\nSheet", kind: "persons" })).body).toEqual({
      error: "body field 'name': must not contain control characters (U+000D)",
    });
    expect((await send("POST", "/v1/tasks", { title: "Call\u000bAda" })).body).toEqual({ error: "body field 'title': must not contain control characters (U+000B)" });

    const created = await send("POST", "/v1/companies", { company_name: "Globex", city: "Springfield" });
    expect(created.status).toBe(201);
    const refused = await send("PUT", `/v1/companies/${created.body.uuid}`, { company_name: "Globex\u0085", city: "Shelbyville" });
    expect(refused).toEqual({ status: 400, body: { error: "body field 'company_name': must not contain control characters (U+0085)" } });
    expect((await send("GET", `/v1/companies/${created.body.uuid}`, undefined)).body).toMatchObject({ company_name: "Globex", city: "Springfield" });
  });

  it("refuse the same over MCP, where a tool call takes the operation's schemas", async () => {
    const before = await total("/v1/persons");
    const result = await callMcpTool(context, { name: "createPerson", args: { body: { name: "Ada\u001b[31m" } }, headers: { "x-api-key": acme.key } });
    expect(result.isError).toBe(true);
    expect(result.content[0]!.text).toBe("HTTP 400: body field 'name': must not contain control characters (U+001B)");
    expect(await total("/v1/persons")).toBe(before);
  });

  it("still take names in any script, with NBSP and emoji, stored as sent once trimmed", async () => {
    const name = "José\u00a0Ñúñez 🚀 שלום";
    const created = await send("POST", "/v1/persons", { name: ` ${name}\n`, job_title: "CTO", tags: ["a\u00adb"] });
    expect(created.status).toBe(201);
    expect((await send("GET", `/v1/persons/${created.body.uuid}`, undefined)).body).toMatchObject({ name, tags: ["a\u00adb"] });
  });
});

describe("names", () => {
  // U+202E shows what follows it reversed, U+2067..U+2069 isolate a run: "invoice<U+202E>fdp.exe" reads invoiceexe.pdf.
  const RLO = "\u202e";
  it("lose the controls that reorder text, over every resource that names a record, keeping the marks", async () => {
    const person = await send("POST", "/v1/persons", { name: `Eve${RLO}evilaM`, first_name: "\u2067\u05d3\u05e0\u05d4\u2069\u200f", last_name: "Co\u202dhen" });
    expect(person.body).toMatchObject({ name: "EveevilaM", first_name: "\u05d3\u05e0\u05d4\u200f", last_name: "Cohen" });
    expect((await send("POST", "/v1/companies", { company_name: `Acme${RLO}cni` })).body.company_name).toBe("Acmecni");
    expect((await send("POST", "/v1/lists", { name: `Founders${RLO}`, kind: "persons" })).body.name).toBe("Founders");
    const type = await send("POST", "/v1/opportunity-types", { label: `Deal\u202b`, subopportunities_enabled: true });
    expect(type.body.label).toBe("Deal");
    const stage = await send("POST", `/v1/opportunity-types/${type.body.uuid}/stages`, { name: `\u2066Sourcing\u2069`, percentage: 10 });
    expect(stage.body.name).toBe("Sourcing");
    const opportunity = await send("POST", "/v1/opportunities", { type_uuid: type.body.uuid, stage_uuid: stage.body.uuid, name: `Series A${RLO}` });
    expect(opportunity.body.name).toBe("Series A");
    expect((await send("POST", "/v1/opportunity-custom-fields", { key: "memo", name: `Memo${RLO}`, type: "text" })).body.name).toBe("Memo");
    const email = await send("POST", "/v1/emails/batch", {
      messages: [{ message_id: "<bidi@x>", sent_at: "2026-11-01T10:00:00Z", from: { email: "eve@example.com", name: `Eve${RLO}` }, to: [acme.admin.email] }],
    });
    expect((await send("GET", `/v1/persons/${email.body.results[0].from_person_uuid}`, undefined)).body.name).toBe("Eve");
  });

  it("left blank by the removal are refused, or cleared, as blank ones, and nothing is written", async () => {
    const before = await total("/v1/companies");
    expect(await send("POST", "/v1/companies", { company_name: ` ${RLO} ` })).toEqual(await send("POST", "/v1/companies", { company_name: " " }));
    expect((await send("POST", "/v1/companies", { company_name: RLO })).body).toEqual({ error: "body field 'company_name': must not be blank" });
    expect((await send("POST", "/v1/lists", { name: "\u2066\u2069", kind: "persons" })).body).toEqual({ error: "body field 'name': must not be blank" });
    expect(await total("/v1/companies")).toBe(before);
    const person = await send("POST", "/v1/persons", { name: "Ada", first_name: "\u202a\u202c" });
    expect(person.body).toMatchObject({ name: "Ada", first_name: null });
  });
});

describe("name filters", () => {
  it("find a name pasted with the controls that reorder text, over MCP too; a filter of them alone is an empty one", async () => {
    const pipeline = await buildPipeline(context.services, acme);
    await send("POST", "/v1/persons", { name: "Ada Park" });
    await send("POST", "/v1/companies", { company_name: "Acme Robotics" });
    await send("POST", "/v1/opportunities", { type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid, name: "Series A" });
    // As an app that wraps names in isolates copies them: U+2068 ... U+2069.
    const pasted = (name: string) => encodeURIComponent(`\u2068${name}\u2069`);
    expect((await send("GET", `/v1/persons?name=${pasted("Ada Park")}`, undefined)).body).toMatchObject({ name_match: "exact", items: [{ name: "Ada Park" }] });
    expect((await send("GET", `/v1/companies?name=${pasted("Acme")}`, undefined)).body).toMatchObject({ total: 1, items: [{ company_name: "Acme Robotics" }] });
    for (const filter of ["search", "name"]) {
      expect((await send("GET", `/v1/opportunities?${filter}=${pasted("Series")}`, undefined)).body, filter).toMatchObject({ total: 1, items: [{ name: "Series A" }] });
    }
    const tool = await callMcpTool(context, { name: "listPersons", args: { name: "\u202aAda\u202c" }, headers: { "x-api-key": acme.key } });
    expect(tool.structuredContent).toMatchObject({ name_match: "exact", items: [{ name: "Ada Park" }] });
    expect((await send("GET", "/v1/companies?name=%E2%80%AE", undefined)).body).toEqual({ error: "query parameter 'name': must not be empty: leave it out for no filter" });
    expect((await send("GET", "/v1/persons?name=%E2%81%A6%20%E2%81%A9", undefined)).body).toEqual({ error: "query parameter 'name': must not be empty: leave it out for no filter" });
  });
});

describe("lookup criteria", () => {
  it("refuse a control character inside the value with a 400 naming the field; a line break around it is white space", async () => {
    expect(await send("POST", "/v1/persons/lookup/batch", { criteria: [{ domain: "acme.com" }, { email: "ada\u001b[2J@example.com" }] })).toEqual({
      status: 400,
      body: { error: "body field 'criteria.1.email': must not contain control characters (U+001B)" },
    });
    expect((await send("POST", "/v1/persons/lookup/batch", { criteria: [{ linkedin_url: "linkedin.com/in/ada\u0085" }] })).body).toEqual({
      error: "body field 'criteria.0.linkedin_url': must not contain control characters (U+0085)",
    });
    const trailing = await send("POST", "/v1/persons/lookup/batch", { criteria: [{ email: "\tada@example.com\r\n" }] });
    expect(trailing.status).toBe(200);
    expect(trailing.body.results[0]).toMatchObject({ criterion: { email: "\tada@example.com\r\n" }, status: "NOT_FOUND" });
  });
});

describe("an opportunity", () => {
  it("holds its name to one line, its next step and text custom field values to multi-line", async () => {
    const pipeline = await buildPipeline(context.services, acme);
    expect((await send("POST", "/v1/opportunity-custom-fields", { key: "memo", name: "Memo", type: "text" })).status).toBe(201);
    const base = { type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid };
    const before = await total("/v1/opportunities");
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...base, name: "Deal\u009b2J" }, "body field 'name': must not contain control characters (U+009B)"],
      [{ ...base, name: "Deal", next_step: "Call\u0007" }, "body field 'next_step': must not contain control characters (U+0007)"],
      [{ ...base, name: "Deal", custom_fields: { memo: "a\u001bb" } }, "body field 'custom_fields.memo': must not contain control characters (U+001B)"],
      // A key names a custom field, whose key is letters, digits and _: any other is not defined.
      [{ ...base, name: "Deal", custom_fields: { "me\u001bmo": "a" } }, "custom field 'me\u001bmo' is not defined: create it first, or use a field UUID or key from custom_field_mapping"],
    ];
    for (const [body, error] of cases) expect(await send("POST", "/v1/opportunities", body), JSON.stringify(body)).toEqual({ status: 400, body: { error } });
    expect(await total("/v1/opportunities")).toBe(before);

    const created = await send("POST", "/v1/opportunities", { ...base, name: "Deal", next_step: "Call\n\t- Ada", custom_fields: { memo: "line one\r\nline two" } });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ next_step: "Call\n\t- Ada", custom_fields: [{ key: "memo", value: "line one\r\nline two" }] });
  });
});

describe("multi-line text fields", () => {
  it("keep the tab, line feed and carriage return as written, and refuse other controls naming them", async () => {
    const content = "Met Ada.\r\n\tNext:\n\t- call\u2028back";
    const note = await send("POST", "/v1/notes", { content });
    expect(note.status).toBe(201);
    expect((await send("GET", `/v1/notes/${note.body.uuid}`, undefined)).body.content).toBe(content);

    const before = await total("/v1/notes");
    expect(await send("POST", "/v1/notes", { content: "Met Ada.\n\u001b[2J" })).toEqual({
      status: 400,
      body: { error: "body field 'content': must not contain control characters (U+001B)" },
    });
    expect((await send("POST", "/v1/tasks", { title: "Call", description: "page\fbreak" })).body).toEqual({
      error: "body field 'description': must not contain control characters (U+000C)",
    });
    expect(await total("/v1/notes")).toBe(before);

    const described = await send("POST", "/v1/companies", { company_name: "Initech", description: "Makes:\n\tTPS reports" });
    expect(described.status).toBe(201);
    expect(described.body.description).toBe("Makes:\n\tTPS reports");
  });

  it("keep a vertical tab, the line break Word writes for Shift+Enter, as written (one-line fields refuse it)", async () => {
    const content = "Agenda:\u000b- intro\u000b- terms";
    const note = await send("POST", "/v1/notes", { title: "Board call", content });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    expect((await send("GET", `/v1/notes/${note.body.uuid}`, undefined)).body.content).toBe(content);
    const task = await send("POST", "/v1/tasks", { title: "Call", description: "Ask:\u000bterms" });
    expect(task.status, JSON.stringify(task.body)).toBe(201);
    expect(await send("POST", "/v1/notes", { title: "Board\u000bcall", content })).toEqual({
      status: 400,
      body: { error: "body field 'title': must not contain control characters (U+000B)" },
    });
  });

  it("an email's subject keeps the tab an unfolded header leaves; a participant's name with a control fails only its item", async () => {
    const answer = await send("POST", "/v1/emails/batch", {
      messages: [
        { message_id: "<folded@x>", sent_at: "2026-11-01T10:00:00Z", subject: "Quarterly\tnumbers", from: acme.admin.email, to: ["ada@example.com"] },
        { message_id: "<escape@x>", sent_at: "2026-11-01T10:00:00Z", from: { email: "eve@example.com", name: "Eve\u001b[2J" }, to: [acme.admin.email] },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.results.map((result: { status: string; error: string | null }) => [result.status, result.error])).toEqual([
      ["CREATED", null],
      ["ERROR", "field 'from.name': must not contain control characters (U+001B)"],
    ]);
  });
});
