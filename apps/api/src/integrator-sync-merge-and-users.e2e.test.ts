/**
 * A warehouse copy kept over a real port by docs/syncing.md's recipe through a person merge and a user's
 * deactivation, then reactivation: after each incremental pass (deletions log, `modified_since` and `updated_after`
 * pulls, the activity feed, the users and lists pulls, and the re-reads they call for) the copy equals a fresh full
 * copy, every field of every record included, without the integrator re-pointing a merged-away uuid itself; then
 * after a contact joins the team as a new user. The
 * meetings are also kept a second way, as an agent asking what changed does: `GET /v1/meetings?updated_after=`
 * pulls, the feed's removals dropping what went.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "./server.js";
import { createIntegratorClient, type IntegratorClient, type JsonObject } from "./testing/integrator-client.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "./testing/test-harness.js";

const DAY = 86_400_000;
const iso = (epochMilliseconds: number) => new Date(epochMilliseconds).toISOString();

let context: TestContext;
let acme: TestTenant;
let server: RunningServer;
let integrator: IntegratorClient;
let writer: IntegratorClient;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services, { name: "Acme Warehouse" });
  server = await startServer(context.services, { port: 0 });
  const wait = (seconds: number) => context.clock.advance(seconds * 1000);
  integrator = createIntegratorClient({ baseUrl: server.url, apiKey: acme.key, wait });
  writer = createIntegratorClient({ baseUrl: server.url, apiKey: acme.adminKey, wait });
});
afterAll(async () => {
  await server.close(100);
  await context.close();
});

async function write(path: string, method: string, body?: unknown): Promise<JsonObject> {
  context.clock.advance(7);
  const answer = await writer.send(path, { method, body });
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body ?? {};
}

/** What the warehouse holds, each record by uuid as the API last gave it. */
interface Copy {
  persons: Map<string, JsonObject>;
  companies: Map<string, JsonObject>;
  /** The activity feed's standing items (the latest entry of each, not removed). */
  activity: Map<string, JsonObject>;
  meetings: Map<string, JsonObject>;
  /** The meetings as `updated_after` pulls keep them, without reading them by the feed's uuids. */
  meetingsByChange: Map<string, JsonObject>;
  users: Map<string, JsonObject>;
  lists: Map<string, JsonObject>;
  /** Each list's members' uuids, oldest membership first. */
  members: Map<string, string[]>;
}

/** Where the next incremental pass starts. */
interface Marks {
  persons: number;
  companies: number;
  meetings: number;
  users: number;
  lists: number;
  deletions: number;
  activity: number;
}

const emptyCopy = (): Copy => ({
  persons: new Map(),
  companies: new Map(),
  activity: new Map(),
  meetings: new Map(),
  meetingsByChange: new Map(),
  users: new Map(),
  lists: new Map(),
  members: new Map(),
});

const byUuid = (items: readonly JsonObject[]) => new Map(items.map((item) => [item.uuid as string, item]));
const newest = async (path: string, field: string) => ((await integrator.get(`${path}?sort_by=${field}&order=desc&per_page=1`)).items[0]?.[field] as number | undefined) ?? 0;
const lastSequence = (items: readonly JsonObject[], before: number) => (items.at(-1)?.sequence as number | undefined) ?? before;

/** The records of `uuids` from a list that takes `uuids` (up to 100 a call), every page followed. */
async function readByUuid(path: string, uuids: Iterable<string>): Promise<JsonObject[]> {
  const all = [...new Set(uuids)];
  const items: JsonObject[] = [];
  for (let start = 0; start < all.length; start += 100) {
    items.push(...(await integrator.scan(path, { uuids: all.slice(start, start + 100).join(","), per_page: "50" })).items);
  }
  return items;
}

async function readMembers(copy: Copy, listUuid: string): Promise<void> {
  const { items } = await integrator.scan(`/v1/lists/${listUuid}/entities`, { per_page: "2" });
  copy.members.set(listUuid, items.map((member) => member.entity_uuid as string));
}

/** Applies feed items in order; returns the persons they name and the meetings to read again. */
function applyFeed(copy: Copy, items: readonly JsonObject[]): { persons: Set<string>; meetings: Set<string> } {
  const persons = new Set<string>();
  const meetings = new Set<string>();
  for (const item of items) {
    const uuid = item.uuid as string;
    for (const participant of item.participants as JsonObject[]) persons.add(participant.person_uuid as string);
    if (item.removed) {
      copy.activity.delete(uuid);
      copy.meetings.delete(uuid);
      meetings.delete(uuid);
    } else {
      copy.activity.set(uuid, item);
      if (item.kind === "meeting") meetings.add(uuid);
    }
  }
  return { persons, meetings };
}

/** docs/syncing.md 1 and 7: watermarks and log positions first, then every list scanned with cursors. */
async function fullCopy(): Promise<{ copy: Copy; marks: Marks }> {
  const deletions = await integrator.scan("/v1/deletions", { per_page: "50" });
  const marks: Marks = {
    persons: await newest("/v1/persons", "service_updated_at"),
    companies: await newest("/v1/companies", "service_updated_at"),
    meetings: await newest("/v1/meetings", "updated_at"),
    users: await newest("/v1/users", "updated_at"),
    lists: await newest("/v1/lists", "updated_at"),
    deletions: lastSequence(deletions.items, 0),
    activity: 0,
  };
  const copy = emptyCopy();
  copy.persons = byUuid((await integrator.scan("/v1/persons", { per_page: "3" })).items);
  copy.companies = byUuid((await integrator.scan("/v1/companies", { per_page: "3" })).items);
  const feed = (await integrator.scan("/v1/activity", { per_page: "4" })).items;
  marks.activity = lastSequence(feed, 0);
  const { meetings } = applyFeed(copy, feed);
  copy.meetings = byUuid(await readByUuid("/v1/meetings", meetings));
  copy.meetingsByChange = byUuid((await integrator.scan("/v1/meetings", { sort_by: "updated_at", per_page: "1" })).items);
  copy.users = byUuid((await integrator.scan("/v1/users", { per_page: "1" })).items);
  copy.lists = byUuid((await integrator.scan("/v1/lists", { per_page: "1" })).items);
  for (const listUuid of copy.lists.keys()) await readMembers(copy, listUuid);
  return { copy, marks };
}

/** Keeps the copy with the larger (or equal: derived fields move without it) change time. */
function upsert(records: Map<string, JsonObject>, items: readonly JsonObject[], changeField: string): void {
  for (const item of items) {
    const held = records.get(item.uuid as string);
    if (!held || (held[changeField] as number) <= (item[changeField] as number)) records.set(item.uuid as string, item);
  }
}

/** One incremental pass as docs/syncing.md 2, 3, 4 and 7 describe it; moves `marks` on. */
async function incrementalPass(copy: Copy, marks: Marks): Promise<void> {
  // docs/syncing.md 2: the next watermarks are noted before the pulls, not taken from what they bring.
  const next = {
    persons: Math.max(marks.persons, await newest("/v1/persons", "service_updated_at")),
    companies: Math.max(marks.companies, await newest("/v1/companies", "service_updated_at")),
    meetings: Math.max(marks.meetings, await newest("/v1/meetings", "updated_at")),
    users: Math.max(marks.users, await newest("/v1/users", "updated_at")),
    lists: Math.max(marks.lists, await newest("/v1/lists", "updated_at")),
  };
  const deletions = (await integrator.scan("/v1/deletions", { after_sequence: String(marks.deletions), per_page: "50" })).items;
  for (const entry of deletions) {
    // Dropped, not re-pointed: the feed and the pulls below bring every record that named the uuid.
    if (entry.entity_type === "PERSON") copy.persons.delete(entry.uuid as string);
    if (entry.entity_type === "ENTITY_LIST") copy.lists.delete(entry.uuid as string);
    if (entry.entity_type === "MEETING") copy.meetingsByChange.delete(entry.uuid as string);
  }
  marks.deletions = lastSequence(deletions, marks.deletions);

  const persons = (await integrator.scan("/v1/persons", { modified_since: iso(marks.persons), per_page: "3" })).items;
  upsert(copy.persons, persons, "service_updated_at");
  for (const person of persons) for (const gone of person.merged_person_uuids as string[]) copy.persons.delete(gone);
  const companies = (await integrator.scan("/v1/companies", { modified_since: iso(marks.companies), per_page: "3" })).items;
  upsert(copy.companies, companies, "service_updated_at");

  const feed = (await integrator.scan("/v1/activity", { after_sequence: String(marks.activity), per_page: "4" })).items;
  marks.activity = lastSequence(feed, marks.activity);
  const touched = applyFeed(copy, feed);
  const meetings = (await integrator.scan("/v1/meetings", { updated_after: iso(marks.meetings), sort_by: "updated_at", per_page: "1" })).items;
  upsert(copy.meetingsByChange, meetings, "updated_at");

  const users = (await integrator.scan("/v1/users", { updated_after: iso(marks.users), per_page: "1" })).items;
  for (const user of users) {
    const held = copy.users.get(user.uuid as string);
    if (!held || held.is_active !== user.is_active || held.person_uuid !== user.person_uuid) {
      // The user joined, left or rejoined the team: every item of theirs shows them otherwise, with no new feed entry.
      const theirs = (await integrator.scan("/v1/activity", { person_uuid: user.person_uuid as string, per_page: "4" })).items;
      for (const item of theirs) {
        const kept = copy.activity.get(item.uuid as string);
        if (kept) copy.activity.set(item.uuid as string, { ...kept, participants: item.participants });
        for (const participant of item.participants as JsonObject[]) touched.persons.add(participant.person_uuid as string);
      }
    }
  }
  upsert(copy.users, users, "updated_at");

  const lists = (await integrator.scan("/v1/lists", { updated_after: iso(marks.lists), per_page: "1" })).items;
  upsert(copy.lists, lists, "updated_at");
  for (const list of lists) await readMembers(copy, list.uuid as string);

  // Derived fields: the persons the pass touched, their current companies, and the meetings' records.
  const reread = await readByUuid("/v1/persons", touched.persons);
  upsert(copy.persons, reread, "service_updated_at");
  const companiesOf = reread.flatMap((person) => [
    ...((person.primary_company as JsonObject | null) ? [(person.primary_company as JsonObject).uuid as string] : []),
    ...(person.affiliations as JsonObject[]).filter((affiliation) => affiliation.is_current).map((affiliation) => (affiliation.company as JsonObject).uuid as string),
  ]);
  upsert(copy.companies, await readByUuid("/v1/companies", companiesOf), "service_updated_at");
  for (const meeting of await readByUuid("/v1/meetings", touched.meetings)) copy.meetings.set(meeting.uuid as string, meeting);
  Object.assign(marks, next);
}

/** The copy as plain sorted objects, so a difference names the record and field. */
const plain = (copy: Copy) =>
  Object.fromEntries(Object.entries(copy).map(([part, records]) => [part, Object.fromEntries([...(records as Map<string, unknown>)].sort(([a], [b]) => a.localeCompare(b)))]));

describe("an incremental copy through a person merge, a user's deactivation and a contact joining the team", () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    const now = context.clock.now();
    const slug = acme.tenant.uuid.slice(0, 8);
    const [alice, mike] = [`alice.${slug}@example.com`, `mike.${slug}@example.com`];
    ids.globex = (await write("/v1/companies", "POST", { company_name: "Globex", domain: "globex.example" })).uuid as string;
    ids.initech = (await write("/v1/companies", "POST", { company_name: "Initech", domain: "initech.example" })).uuid as string;
    const person = async (name: string, email: string, company: string) =>
      (await write("/v1/persons", "POST", { name, emails: [email], primary_company_uuid: company })).uuid as string;
    ids.jordan = await person("Jordan Blake", "jordan@globex.example", ids.globex);
    ids.duplicate = await person("J. Blake", "jblake@initech.example", ids.initech);
    ids.kim = await person("Kim Park", "kim@initech.example", ids.initech);
    ids.lee = await person("Lee Chan", "lee@globex.example", ids.globex);
    const emails: Array<[string, string[], number]> = [
      [mike, ["jblake@initech.example"], 20],
      ["jblake@initech.example", [mike], 19],
      ["kim@initech.example", ["jblake@initech.example", "lee@globex.example"], 18],
      ["jordan@globex.example", ["jblake@initech.example"], 17],
      [alice, ["jordan@globex.example"], 16],
      [mike, ["kim@initech.example"], 15],
      [mike, ["lee@globex.example", alice], 14],
      ["lee@globex.example", [mike], 3],
    ];
    await write("/v1/emails/batch", "POST", {
      messages: emails.map(([from, to, daysAgo], index) => ({ message_id: `<wh-${index}@example.com>`, sent_at: iso(now - daysAgo * DAY), subject: `Thread ${index}`, from, to })),
    });
    await write("/v1/meetings", "POST", { title: "Review", starts_at: now - 10 * DAY, attendees: [mike, "jblake@initech.example", "kim@initech.example"] });
    await write("/v1/meetings", "POST", { title: "Kickoff", starts_at: now + 2 * DAY, attendees: [alice, mike, "jblake@initech.example", "jordan@globex.example"] });
    const targets = await write("/v1/lists", "POST", { name: "Targets", kind: "persons" });
    await write(`/v1/lists/${targets.uuid}/entities`, "POST", { entity_type: "PERSON", entity_uuids: [ids.duplicate, ids.kim] });
    const accounts = await write("/v1/lists", "POST", { name: "Accounts", kind: "companies" });
    await write(`/v1/lists/${accounts.uuid}/entities`, "POST", { entity_type: "COMPANY", entity_uuids: [ids.initech] });
  });

  it("equals a fresh full copy after the merge and the deactivation, then after the reactivation", async () => {
    const { copy, marks } = await fullCopy();
    expect([...copy.activity.values()].some((item) => JSON.stringify(item.participants).includes(ids.duplicate!))).toBe(true);

    context.clock.advance(60_000);
    await write(`/v1/persons/${ids.jordan}/merge`, "POST", { superseded_person_uuid: ids.duplicate });
    context.clock.advance(1_000);
    // An operator's command (rapport users deactivate), beside the API.
    expect(await context.services.store.users.deactivate(acme.tenant.uuid, acme.member.uuid)).toBe(true);
    await write("/v1/emails/batch", "POST", {
      messages: [{ message_id: "<wh-after@example.com>", sent_at: iso(context.clock.now() - DAY), subject: "After", from: "lee@globex.example", to: ["kim@initech.example"] }],
    });
    // While he is away, his own person is found to duplicate a contact, and merged into it: he is that contact now.
    context.clock.advance(1_000);
    const mikeAtHome = (await write("/v1/persons", "POST", { name: "Mike (home)", emails: [`mike.${acme.tenant.uuid.slice(0, 8)}@home.example`] })).uuid as string;
    await write(`/v1/persons/${mikeAtHome}/merge`, "POST", { superseded_person_uuid: acme.member.person_uuid });

    await incrementalPass(copy, marks);
    const fresh = await fullCopy();
    // Only the surviving records name the merged-away uuids (`merged_person_uuids`): the user row names the contact.
    const { persons: _persons, ...rest } = plain(copy);
    expect(JSON.stringify(rest)).not.toContain(ids.duplicate);
    expect(JSON.stringify(rest)).not.toContain(acme.member.person_uuid);
    expect(JSON.stringify(rest)).toContain(mikeAtHome);
    expect(plain(copy)).toEqual(plain(fresh.copy));
    // The deactivation did move what the recipe re-read: Mike is nobody's strongest relationship any more.
    expect(JSON.stringify([...copy.persons.values()].map((item) => item.strongest_relationships))).not.toContain(acme.member.uuid);

    context.clock.advance(1_000);
    expect(await context.services.store.users.reactivate(acme.tenant.uuid, acme.member.uuid)).toBe(true);
    await incrementalPass(copy, marks);
    const again = await fullCopy();
    expect(plain(copy)).toEqual(plain(again.copy));
    expect(JSON.stringify([...copy.persons.values()].map((item) => item.strongest_relationships))).toContain(acme.member.uuid);

    // A contact joins the team (rapport users create with their address): their person becomes the new user's own. In
    // the same millisecond as the last pass, so scores, which move with the clock, compare equal.
    const kim = await context.services.store.users.create({ tenant_uuid: acme.tenant.uuid, name: "Kim Park", email: "kim@initech.example", role: "member" });
    expect(kim.person_uuid).toBe(ids.kim);
    await incrementalPass(copy, marks);
    const joined = await fullCopy();
    expect(plain(copy)).toEqual(plain(joined.copy));
    expect(JSON.stringify([...copy.activity.values()].map((item) => item.participants))).toContain(`{"person_uuid":"${ids.kim}","is_internal":true`);
  }, 30_000);
});
