import { connectionScore, RelationshipGraph } from "@rapport/graph";
import SqliteDatabase from "better-sqlite3";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";
import type { GraphChange } from "./graph-change.js";
import { applyGraphChange } from "./tenant-graphs.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-graphs-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 10, 21);
const DAY = 86_400_000;

describe("tenant graphs", () => {
  it("follow every committed write without a rebuild, and a restart rebuilds the same graph from the database", async () => {
    const path = join(folder, "graph.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    const ada = await store.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const graph = await store.graphs.forTenant(tenant.uuid);
    expect(graph.personOfUser(ada.uuid)).toBe(ada.person_uuid);
    expect(await store.graphs.forTenant(tenant.uuid)).toBe(graph);

    const { email } = await store.emails.ingest(tenant.uuid, { message_id: "m1", sent_at: NOW - DAY, from: { email: "ada@acme.example" }, to: [{ email: "cleo@globex.example" }] });
    const cleo = email.to_person_uuids[0]!;
    const afterEmail = connectionScore(graph, ada.person_uuid, cleo, { now: NOW });
    expect(afterEmail).toBeGreaterThan(0);

    const meeting = await store.meetings.create(tenant.uuid, { title: "Intro", starts_at: NOW - 2 * DAY, attendees: [{ person_uuid: ada.person_uuid }, { person_uuid: cleo }] });
    const afterMeeting = connectionScore(graph, ada.person_uuid, cleo, { now: NOW });
    expect(afterMeeting).toBeGreaterThan(afterEmail);
    await store.meetings.update(tenant.uuid, meeting.uuid, { status: "cancelled" });
    expect(connectionScore(graph, ada.person_uuid, cleo, { now: NOW })).toBeCloseTo(afterEmail, 12);
    await store.meetings.update(tenant.uuid, meeting.uuid, { status: "confirmed" });
    expect(connectionScore(graph, ada.person_uuid, cleo, { now: NOW })).toBeCloseTo(afterMeeting, 12);

    // A rolled-back transaction changes nothing in the graph.
    await expect(
      store.transaction(async (transaction) => {
        await transaction.emails.ingest(tenant.uuid, { message_id: "m2", sent_at: NOW - DAY, from: { email: "ada@acme.example" }, to: [{ person_uuid: cleo }] });
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(connectionScore(graph, ada.person_uuid, cleo, { now: NOW })).toBeCloseTo(afterMeeting, 12);
    expect(graph.hasInteraction(meeting.uuid)).toBe(true);
    await store.close();

    const restarted = await createSqliteStore({ path, now: () => NOW });
    const rebuilt = await restarted.graphs.forTenant(tenant.uuid);
    expect(connectionScore(rebuilt, ada.person_uuid, cleo, { now: NOW })).toBeCloseTo(afterMeeting, 12);
    expect(rebuilt.interactionCount).toBe(graph.interactionCount);
    await restarted.meetings.delete(tenant.uuid, meeting.uuid);
    expect(rebuilt.hasInteraction(meeting.uuid)).toBe(false);
    await restarted.users.deactivate(tenant.uuid, ada.uuid);
    expect(rebuilt.personOfUser(ada.uuid)).toBeNull();
    await restarted.users.reactivate(tenant.uuid, ada.uuid);
    expect(rebuilt.personOfUser(ada.uuid)).toBe(ada.person_uuid);
    await restarted.close();

    const reopened = await createSqliteStore({ path, now: () => NOW });
    const hydrated = await reopened.graphs.forTenant(tenant.uuid);
    expect(hydrated.personOfUser(ada.uuid)).toBe(ada.person_uuid);
    expect(connectionScore(hydrated, ada.person_uuid, cleo, { now: NOW })).toBeCloseTo(connectionScore(rebuilt, ada.person_uuid, cleo, { now: NOW }), 12);
    await reopened.close();
  });

  it("catch their internal users up with users another process created or deactivated", async () => {
    const path = join(folder, "users-elsewhere.db");
    const server = await createSqliteStore({ path, now: () => NOW });
    const tenant = await server.tenants.create({ name: "Acme", tier: "standard" });
    const ada = await server.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const ben = await server.users.create({ tenant_uuid: tenant.uuid, name: "Ben", email: "ben@acme.example", role: "member" });
    await server.emails.ingest(tenant.uuid, { message_id: "m1", sent_at: NOW - DAY, from: { email: "ben@acme.example" }, to: [{ email: "cleo@globex.example" }] });
    const graph = await server.graphs.forTenant(tenant.uuid);
    expect(graph.internalUsers().map((user) => user.userUuid).sort()).toEqual([ada.uuid, ben.uuid].sort());
    const revision = server.revision(tenant.uuid);

    // The command line, in a process of its own: it writes the users table, and nothing reaches this graph.
    const cli = await createSqliteStore({ path, now: () => NOW });
    await cli.users.deactivate(tenant.uuid, ben.uuid);
    const cara = await cli.users.create({ tenant_uuid: tenant.uuid, name: "Cara", email: "cara@acme.example", role: "member" });
    await cli.close();
    expect(graph.personOfUser(ben.uuid)).toBe(ben.person_uuid);

    await othersCommitsSeen();
    expect(await server.graphs.forTenant(tenant.uuid)).toBe(graph);
    expect(graph.internalUsers().map((user) => user.userUuid).sort()).toEqual([ada.uuid, cara.uuid].sort());
    expect(graph.personOfUser(ben.uuid)).toBeNull();
    expect(graph.personOfUser(cara.uuid)).toBe(cara.person_uuid);
    expect(server.revision(tenant.uuid)).not.toBe(revision);
    // Ben's record says what the graph now holds: no longer the team's, and changed for pollers.
    const benPerson = (await server.persons.getMany(tenant.uuid, [ben.person_uuid])).get(ben.person_uuid)!;
    expect(benPerson.is_internal).toBe(false);
    expect((await server.persons.getMany(tenant.uuid, [ada.person_uuid])).get(ada.person_uuid)!.is_internal).toBe(true);
    await server.close();
  });

  it("catch their internal users up with users another process reactivated", async () => {
    const path = join(folder, "users-reactivated-elsewhere.db");
    const server = await createSqliteStore({ path, now: () => NOW });
    const tenant = await server.tenants.create({ name: "Acme", tier: "standard" });
    const ada = await server.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const ben = await server.users.create({ tenant_uuid: tenant.uuid, name: "Ben", email: "ben@acme.example", role: "member" });
    await server.users.deactivate(tenant.uuid, ben.uuid);
    const graph = await server.graphs.forTenant(tenant.uuid);
    expect(graph.internalUsers().map((user) => user.userUuid)).toEqual([ada.uuid]);
    const revision = server.revision(tenant.uuid);

    const cli = await createSqliteStore({ path, now: () => NOW });
    expect(await cli.users.reactivate(tenant.uuid, ben.uuid)).toBe(true);
    await cli.close();
    expect(graph.personOfUser(ben.uuid)).toBeNull();

    await othersCommitsSeen();
    expect(await server.graphs.forTenant(tenant.uuid)).toBe(graph);
    expect(graph.internalUsers().map((user) => user.userUuid).sort()).toEqual([ada.uuid, ben.uuid].sort());
    expect(graph.personOfUser(ben.uuid)).toBe(ben.person_uuid);
    expect(server.revision(tenant.uuid)).not.toBe(revision);
    expect((await server.users.get(tenant.uuid, ben.uuid))?.is_active).toBe(true);
    expect((await server.persons.getMany(tenant.uuid, [ben.person_uuid])).get(ben.person_uuid)!.is_internal).toBe(true);
    await server.close();
  });

  it("catch up with emails another process ingests, without loading the graph again", async () => {
    const path = join(folder, "emails-elsewhere.db");
    const server = await createSqliteStore({ path, now: () => NOW });
    const tenant = await server.tenants.create({ name: "Acme", tier: "standard" });
    const ada = await server.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const graph = await server.graphs.forTenant(tenant.uuid);
    const revision = server.revision(tenant.uuid);

    // `rapport import` beside the server: its own process, its own connection.
    const cli = await createSqliteStore({ path, now: () => NOW });
    const results = await cli.emails.ingestMany(tenant.uuid, [
      { message_id: "m1", sent_at: NOW - DAY, from: { email: "ada@acme.example" }, to: [{ email: "cleo@globex.example" }] },
      { message_id: "m2", sent_at: NOW - 2 * DAY, from: { email: "cleo@globex.example" }, to: [{ email: "ada@acme.example" }] },
    ]);
    await cli.close();
    expect(graph.interactionCount).toBe(0);

    await othersCommitsSeen();
    expect(await server.graphs.forTenant(tenant.uuid)).toBe(graph);
    expect(graph.interactionCount).toBe(2);
    const first = results[0]!;
    if (!("email" in first)) throw new Error(`not stored: ${first.status}`);
    const cleo = first.email.to_person_uuids[0]!;
    expect(connectionScore(graph, ada.person_uuid, cleo, { now: NOW })).toBeGreaterThan(0);
    expect(server.revision(tenant.uuid)).not.toBe(revision);
    await server.close();
  });

  it("know where in the log a graph starts when its load begins while a transaction is open, and catch it up", async () => {
    const path = join(folder, "load-in-transaction.db");
    const server = await createSqliteStore({ path, now: () => NOW });
    const tenant = await server.tenants.create({ name: "Acme", tier: "standard" });
    await server.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
    let loading: Promise<unknown> | null = null;
    await server.transaction(async (transaction) => {
      await transaction.emails.ingest(tenant.uuid, { message_id: "m1", sent_at: NOW - DAY, from: { email: "ada@acme.example" }, to: [{ email: "cleo@globex.example" }] });
      // Another request's read, while this transaction holds the connection: its load waits for the commit.
      loading = server.graphs.forTenant(tenant.uuid);
    });
    const graph = await loading!;

    const cli = await createSqliteStore({ path, now: () => NOW });
    await cli.emails.ingest(tenant.uuid, { message_id: "m2", sent_at: NOW - DAY, from: { email: "ada@acme.example" }, to: [{ email: "dan@globex.example" }] });
    await cli.close();
    await othersCommitsSeen();
    const caughtUp = await server.graphs.forTenant(tenant.uuid);
    expect(caughtUp).toBe(graph);
    expect(caughtUp.interactionCount).toBe(2);
    await server.close();
  });

  it("load the graph again when the log no longer holds an entry it missed", async () => {
    const path = join(folder, "log-trimmed.db");
    const server = await createSqliteStore({ path, now: () => NOW });
    const tenant = await server.tenants.create({ name: "Acme", tier: "standard" });
    await server.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const graph = await server.graphs.forTenant(tenant.uuid);

    const cli = await createSqliteStore({ path, now: () => NOW });
    await cli.emails.ingest(tenant.uuid, { message_id: "m1", sent_at: NOW - DAY, from: { email: "ada@acme.example" }, to: [{ email: "cleo@globex.example" }] });
    await cli.emails.ingest(tenant.uuid, { message_id: "m2", sent_at: NOW - DAY, from: { email: "ada@acme.example" }, to: [{ email: "dan@globex.example" }] });
    await cli.close();
    // As if the log had kept only later entries than the first the graph missed.
    const sqlite = new SqliteDatabase(path);
    sqlite.prepare("delete from graph_changes where tenant_uuid = ? and position = (select min(position) from graph_changes where tenant_uuid = ? and kind = 'email')").run(tenant.uuid, tenant.uuid);
    sqlite.close();

    await othersCommitsSeen();
    const loaded = await server.graphs.forTenant(tenant.uuid);
    expect(loaded).not.toBe(graph);
    expect(loaded.interactionCount).toBe(2);
    expect(await server.graphs.forTenant(tenant.uuid)).toBe(loaded);
    await server.close();
  });

  it("refuse a change of no known type, which was passed over unapplied (and null failed with a TypeError)", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    const revision = store.graphs.revision(tenant.uuid);
    const misspelt = { type: "remove_interaction", id: "m1" } as unknown as GraphChange;
    expect(() => store.graphs.apply(tenant.uuid, misspelt)).toThrow(InvalidInputError);
    expect(() => store.graphs.apply(tenant.uuid, misspelt)).toThrow(
      'graphs.apply: "change.type" must be one of upsert-interaction, remove-interaction, mark-internal, unmark-internal, set-affiliation, end-affiliation, set-person-affiliations, merge-persons, erasure-applied, changes-applied; got "remove_interaction"',
    );
    expect(store.graphs.revision(tenant.uuid)).toBe(revision);
    expect(() => applyGraphChange(new RelationshipGraph(), null as never)).toThrow('applyGraphChange: "change" must be a graph change object; got null');
    expect(() => applyGraphChange({} as never, { type: "unmark-internal", userUuid: "u" })).toThrow('applyGraphChange: "graph" must be a RelationshipGraph; got an object');
    await store.close();
  });

  it("replays writes that commit while a graph is loading", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    for (let index = 0; index < 50; index++) {
      await store.emails.ingest(tenant.uuid, { message_id: `m${index}`, sent_at: NOW - DAY, from: { email: "a@x.example" }, to: [{ email: `p${index}@x.example` }] });
    }
    const loading = store.graphs.forTenant(tenant.uuid);
    const late = store.emails.ingest(tenant.uuid, { message_id: "late", sent_at: NOW - DAY, from: { email: "a@x.example" }, to: [{ email: "late@x.example" }] });
    const [graph, { email }] = await Promise.all([loading, late]);
    expect(graph.hasInteraction(email.uuid)).toBe(true);
    expect(graph.interactionCount).toBe(51);
    await store.close();
  });

  it("answers other work while a large graph loads, and a write committed meanwhile is in the graph", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    const emails = Array.from({ length: 2_100 }, (_, index) => ({
      message_id: `bulk-${index}`,
      sent_at: NOW - (1 + (index % 300)) * DAY,
      from: { email: "a@x.example" },
      to: [{ email: `p${index % 400}@x.example` }],
    }));
    for (let start = 0; start < emails.length; start += 500) await store.emails.ingestMany(tenant.uuid, emails.slice(start, start + 500));
    // Scheduled behind the event loop's I/O: it runs only when the hydration hands control back.
    let meanwhile: Promise<{ email: { uuid: string } }> | null = null;
    setImmediate(() => {
      meanwhile = store.emails.ingest(tenant.uuid, { message_id: "meanwhile", sent_at: NOW - DAY, from: { email: "a@x.example" }, to: [{ email: "new@x.example" }] });
    });
    const graph = await store.graphs.forTenant(tenant.uuid);
    expect(meanwhile).not.toBeNull();
    const { email } = await meanwhile!;
    expect(graph.hasInteraction(email.uuid)).toBe(true);
    expect(graph.interactionCount).toBe(2_101);
    await store.close();
  });

  it("tells each hydration's listeners once, with the changes queued while loading applied, until removed", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    await store.emails.ingest(tenant.uuid, { message_id: "m1", sent_at: NOW - DAY, from: { email: "a@x.example" }, to: [{ email: "b@x.example" }] });
    const told: Array<{ tenantUuid: string; interactions: number; readerHadIt: boolean }> = [];
    let readerGotGraph = false;
    const remove = store.graphs.onHydrated((tenantUuid, graph) => {
      told.push({ tenantUuid, interactions: graph.interactionCount, readerHadIt: readerGotGraph });
    });
    const failing = store.graphs.onHydrated(() => {
      throw new Error("a listener's failure");
    });
    const loading = store.graphs.forTenant(tenant.uuid);
    const late = store.emails.ingest(tenant.uuid, { message_id: "m2", sent_at: NOW - DAY, from: { email: "a@x.example" }, to: [{ email: "c@x.example" }] });
    const [graph] = await Promise.all([loading.then((loaded) => ((readerGotGraph = true), loaded)), late]);
    expect(graph.interactionCount).toBe(2);
    expect(told).toEqual([{ tenantUuid: tenant.uuid, interactions: 2, readerHadIt: false }]);

    // Loaded already: nothing to tell. Evicted: the next hydration tells again; removed: no more.
    await store.graphs.forTenant(tenant.uuid);
    expect(told).toHaveLength(1);
    store.graphs.evict(tenant.uuid);
    await store.graphs.forTenant(tenant.uuid);
    expect(told).toHaveLength(2);
    remove();
    failing();
    store.graphs.evict(tenant.uuid);
    await store.graphs.forTenant(tenant.uuid);
    expect(told).toHaveLength(2);
    await store.close();
  });
  it("hold at most maximumTenantGraphs graphs, dropping the one read least recently, which the next read loads again", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => NOW, maximumTenantGraphs: 2 });
    const [first, second, third] = await Promise.all(["First", "Second", "Third"].map((name) => store.tenants.create({ name, tier: "standard" })));
    await store.emails.ingest(first!.uuid, { message_id: "m1", sent_at: NOW - DAY, from: { email: "a@x.example" }, to: [{ email: "c@x.example" }] });
    expect(store.graphs.capacity()).toBe(2);
    const firstGraph = await store.graphs.forTenant(first!.uuid);
    await store.graphs.forTenant(second!.uuid);
    // Read again: the second is now the least recently read.
    expect(await store.graphs.forTenant(first!.uuid)).toBe(firstGraph);
    await store.graphs.forTenant(third!.uuid);
    expect(store.graphs.loadedTenants().sort()).toEqual([first!.uuid, third!.uuid].sort());
    expect(store.graphs.hydrated(second!.uuid)).toBeNull();
    // The dropped tenant loads again; the first, now least recent, makes room for it, and comes back whole.
    await store.graphs.forTenant(second!.uuid);
    expect(store.graphs.hydrated(first!.uuid)).toBeNull();
    expect((await store.graphs.forTenant(first!.uuid)).interactionCount).toBe(1);
    expect(store.graphs.loadedTenants()).toHaveLength(2);
    await expect(createSqliteStore({ path: ":memory:", maximumTenantGraphs: 0 })).rejects.toThrow(/maximumTenantGraphs/);
    await store.close();
  });
});
