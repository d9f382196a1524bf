/** GET /v1/persons/{uuid}/activity and GET /v1/companies/{uuid}/activity: page numbers and cursors. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
/** Two persons at Globex and one elsewhere. */
let people: { ada: string; bob: string; cy: string; globex: string };

interface ActivityPage {
  items: Array<{ kind: string; uuid: string; occurred_at: number | null }>;
  page: number;
  total: number | null;
  has_more: boolean;
  next_cursor: string | null;
}

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
  const cy = await store.persons.create({ tenant_uuid, name: "Cy", emails: ["cy@initech.example"] });
  people = { ada: ada.uuid, bob: bob.uuid, cy: cy.uuid, globex: globex.uuid };
  // Twelve emails from the admin: to Ada, to Bob, to both (listed once for Globex), to Cy; some at one time.
  const recipients = [[ada.uuid], [bob.uuid], [ada.uuid, bob.uuid], [cy.uuid]];
  for (let index = 0; index < 12; index += 1) {
    await email(`m${index}`, Date.UTC(2026, 10, 1 + Math.floor(index / 2)), recipients[index % 4]!);
  }
});
afterAll(() => context.close());

async function email(messageId: string, sentAt: number, to: string[]) {
  await context.services.store.emails.ingest(acme.tenant.uuid, {
    message_id: messageId,
    sent_at: sentAt,
    from: { person_uuid: acme.admin.person_uuid },
    to: to.map((person_uuid) => ({ person_uuid })),
    cc: [],
  });
}

async function page(path: string): Promise<{ status: number; body: ActivityPage & { error?: string } }> {
  return (await context.json(path, { key: acme.key })) as { status: number; body: ActivityPage & { error?: string } };
}

/** Every item of `path`, page number by page number, then by cursor; both must agree. */
async function bothWays(path: string, perPage: number) {
  const numbered: ActivityPage["items"] = [];
  for (let number = 1; ; number += 1) {
    const { body } = await page(`${path}?per_page=${perPage}&page=${number}`);
    numbered.push(...body.items);
    if (!body.has_more) break;
  }
  const scanned: ActivityPage["items"] = [];
  let { body } = await page(`${path}?per_page=${perPage}`);
  scanned.push(...body.items);
  const pages = [body.page];
  while (body.next_cursor) {
    ({ body } = await page(`${path}?per_page=${perPage}&cursor=${encodeURIComponent(body.next_cursor)}`));
    expect(body.total).toBeNull();
    scanned.push(...body.items);
    pages.push(body.page);
  }
  expect(pages).toEqual(pages.map((_, index) => index + 1));
  return { numbered, scanned };
}

describe("a person's and a company's activity", () => {
  it("lists the same items by page number and by cursor, each once, newest first", async () => {
    for (const [path, expected] of [
      [`/v1/persons/${people.ada}/activity`, 6],
      [`/v1/companies/${people.globex}/activity`, 9],
    ] as const) {
      const { numbered, scanned } = await bothWays(path, 2);
      expect(scanned).toEqual(numbered);
      expect(new Set(scanned.map((item) => item.uuid)).size).toBe(expected);
      const times = scanned.map((item) => item.occurred_at!);
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it("neither repeats nor skips an item when new ones arrive during a cursor scan", async () => {
    const path = `/v1/persons/${people.ada}/activity`;
    const before = (await page(`${path}?per_page=50`)).body.items;
    let { body } = await page(`${path}?per_page=2`);
    const scanned = [...body.items];
    await email("newer", Date.UTC(2026, 10, 30), [people.ada]);
    while (body.next_cursor) {
      ({ body } = await page(`${path}?per_page=2&cursor=${encodeURIComponent(body.next_cursor)}`));
      scanned.push(...body.items);
    }
    expect(scanned).toEqual(before);
  });

  it("binds a cursor to its subject and refuses it with a page number", async () => {
    const first = (await page(`/v1/persons/${people.ada}/activity?per_page=2`)).body;
    const cursor = encodeURIComponent(first.next_cursor!);
    const elsewhere = await page(`/v1/persons/${people.bob}/activity?per_page=2&cursor=${cursor}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.error).toMatch(/cursor/);
    const asCompany = await page(`/v1/companies/${people.globex}/activity?per_page=2&cursor=${cursor}`);
    expect(asCompany.status).toBe(400);
    const both = await page(`/v1/persons/${people.ada}/activity?per_page=2&page=2&cursor=${cursor}`);
    expect(both.status).toBe(400);
    expect(both.body.error).toMatch(/either page or cursor/);
  });

  it("answers 404 to another tenant, with a cursor or without", async () => {
    const globex = await buildTenant(context.services, { name: "Globex Capital" });
    const first = (await page(`/v1/persons/${people.ada}/activity?per_page=2`)).body;
    const response = await context.json(`/v1/persons/${people.ada}/activity?per_page=2&cursor=${encodeURIComponent(first.next_cursor!)}`, { key: globex.key });
    expect(response.status).toBe(404);
  });
});
