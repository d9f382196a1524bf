/** GET /v1/lists by name is alphabetical (case and accents aside), by page numbers and by cursor; a cursor of an old order is refused. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { cursorCodecFor } from "../../platform/listing/cursor-codec-for-store.js";
import { queryFingerprint } from "../../platform/listing/cursor-codec.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

interface ListsPage {
  items: Array<{ uuid: string; name: string }>;
  next_cursor: string | null;
}

async function get(query: string) {
  const response = await context.request(`/v1/lists${query}`, { key: acme.key });
  return { status: response.status, body: (await response.json()) as ListsPage & { error?: string } };
}

const NAMES = ["beta", "Alpha", "Zeta", "gamma", "Émile", "Delta"];
const FOLDED = ["Alpha", "beta", "Delta", "Émile", "gamma", "Zeta"];

describe("GET /v1/lists by name", () => {
  beforeEach(async () => {
    for (const name of NAMES) {
      const response = await context.request("/v1/lists", { key: acme.key, method: "POST", body: { name, kind: "persons" } });
      expect(response.status).toBe(201);
    }
  });

  it("orders names whatever their case and accents, both ways, by page numbers and following next_cursor", async () => {
    for (const order of ["asc", "desc"]) {
      const expected = order === "asc" ? FOLDED : [...FOLDED].reverse();
      expect((await get(`?order=${order}`)).body.items.map((list) => list.name)).toEqual(expected);
      const scanned: string[] = [];
      let page = (await get(`?order=${order}&per_page=2`)).body;
      scanned.push(...page.items.map((list) => list.name));
      while (page.next_cursor) {
        const next = await get(`?order=${order}&per_page=2&cursor=${encodeURIComponent(page.next_cursor)}`);
        expect(next.status).toBe(200);
        page = next.body;
        scanned.push(...page.items.map((list) => list.name));
      }
      expect(scanned, order).toEqual(expected);
    }
  });

  it("refuses a cursor of the case-sensitive order (a name as written) as another scan's", async () => {
    const first = (await get("?per_page=2")).body;
    const codec = await cursorCodecFor(context.services.store);
    // What a cursor issued before the name order folded case carried: the name as written.
    const older = codec.encode({
      query: queryFingerprint({ operation: "listEntityLists", tenant: acme.tenant.uuid, sort_by: "name", order: "asc" }),
      key: [first.items[1]!.name, first.items[1]!.uuid],
      page: 2,
    });
    const refused = await get(`?per_page=2&cursor=${encodeURIComponent(older)}`);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/cursor is for another scan/);
    // One of the case-folded order, where "Émile" came after "Zeta": refused, saying why.
    const caseFolded = codec.encode({
      query: queryFingerprint({ operation: "listEntityLists", tenant: acme.tenant.uuid, sort_by: "name", order: "asc", name_order: "case-folded" }),
      key: ["beta", first.items[1]!.uuid],
      page: 2,
    });
    const changed = await get(`?per_page=2&cursor=${encodeURIComponent(caseFolded)}`);
    expect(changed).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^cursor no longer valid: lists are listed alphabetically/) } });
  });
});
