/** GET /v1/companies/{uuid}/activity and GET /v1/persons/{uuid}/activity with occurred_after/occurred_before. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let people: { ada: string; bob: string; globex: string };

interface ActivityPage {
  items: Array<{ kind: string; uuid: string; occurred_at: number | null }>;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
  error?: string;
}

const at = (day: number, hour = 12) => Date.UTC(2026, 10, day, hour);

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const tenant_uuid = acme.tenant.uuid;
  const globex = await store.companies.create({ tenant_uuid, company_name: "Globex" });
  const ada = await store.persons.create({ tenant_uuid, name: "Ada", emails: ["ada@globex.example"], primary_company_uuid: globex.uuid });
  const bob = await store.persons.create({ tenant_uuid, name: "Bob", emails: ["bob@globex.example"], primary_company_uuid: globex.uuid });
  people = { ada: ada.uuid, bob: bob.uuid, globex: globex.uuid };
  // An email a day from the 1st to the 20th of November, to Ada on even days, to Bob on odd ones, to both every fifth;
  // a meeting with both on the 25th (upcoming, listed first).
  for (let day = 1; day <= 20; day += 1) {
    const to = day % 5 === 0 ? [ada.uuid, bob.uuid] : day % 2 === 0 ? [ada.uuid] : [bob.uuid];
    await store.emails.ingest(tenant_uuid, {
      message_id: `m${day}`,
      sent_at: at(day),
      from: { person_uuid: acme.admin.person_uuid },
      to: to.map((person_uuid) => ({ person_uuid })),
      cc: [],
    });
  }
  await store.meetings.create(tenant_uuid, { title: "Review", starts_at: at(25), attendees: [{ person_uuid: ada.uuid }, { person_uuid: bob.uuid }] });
});
afterAll(() => context.close());

async function read(path: string): Promise<{ status: number; body: ActivityPage }> {
  return (await context.json(path, { key: acme.key })) as { status: number; body: ActivityPage };
}

/** Every item of `path` (its query included) by cursor, checking the first page's total. */
async function scan(path: string): Promise<ActivityPage["items"]> {
  let { status, body } = await read(`${path}&per_page=3`);
  expect(status).toBe(200);
  const total = body.total;
  const items = [...body.items];
  while (body.next_cursor) {
    ({ body } = await read(`${path}&per_page=3&cursor=${encodeURIComponent(body.next_cursor)}`));
    items.push(...body.items);
  }
  expect(items).toHaveLength(total!);
  return items;
}

describe("a subject's activity kept to a time range", () => {
  it("lists exactly what occurred in the range, both bounds inclusive, counted by total, by page and by cursor", async () => {
    for (const subject of [`/v1/companies/${people.globex}/activity`, `/v1/persons/${people.ada}/activity`]) {
      const everything = (await read(`${subject}?per_page=100`)).body.items;
      const cases: Array<[string, (time: number) => boolean]> = [
        [`occurred_after=${new Date(at(15)).toISOString()}`, (time) => time >= at(15)],
        [`occurred_before=${new Date(at(4)).toISOString()}`, (time) => time <= at(4)],
        // A date alone as the upper bound covers that day.
        [`occurred_after=2026-11-10&occurred_before=2026-11-12`, (time) => time >= Date.UTC(2026, 10, 10) && time < Date.UTC(2026, 10, 13)],
      ];
      for (const [range, keeps] of cases) {
        const expected = everything.filter((item) => keeps(item.occurred_at!));
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.length).toBeLessThan(everything.length);
        const numbered = await read(`${subject}?${range}&per_page=100`);
        expect(numbered.status).toBe(200);
        expect(numbered.body.items).toEqual(expected);
        expect(numbered.body.total).toBe(expected.length);
        expect(await scan(`${subject}?${range}`)).toEqual(expected);
      }
    }
  });

  it("answers what happened at a company since a day in one short page, the upcoming meeting included", async () => {
    const { body } = await read(`/v1/companies/${people.globex}/activity?occurred_after=${new Date(at(19) + 1).toISOString()}`);
    expect(body.items.map((item) => [item.kind, item.occurred_at])).toEqual([
      ["meeting", at(25)],
      ["email", at(20)],
    ]);
    expect(body.total).toBe(2);
  });

  it("refuses a reversed range, a word and epoch milliseconds with a 400 naming the parameter", async () => {
    const subject = `/v1/companies/${people.globex}/activity`;
    const reversed = await read(`${subject}?occurred_after=2026-11-12&occurred_before=2026-11-10`);
    expect(reversed.status).toBe(400);
    expect(reversed.body.error).toMatch(/occurred_after must not be after occurred_before/);
    for (const value of ["yesterday", String(at(3))]) {
      const response = await read(`${subject}?occurred_after=${value}`);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatch(/occurred_after/);
    }
  });

  it("answers since= and until= with a 400 naming occurred_after and occurred_before, not accepting them", async () => {
    for (const subject of [`/v1/companies/${people.globex}/activity`, `/v1/persons/${people.ada}/activity`]) {
      const since = await read(`${subject}?since=2026-11-10`);
      expect(since.status).toBe(400);
      expect(since.body.error).toMatch(/^unknown query parameter 'since' \(did you mean 'occurred_after'\?\); this operation accepts: /);
      const until = await read(`${subject}?until=2026-11-10`);
      expect(until.status).toBe(400);
      expect(until.body.error).toMatch(/^unknown query parameter 'until' \(did you mean 'occurred_before'\?\)/);
    }
  });

  it("binds a cursor to its range", async () => {
    const first = (await read(`/v1/companies/${people.globex}/activity?per_page=2&occurred_before=2026-11-10`)).body;
    expect(first.items.map((item) => item.occurred_at)).toEqual([at(10), at(9)]);
    expect(first.next_cursor).not.toBeNull();
    const elsewhere = await read(`/v1/companies/${people.globex}/activity?per_page=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toMatch(/cursor/);
  });

  it("answers 404 to another tenant asking with a range", async () => {
    const other = await buildTenant(context.services, { name: "Globex Capital" });
    const response = await context.json(`/v1/companies/${people.globex}/activity?occurred_after=2026-11-01`, { key: other.key });
    expect(response.status).toBe(404);
  });
});
