/**
 * Cursor scans of `GET /v1/persons/{uuid}/recommended-paths` while new activity reorders the ranking: a user whose
 * score did not change is listed once, whatever moved around the page boundary.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildTenant, createTestContext, TEST_START, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let acme: TestTenant;
let teamPersons: string[];
let target: string;
let messageNumber = 0;

// One database for the file (opening one per test was most of a short test's time); each test gets a tenant of its
// own and the clock back at its start, as a database of its own would give it.
beforeAll(async () => {
  context = await createTestContext();
});
beforeEach(async () => {
  context.clock.set(TEST_START);
  acme = await buildTenant(context.services);
  const { store } = context.services;
  const more = [];
  for (const name of ["Una", "Vic"]) {
    more.push(await store.users.create({ tenant_uuid: acme.tenant.uuid, name, email: `${name.toLowerCase()}@acme.example`, role: "member" }));
  }
  teamPersons = [acme.admin.person_uuid, acme.member.person_uuid, ...more.map((user) => user.person_uuid)];
  target = (await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Tess Target" })).uuid;
});
afterAll(() => context.close());

/** `count` emails from the team member's person to the target, a day ago. */
async function emails(fromPerson: string, count: number) {
  for (let index = 0; index < count; index += 1) {
    messageNumber += 1;
    await context.services.store.emails.ingest(acme.tenant.uuid, {
      message_id: `<m${messageNumber}@acme.example>`,
      sent_at: context.clock.now() - 86_400_000,
      from: { person_uuid: fromPerson },
      to: [{ person_uuid: target }],
    });
  }
}

const page = async (query: string) => {
  const { status, body } = await context.json(`/v1/persons/${target}/recommended-paths?${query}`, { key: acme.key });
  expect(status).toBe(200);
  return body! as { items: Array<{ user_uuid: string; person_uuid: string; connection_score: number }>; next_cursor: string | null; has_more: boolean };
};

describe("recommended-paths cursors", () => {
  it("list an untouched user once when the last user of a page moves up the ranking before the next page", async () => {
    // Strongest first: the team's persons in order, by how many emails each sent.
    for (const [index, person] of teamPersons.entries()) await emails(person, 8 - 2 * index);
    const first = await page("per_page=2");
    expect(first.items.map((item) => item.person_uuid)).toEqual(teamPersons.slice(0, 2));
    // The second user overtakes the first.
    await emails(teamPersons[1]!, 20);
    context.clock.advance(1_000);
    const second = await page(`per_page=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    expect(second.items.map((item) => item.person_uuid)).toEqual(teamPersons.slice(2, 4));
  });

  it("walk every sort and order one item a page exactly as the whole ranking reads, ties included", async () => {
    // Two users tie on score: the ranking breaks the tie, and the cursor must break it the same way.
    for (const [index, person] of teamPersons.entries()) await emails(person, [5, 3, 3, 1][index]!);
    for (const sort of ["sort_by=score&order=desc", "sort_by=score&order=asc", "sort_by=name&order=asc", "sort_by=name&order=desc"]) {
      const whole = (await page(`${sort}&per_page=50`)).items.map((item) => item.user_uuid);
      expect(whole, sort).toHaveLength(4);
      const walked: string[] = [];
      let current = await page(`${sort}&per_page=1`);
      walked.push(...current.items.map((item) => item.user_uuid));
      while (current.has_more) {
        current = await page(`${sort}&per_page=1&cursor=${encodeURIComponent(current.next_cursor!)}`);
        walked.push(...current.items.map((item) => item.user_uuid));
      }
      expect(walked, sort).toEqual(whole);
    }
  });

  it("rank later pages at the first page's instant, so decay between pages moves no one", async () => {
    for (const [index, person] of teamPersons.entries()) await emails(person, 4 - index);
    const wholeThen = await page("per_page=50");
    const first = await page("per_page=2");
    context.clock.advance(30 * 86_400_000);
    const second = await page(`per_page=2&cursor=${encodeURIComponent(first.next_cursor!)}`);
    // The second page is the ranking as the first page saw it, scores included, not a month later's.
    expect([...first.items, ...second.items]).toEqual(wholeThen.items);
    const wholeNow = await page("per_page=50");
    expect(wholeNow.items.map((item) => item.person_uuid)).toEqual(teamPersons);
    expect(wholeNow.items[2]!.connection_score).toBeLessThan(second.items[0]!.connection_score);
  });
});
