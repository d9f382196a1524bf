import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../testing/test-harness.js";
import { issueToReport } from "./issue-to-report.js";

const schema = z.strictObject({ starts_at: z.string(), title: z.string(), nested: z.strictObject({ city: z.string() }).optional() });
const reported = (input: unknown) => issueToReport(schema.safeParse(input).error!.issues, input);

describe("issueToReport", () => {
  it("reports the unknown field of an object a required field is missing from: most likely the same name misspelt", () => {
    expect(reported({ start_at: "2026-12-10", title: "x" })).toMatchObject({ code: "unrecognized_keys", keys: ["start_at"], path: [] });
    expect(reported({ starts_at: "2026-12-10", title: "x", nested: { town: "Oslo" } })).toMatchObject({ code: "unrecognized_keys", keys: ["town"], path: ["nested"] });
  });

  it("otherwise reports the first issue: a field of the wrong type, or a missing one with no unknown field beside it", () => {
    expect(reported({ starts_at: 5, title: "x", extra: 1 })).toMatchObject({ code: "invalid_type", path: ["starts_at"], message: "Invalid input: expected string, received number" });
    expect(reported({ title: "x" })).toMatchObject({ code: "invalid_type", path: ["starts_at"] });
    // An unknown field elsewhere is not a misspelling of this one.
    expect(reported({ title: "x", nested: { city: "Oslo", town: "Oslo" } })).toMatchObject({ code: "invalid_type", path: ["starts_at"] });
    expect(issueToReport([], {})).toBeUndefined();
  });

  it("says a missing field is required, with what it takes, rather than that it received undefined", () => {
    expect(reported({ title: "x" })!.message).toBe("required (expected string)");
    expect(reported({ starts_at: "2026-12-10", title: "x", nested: {} })).toMatchObject({ path: ["nested", "city"], message: "required (expected string)" });
    const choice = z.strictObject({ entity: z.enum(["person", "company"]), at: z.union([z.string(), z.number()]) });
    expect(issueToReport(choice.safeParse({ at: 1 }).error!.issues, { at: 1 })!.message).toBe('required (expected one of "person"|"company")');
    expect(issueToReport(choice.safeParse({ entity: "person" }).error!.issues, { entity: "person" })!.message).toBe("required (expected string or number)");
    // A value that is there but wrong keeps zod's words; so does a body that is not an object at all.
    expect(issueToReport(choice.safeParse({ entity: "team", at: 1 }).error!.issues, { entity: "team", at: 1 })!.message).toMatch(/^Invalid option/);
    expect(issueToReport(schema.safeParse([]).error!.issues, [])!.message).toBe("Invalid input: expected object, received array");
  });
});

describe("a misspelt required field over HTTP", () => {
  let context: TestContext;
  let acme: TestTenant;
  beforeAll(async () => {
    context = await createTestContext();
    acme = await buildTenant(context.services);
  });
  afterAll(() => context.close());

  it("is named with the field likely meant, in a body and in a batch item", async () => {
    const meeting = await context.request("/v1/meetings", { key: acme.key, method: "POST", body: { title: "Intro", start_at: "2026-12-10T10:00:00Z" } });
    expect(meeting.status).toBe(400);
    expect(((await meeting.json()) as { error: string }).error).toMatch(/^body: unknown field 'start_at' \(did you mean 'starts_at'\?\); accepted here: title, starts_at,/);
    const person = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Ada" });
    const batch = await context.request("/v1/notes/batch", { key: acme.key, method: "POST", body: { items: [{ person_uuid: person.uuid, contents: "Met at the fair" }] } });
    const { results } = (await batch.json()) as { results: Array<{ status: string; error: string }> };
    expect(results[0]).toMatchObject({ status: "ERROR", error: expect.stringMatching(/^unknown field 'contents' \(did you mean 'content'\?\)/) });
  });

  it("says a field or query parameter left out is required", async () => {
    const note = await context.request("/v1/notes", { key: acme.key, method: "POST", body: { title: "No text" } });
    expect(note.status).toBe(400);
    expect(await note.json()).toEqual({ error: "body field 'content': required (expected string)" });
    const scores = await context.request("/v1/pathpower/scores", { key: acme.key });
    expect(await scores.json()).toEqual({ error: 'query parameter \'entity\': required (expected one of "person"|"company")' });
  });
});
