/**
 * A CRM integrator's sync over a real port, done the way docs/syncing.md tells integrators: full cursor scans
 * of persons, companies, opportunities, notes, tasks and meetings while another client creates, renames, merges and deletes records;
 * `modified_since` pulls at a millisecond boundary; the deletions log followed to drop what was removed (no
 * reconciling full scan); the activity feed followed while a second database
 * connection (a worker thread, as another process would) ingests emails beside the API; 429s of a low tier and
 * retried batch writes. Writes are drawn from a seeded generator, so a failure replays.
 */
import { Worker } from "node:worker_threads";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueApiKey } from "./platform/auth/issue-api-key.js";
import { startServer, type RunningServer } from "./server.js";
import { buildPipeline, type Pipeline } from "./testing/deal-builders.js";
import { createIntegratorClient, type IntegratorClient, type JsonObject } from "./testing/integrator-client.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "./testing/test-harness.js";

/** mulberry32: a small seeded generator, so every run draws the same writes. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4294967296;
  };
}

const LETTERS = [..."ABCDEFGHIJKLMNOPQRSTUVWXYZ"];
const iso = (epochMilliseconds: number) => new Date(epochMilliseconds).toISOString();

let context: TestContext;
let acme: TestTenant;
let server: RunningServer;
let pipeline: Pipeline;
/** The integrator (a tenant-wide key) and another client of the same tenant writing meanwhile. */
let integrator: IntegratorClient;
let writer: IntegratorClient;
let random: () => number;

beforeAll(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services, { name: "Acme Sync" });
  pipeline = await buildPipeline(context.services, acme);
  server = await startServer(context.services, { port: 0 });
  const wait = (seconds: number) => context.clock.advance(seconds * 1000);
  integrator = createIntegratorClient({ baseUrl: server.url, apiKey: acme.key, wait });
  writer = createIntegratorClient({ baseUrl: server.url, apiKey: acme.adminKey, wait });
  random = seededRandom(20261204);
});
afterAll(async () => {
  await server.close(100);
  await context.close();
});

const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)]!;
/** Names and values written so far: each write below gives a value no earlier write gave. */
let written = 0;
/**
 * A name no earlier write used, so that every update changes its record: a write that changes nothing moves no
 * stamp (docs/syncing.md), and the pull rightly leaves its record out, which failed the check of a "touched" record.
 */
const randomName = () => `${pick(LETTERS)}${pick(LETTERS).toLowerCase()}${Math.floor(random() * 1000)}-${(written += 1)}`;

async function write(path: string, method: string, body?: unknown): Promise<JsonObject | null> {
  // Other writes land in the same millisecond or a little later, as a busy tenant's do.
  context.clock.advance(Math.floor(random() * 3));
  const answer = await writer.send(path, { method, body });
  if (answer.status >= 300) throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The resource under test: where its list is, how to write it, and how its mirror is kept. */
interface SyncedResource {
  list: string;
  /** The list's incremental filter (`modified_since` or, for opportunities, `updated_after`) and change field. */
  changedSince: string;
  changeField: string;
  sorts: ReadonlyArray<Record<string, string>>;
  create(): Promise<string>;
  /** Changes a field the list sorts by, or another one. */
  update(uuid: string): Promise<void>;
  /** Removes a record; the uuids it touched (a merge also changes the canonical person). */
  remove?(live: string[]): Promise<string[]>;
  /** The uuids an item says are gone (a canonical person's merged persons). */
  goneWith?(item: JsonObject): string[];
  /** The `entity_type` of its records in the deletions log. */
  deletedAs?: string;
}

const persons: SyncedResource = {
  list: "/v1/persons",
  changedSince: "modified_since",
  changeField: "service_updated_at",
  sorts: [{}, { sort_by: "name" }, { sort_by: "name", order: "desc" }, { sort_by: "created_at", order: "desc" }],
  async create() {
    const person = await write("/v1/persons", "POST", { name: randomName(), job_title: "Analyst" });
    return person!.uuid as string;
  },
  async update(uuid) {
    await write(`/v1/persons/${uuid}`, "PUT", random() < 0.6 ? { name: randomName() } : { job_title: randomName() });
  },
  async remove(live) {
    // Users' own persons are merged only as the canonical side, and never two together: merge contacts.
    const contacts = live.filter((uuid) => uuid !== acme.admin.person_uuid && uuid !== acme.member.person_uuid);
    const [canonical, superseded] = [pick(contacts), pick(contacts)];
    if (canonical === superseded) return [];
    await write(`/v1/persons/${canonical}/merge`, "POST", { superseded_person_uuid: superseded });
    return [canonical, superseded];
  },
  goneWith: (item) => item.merged_person_uuids as string[],
  deletedAs: "PERSON",
};

const companies: SyncedResource = {
  list: "/v1/companies",
  changedSince: "modified_since",
  changeField: "service_updated_at",
  sorts: [{}, { sort_by: "company_name" }, { sort_by: "company_name", order: "desc" }],
  async create() {
    const company = await write("/v1/companies", "POST", { company_name: randomName() });
    return company!.uuid as string;
  },
  async update(uuid) {
    await write(`/v1/companies/${uuid}`, "PUT", random() < 0.6 ? { company_name: randomName() } : { sector: randomName() });
  },
};

const opportunities: SyncedResource = {
  list: "/v1/opportunities",
  changedSince: "updated_after",
  changeField: "updated_at",
  // days_in_stage with a day passing between pages as well (see syncWhileWriting).
  sorts: [{}, { sort_by: "name" }, { sort_by: "updated_at" }, { sort_by: "value", order: "desc" }, { sort_by: "days_in_stage", order: "desc" }],
  async create() {
    const body = { name: randomName(), type_uuid: pipeline.type.uuid, stage_uuid: pipeline.stages[0]!.uuid, value: Math.floor(random() * 10) * 1000 };
    const opportunity = await write("/v1/opportunities", "POST", body);
    return opportunity!.uuid as string;
  },
  async update(uuid) {
    const roll = random();
    if (roll < 0.4) await write(`/v1/opportunities/${uuid}`, "PATCH", { name: randomName() });
    else if (roll < 0.7) await write(`/v1/opportunities/${uuid}`, "PATCH", { value: 10_000 + (written += 1) });
    else if (roll < 0.85) {
      // A person not linked yet: linking one already linked changes nothing, and the pull rightly leaves it out.
      await write(`/v1/opportunities/${uuid}/associations`, "POST", { entity_type: "PERSON", entity_uuid: await persons.create() });
    } else await write("/v1/notes", "POST", { content: randomName(), associations: [{ entity_type: "OPPORTUNITY", entity_uuid: uuid }] });
  },
  async remove(live) {
    const uuid = pick(live);
    await write(`/v1/opportunities/${uuid}`, "DELETE");
    return [uuid];
  },
  deletedAs: "OPPORTUNITY",
};

/** Notes and tasks: edited, linked from either side, unlinked by a deletion on the other side, deleted. */
function linkedRecords(kind: "NOTE" | "TASK"): SyncedResource {
  const list = kind === "NOTE" ? "/v1/notes" : "/v1/tasks";
  return {
    list,
    changedSince: "updated_after",
    changeField: "updated_at",
    sorts: [{}, { order: kind === "NOTE" ? "asc" : "desc" }, { sort_by: "updated_at" }],
    async create() {
      const record = await write(list, "POST", kind === "NOTE" ? { content: randomName() } : { title: randomName() });
      return record!.uuid as string;
    },
    async update(uuid) {
      const roll = random();
      if (roll < 0.4) await write(`${list}/${uuid}`, "PATCH", kind === "NOTE" ? { content: randomName() } : { title: randomName() });
      else if (roll < 0.7) await write(`${list}/${uuid}/associations`, "POST", { entity_type: "PERSON", entity_uuid: await persons.create() });
      else {
        // Linked from a deal's side, and the deal sometimes deleted: the link goes from the other side.
        const deal = await opportunities.create();
        await write(`/v1/opportunities/${deal}/associations`, "POST", { entity_type: kind, entity_uuid: uuid });
        if (random() < 0.5) await write(`/v1/opportunities/${deal}`, "DELETE");
      }
    },
    async remove(live) {
      const uuid = pick(live);
      await write(`${list}/${uuid}`, "DELETE");
      return [uuid];
    },
    deletedAs: kind,
  };
}
const notes = linkedRecords("NOTE");
const tasks = linkedRecords("TASK");

/**
 * Meetings as records (docs/syncing.md 4, "Meetings as records"): also those the activity feed never lists, created
 * cancelled or declined by every attendee, whose deletion only the deletions log announces.
 */
const meetings: SyncedResource = {
  list: "/v1/meetings",
  changedSince: "updated_after",
  changeField: "updated_at",
  sorts: [{}, { order: "asc" }, { sort_by: "updated_at" }],
  async create() {
    const roll = random();
    const startsAt = iso(context.clock.now() - Math.floor(random() * 30) * 86_400_000);
    const body =
      roll < 0.3
        ? { title: randomName(), starts_at: startsAt, status: "cancelled", attendees: [`${randomName()}@meet.example`] }
        : roll < 0.6
          ? { title: randomName(), starts_at: startsAt, attendees: [{ email: `${randomName()}@meet.example`, response: "declined" }] }
          : { title: randomName(), starts_at: startsAt, organizer: `${randomName()}@meet.example`, attendees: [`${randomName()}@meet.example`] };
    const meeting = await write("/v1/meetings", "POST", body);
    return meeting!.uuid as string;
  },
  async update(uuid) {
    const roll = random();
    if (roll < 0.5) await write(`/v1/meetings/${uuid}`, "PUT", { title: randomName() });
    else await write(`/v1/meetings/${uuid}`, "PUT", { starts_at: iso(context.clock.now() - Math.floor(random() * 30) * 86_400_000), ends_at: null });
  },
  async remove(live) {
    const uuid = pick(live);
    await write(`/v1/meetings/${uuid}`, "DELETE");
    return [uuid];
  },
  deletedAs: "MEETING",
};

/** The sequence of the deletions log's last entry of `entityType` (0 for none): where the next poll resumes. */
async function deletionsLogEnd(entityType: string): Promise<number> {
  const { items } = await integrator.scan("/v1/deletions", { entity_type: entityType, per_page: "50" });
  return (items.at(-1)?.sequence as number | undefined) ?? 0;
}

/** Every live record as the API lists it now, by uuid (a scan with no writer running). */
async function currentRecords(resource: SyncedResource): Promise<Map<string, JsonObject>> {
  const { items } = await integrator.scan(resource.list, { per_page: "50" });
  return new Map(items.map((item) => [item.uuid as string, item]));
}

/**
 * One full sync: note the watermark, scan every page while the writer runs a few random writes between pages,
 * then pull what changed since the watermark. The mirror the integrator built must equal the records as they are.
 */
async function syncWhileWriting(resource: SyncedResource, sort: Record<string, string>): Promise<number> {
  const before = await currentRecords(resource);
  // docs/syncing.md: the watermark of a full scan is the newest change time before it starts.
  const newest = await integrator.get(`${resource.list}?sort_by=${resource.changeField}&order=desc&per_page=1`);
  const watermark = newest.items[0]?.[resource.changeField] as number;

  // docs/syncing.md: follow the deletions log from before the scan.
  const deletionsFrom = resource.deletedAs ? await deletionsLogEnd(resource.deletedAs) : 0;
  const live = [...before.keys()];
  const touched = new Set<string>();
  let removals = 0;
  const scan = await integrator.scan(resource.list, { ...sort, per_page: "7" }, async () => {
    // Days in stage grow with the clock alone: the scan keeps the order of its first page (docs/api-decisions.md).
    if (sort.sort_by === "days_in_stage") context.clock.advance(86_400_000);
    for (let write = 0; write < 3; write += 1) {
      const roll = random();
      if (roll < 0.3) {
        const uuid = await resource.create();
        live.push(uuid);
        touched.add(uuid);
      } else if (roll < 0.8 || !resource.remove || live.length < 3) {
        const uuid = pick(live);
        await resource.update(uuid);
        touched.add(uuid);
      } else {
        const removed = await resource.remove(live);
        removals += removed.length > 0 ? 1 : 0;
        for (const uuid of removed) touched.add(uuid);
        const after = await currentRecords(resource);
        live.splice(0, live.length, ...after.keys());
      }
    }
  });

  const timesSeen = new Map<string, number>();
  for (const item of scan.items) timesSeen.set(item.uuid, (timesSeen.get(item.uuid) ?? 0) + 1);
  for (const uuid of before.keys()) {
    if (!touched.has(uuid)) expect(timesSeen.get(uuid), `${resource.list} ${JSON.stringify(sort)}: untouched ${uuid}`).toBe(1);
  }
  for (const [uuid, count] of timesSeen) {
    if (count > 1) expect(touched.has(uuid), `${uuid} listed ${count} times without being written`).toBe(true);
  }

  const mirror = new Map<string, JsonObject>();
  const apply = (item: JsonObject) => {
    const held = mirror.get(item.uuid);
    if (!held || held[resource.changeField] <= item[resource.changeField]) mirror.set(item.uuid, item);
    for (const gone of resource.goneWith?.(item) ?? []) mirror.delete(gone);
  };
  scan.items.forEach(apply);
  const pull = await integrator.scan(resource.list, { [resource.changedSince]: iso(watermark), per_page: "50" });
  pull.items.forEach(apply);

  const after = await currentRecords(resource);
  const changedOrNew = [...after.keys()].filter((uuid) => touched.has(uuid));
  for (const uuid of changedOrNew) expect(pull.items.some((item) => item.uuid === uuid), `pull lacks ${uuid}`).toBe(true);
  if (resource.deletedAs) {
    // The list does not show removed records: the deletions log names each, after the scan's start.
    const deletions = await integrator.scan("/v1/deletions", { entity_type: resource.deletedAs, after_sequence: String(deletionsFrom), per_page: "7" });
    for (const entry of deletions.items) mirror.delete(entry.uuid as string);
  }
  expect([...mirror.keys()].sort(), `${resource.list} ${JSON.stringify(sort)}: mirror's records`).toEqual([...after.keys()].sort());
  // Each copy is the record as it is now: every field, associations and merged persons included; but days in stage
  // when days passed, which grow moving no change time (docs/syncing.md 2: re-read for them).
  const compared = (record: JsonObject | undefined) => (sort.sort_by === "days_in_stage" ? { ...record, days_in_stage: undefined } : record);
  for (const [uuid, record] of after) expect(compared(mirror.get(uuid)), `${resource.list} ${JSON.stringify(sort)}: ${uuid}`).toEqual(compared(record));
  return removals;
}

describe("a full scan while another client writes, then a pull from the watermark", () => {
  beforeAll(async () => {
    for (let index = 0; index < 25; index += 1) {
      await persons.create();
      await companies.create();
      await opportunities.create();
      await notes.create();
      await tasks.create();
      await meetings.create();
    }
  });

  for (const [label, resource] of [
    ["persons", persons],
    ["companies", companies],
    ["opportunities", opportunities],
    ["notes", notes],
    ["tasks", tasks],
    ["meetings", meetings],
  ] as const) {
    it(`${label}: misses nothing, repeats only what changed, and the pull brings the rest`, async () => {
      let removals = 0;
      for (const sort of resource.sorts) removals += await syncWhileWriting(resource, sort);
      // The seeded writes include merges (persons) and deletions (opportunities) during the scans.
      if (resource.remove) expect(removals).toBeGreaterThan(0);
    });
  }
});

/** docs/syncing.md 1, step 1: the newest change time Rapport holds now (undefined for an empty list). */
async function newestChangeTime(resource: SyncedResource): Promise<number | undefined> {
  const newest = await integrator.get(`${resource.list}?sort_by=${resource.changeField}&order=desc&per_page=1`);
  return newest.items[0]?.[resource.changeField] as number | undefined;
}

describe("pulls while another client writes", () => {
  /** An edit that keeps the record's place in the list's default order (its start or creation time). */
  const edits: ReadonlyArray<readonly [string, SyncedResource, (uuid: string) => Promise<unknown>]> = [
    ["notes", notes, (uuid) => write(`/v1/notes/${uuid}`, "PATCH", { content: randomName() })],
    ["meetings", meetings, (uuid) => write(`/v1/meetings/${uuid}`, "PUT", { title: randomName() })],
  ];
  for (const [label, resource, edit] of edits) {
    it(`${label}: the watermark noted before a pull brings a record written behind the pull's position`, async () => {
      const changed = [await resource.create(), await resource.create(), await resource.create()];
      const { items } = await integrator.scan(resource.list, { per_page: "50" });
      const mirror = new Map(items.map((item) => [item.uuid as string, item]));
      let watermark = await newestChangeTime(resource);
      // Three records changed since, pulled one a page in the list's default order.
      for (const uuid of changed) {
        context.clock.advance(1000);
        await edit(uuid);
      }
      const order = (await integrator.scan(resource.list, { [resource.changedSince]: iso(watermark!) })).items.map((item) => item.uuid as string);
      expect(order.sort()).toEqual([...changed].sort());

      const next = await newestChangeTime(resource);
      let writes = 0;
      const pull = await integrator.scan(resource.list, { [resource.changedSince]: iso(watermark!), per_page: "1" }, async () => {
        if (writes++ > 0) return;
        // After the first page: the record it listed is written again, then one the pull has not reached yet.
        const first = (await integrator.get(`${resource.list}?${resource.changedSince}=${encodeURIComponent(iso(watermark!))}&per_page=1`)).items[0].uuid as string;
        context.clock.advance(1000);
        await edit(first);
        context.clock.advance(1000);
        await edit(order.filter((uuid) => uuid !== first).at(-1)!);
      });
      for (const item of pull.items) mirror.set(item.uuid as string, item);
      watermark = next ?? watermark;

      for (const item of (await integrator.scan(resource.list, { [resource.changedSince]: iso(watermark!) })).items) mirror.set(item.uuid as string, item);
      const after = await currentRecords(resource);
      for (const [uuid, record] of after) expect(mirror.get(uuid), `${label} ${uuid}`).toEqual(record);
    });
  }
});

describe("modified_since at a millisecond boundary", () => {
  it("returns records written in the same millisecond as the newest one the last pull saw, and none older", async () => {
    context.clock.advance(1000);
    const first = (await persons.create()) as string;
    const firstRecord = await integrator.get(`/v1/persons/${first}`);
    const watermark = firstRecord.service_updated_at as number;
    const olderUuid = (await integrator.get(`/v1/persons?sort_by=service_updated_at&order=desc&per_page=2`)).items[1].uuid as string;
    // Two more writes in that same millisecond, after the pull that saw `first`.
    const sameInstant = await writer.send("/v1/persons", { method: "POST", body: { name: "Same Millisecond" } });
    const updated = await writer.send(`/v1/persons/${olderUuid}`, { method: "PUT", body: { job_title: "Same millisecond too" } });
    expect([sameInstant.body!.service_updated_at, updated.body!.service_updated_at]).toEqual([watermark, watermark]);

    const pulled = (await integrator.scan("/v1/persons", { modified_since: iso(watermark) })).items.map((item) => item.uuid);
    expect(pulled.sort()).toEqual([first, sameInstant.body!.uuid, olderUuid].sort());
    // Millisecond precision: one millisecond later excludes them all.
    expect((await integrator.get(`/v1/persons?modified_since=${iso(watermark + 1)}`)).items).toEqual([]);
  });
});

describe("the activity feed followed while emails and meetings are written from two connections", () => {
  it("lists every entry once, in sequence order, and the poller's copy ends equal to the feed", async () => {
    const seen = new Map<number, JsonObject>();
    const mirror = new Map<string, JsonObject>();
    let afterSequence = 0;
    const poll = async () => {
      const { items } = await integrator.scan("/v1/activity", { after_sequence: String(afterSequence), per_page: "9" });
      for (const item of items) {
        expect(seen.has(item.sequence), `sequence ${item.sequence} listed twice`).toBe(false);
        expect(item.sequence).toBeGreaterThan(afterSequence);
        seen.set(item.sequence, item);
        afterSequence = item.sequence;
        if (item.removed) mirror.delete(item.uuid);
        else mirror.set(item.uuid, item);
      }
    };

    // Another process's connection to the same database, ingesting emails in small batches beside the API.
    const other = new Worker(new URL("./testing/email-writer.worker.mjs", import.meta.url), {
      workerData: { databasePath: context.databasePath, tenantUuid: acme.tenant.uuid, batches: 30, batchSize: 4 },
    });
    const otherDone = new Promise<void>((resolve, reject) => {
      other.once("error", reject);
      other.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`email writer exited ${code}`))));
    });

    const meetings: string[] = [];
    let otherFinished = false;
    void otherDone.then(() => (otherFinished = true), () => (otherFinished = true));
    for (let round = 0; round < 40 || !otherFinished; round += 1) {
      const roll = random();
      if (roll < 0.4) {
        const messages = Array.from({ length: 3 }, (_, index) => ({
          message_id: `<api-${round}-${index}@example.com>`,
          sent_at: context.clock.now() - Math.floor(random() * 10_000_000),
          subject: randomName(),
          from: `${pick(["ana", "ben", "cy"])}@example.com`,
          to: [`${pick(["dee", "eli", "fay"])}@example.com`],
        }));
        await write("/v1/emails/batch", "POST", { messages });
      } else if (roll < 0.7 || meetings.length === 0) {
        const starts = context.clock.now() + Math.floor(random() * 86_400_000);
        const meeting = await write("/v1/meetings", "POST", { title: randomName(), starts_at: starts, attendees: ["ana@example.com", "gus@example.com"] });
        meetings.push(meeting!.uuid as string);
      } else if (roll < 0.85) {
        await write(`/v1/meetings/${pick(meetings)}`, "PUT", { title: randomName() });
      } else {
        const uuid = meetings.splice(Math.floor(random() * meetings.length), 1)[0]!;
        if (random() < 0.5) await write(`/v1/meetings/${uuid}`, "DELETE");
        else await write(`/v1/meetings/${uuid}`, "PUT", { status: "cancelled" });
      }
      if (round % 3 === 0) await poll();
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await otherDone;
    await poll();

    // The feed read from its start now: latest entry per item, and the items that stand.
    const whole = await integrator.scan("/v1/activity", { per_page: "50" });
    const standing = new Map<string, JsonObject>();
    for (const item of whole.items) {
      if (item.removed) standing.delete(item.uuid);
      else standing.set(item.uuid, item);
    }
    // Every entry the feed holds now reached the poller, with the same content; older entries of a meeting
    // written again have left the feed, which is why the poller saw more than it holds.
    for (const item of whole.items) expect(seen.get(item.sequence), `sequence ${item.sequence} never polled`).toEqual(item);
    expect([...mirror.keys()].sort()).toEqual([...standing.keys()].sort());
    const fromOtherProcess = [...mirror.values()].filter((item) => item.title === "from the other process");
    expect(fromOtherProcess).toHaveLength(30 * 4);
    // The two connections' writes did interleave: API entries lie between the other process's first and last.
    const otherSequences = fromOtherProcess.map((item) => item.sequence as number);
    const [firstOther, lastOther] = [Math.min(...otherSequences), Math.max(...otherSequences)];
    expect([...seen.values()].some((item) => item.title !== "from the other process" && item.sequence > firstOther && item.sequence < lastOther)).toBe(true);
  }, 15_000);
});

describe("a Standard-tier integrator: 429s and retried batch writes", () => {
  let lowTier: IntegratorClient;

  beforeAll(async () => {
    const tenant = await context.services.store.tenants.create({ name: "Small Fund", tier: "standard" });
    const apiKey = (await issueApiKey(context.services.store, { tenantUuid: tenant.uuid })).plaintext;
    lowTier = createIntegratorClient({ baseUrl: server.url, apiKey, wait: (seconds) => context.clock.advance(seconds * 1000) });
  });

  it("waits out each 429 by its Retry-After and finishes a scan of 30 persons, 5 requests a second", async () => {
    const batch = Array.from({ length: 30 }, (_, index) => ({ name: `Small ${index}`, emails: [`small${index}@example.com`] }));
    const imported = await lowTier.send("/v1/persons/batch", { method: "POST", body: { persons: batch } });
    expect(imported.status).toBe(200);
    expect(imported.body!.created).toBe(30);

    const refusalsBefore = lowTier.refusals.length;
    const startedAt = context.clock.now();
    const scan = await lowTier.scan("/v1/persons", { per_page: "3" });
    expect(new Set(scan.items.map((item) => item.uuid)).size).toBe(30);
    expect(scan.items).toHaveLength(30);
    expect(scan.rateLimited).toBeGreaterThan(0);
    for (const { headers, body } of lowTier.refusals.slice(refusalsBefore)) {
      expect(headers.get("retry-after")).toBe("1");
      expect(headers.get("x-ratelimit-limit")).toBe("5");
      expect(headers.get("x-ratelimit-remaining")).toBe("0");
      // The start of a second the scan lived through: the one after the refusal.
      const reset = Number(headers.get("x-ratelimit-reset")) * 1000;
      expect(reset).toBeGreaterThan(startedAt);
      expect(reset).toBeLessThanOrEqual(context.clock.now());
      expect(body!.error).toMatch(/per-second/i);
    }
    // Ten pages at five a second: the scan waited at least one second in all.
    expect(context.clock.now() - startedAt).toBeGreaterThanOrEqual(1000);
  });

  it("stops at the monthly limit: no Retry-After, and the reset is the first instant of next month (UTC)", async () => {
    const small = await buildTenant(context.services, { name: "Tiny Fund", perSecond: 100, monthly: 3 });
    const neverWaits = () => {
      throw new Error("a monthly 429 is not waited out by Retry-After");
    };
    const client = createIntegratorClient({ baseUrl: server.url, apiKey: small.key, wait: neverWaits });
    for (let request = 0; request < 3; request += 1) expect((await client.send("/v1/persons")).status).toBe(200);
    const refused = await client.send("/v1/persons");
    expect(refused.status).toBe(429);
    expect(refused.body!.error).toMatch(/month/i);
    expect(refused.headers.get("retry-after")).toBeNull();
    expect(refused.headers.get("x-ratelimit-remaining-monthly")).toBe("0");
    const nextMonth = new Date(context.clock.now());
    expect(Number(refused.headers.get("x-ratelimit-reset-monthly"))).toBe(Date.UTC(nextMonth.getUTCFullYear(), nextMonth.getUTCMonth() + 1, 1) / 1000);
  });

  it("retries a batch whose answer was lost with the same items: nothing is created twice", async () => {
    const messages = [0, 1, 2].map((index) => ({
      message_id: `<retried-${index}@example.com>`,
      sent_at: "2026-11-20T10:00:00Z",
      subject: `Retried ${index}`,
      from: "small0@example.com",
      to: ["small1@example.com"],
    }));
    const feedBefore = (await lowTier.scan("/v1/activity", { per_page: "50" })).items.length;
    const first = await lowTier.send("/v1/emails/batch", { method: "POST", body: { messages } });
    const again = await lowTier.send("/v1/emails/batch", { method: "POST", body: { messages } });
    expect(first.body!.results.map((result: JsonObject) => result.status)).toEqual(["CREATED", "CREATED", "CREATED"]);
    expect(again.body!.results.map((result: JsonObject) => result.status)).toEqual(["DUPLICATE", "DUPLICATE", "DUPLICATE"]);
    expect((await lowTier.scan("/v1/activity", { per_page: "50" })).items.length).toBe(feedBefore + 3);

    const persons = [{ name: "Small 0", emails: ["small0@example.com"] }, { name: "New Hire", emails: ["new.hire@example.com"] }];
    const firstPersons = await lowTier.send("/v1/persons/batch", { method: "POST", body: { persons } });
    const againPersons = await lowTier.send("/v1/persons/batch", { method: "POST", body: { persons } });
    expect(firstPersons.body!.results.map((result: JsonObject) => result.status)).toEqual(["MATCHED", "CREATED"]);
    expect(againPersons.body!.results.map((result: JsonObject) => result.status)).toEqual(["MATCHED", "MATCHED"]);
    expect(againPersons.body!.results[1].person.uuid).toBe(firstPersons.body!.results[1].person.uuid);
    expect((await lowTier.scan("/v1/persons", { per_page: "50" })).items).toHaveLength(31);
  });
});
