/**
 * A running process's tenant graph follows what other processes write to the same database (`rapport import` beside
 * the server, a second server): whatever the writes (emails, meetings created, changed and deleted, affiliations
 * replaced, persons merged) and whichever process makes each, the server's graph, read after them, answers as a graph
 * loaded from the database afresh, and it is the same graph object (caught up, not loaded again).
 */
import { connectionScore, type RelationshipGraph } from "@rapport/graph";
import fc from "fast-check";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-graph-changes-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);
const USERS = 2;
const PERSONS = 4;
const COMPANIES = 2;
const person = fc.integer({ min: 0, max: USERS + PERSONS - 1 });
const external = fc.integer({ min: USERS, max: USERS + PERSONS - 1 });
const when = fc.integer({ min: -300, max: 0 }).map((days) => NOW + days * DAY);
/** Which process writes: the server whose graph is watched, or another one. */
const writer = fc.constantFrom("server" as const, "other" as const, "other" as const);

const write = fc.oneof(
  fc.record({ kind: fc.constant("email" as const), writer, at: when, from: person, to: fc.uniqueArray(person, { minLength: 1, maxLength: 3 }) }),
  fc.record({
    kind: fc.constant("meeting" as const),
    writer,
    at: when,
    organizer: person,
    attendees: fc.uniqueArray(person, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({ kind: fc.constant("cancel-meeting" as const), writer, meeting: fc.nat(), cancelled: fc.boolean() }),
  fc.record({ kind: fc.constant("decline-meeting" as const), writer, meeting: fc.nat(), attendee: person }),
  fc.record({ kind: fc.constant("delete-meeting" as const), writer, meeting: fc.nat() }),
  fc.record({ kind: fc.constant("affiliations" as const), writer, person: external, companies: fc.uniqueArray(fc.nat({ max: COMPANIES - 1 }), { maxLength: 2 }) }),
  fc.record({ kind: fc.constant("merge" as const), writer, canonical: external, superseded: external }),
);

type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;

interface Tenant {
  tenantUuid: string;
  users: Array<{ uuid: string; person_uuid: string }>;
  persons: string[];
  companies: string[];
  meetings: string[];
  /** A person merged away → the person it went into. */
  merged: Map<string, string>;
}

/** The live person a person index stands for now: the one it was merged into, if it was. */
function livePerson(tenant: Tenant, index: number): string {
  let uuid = tenant.persons[index]!;
  for (let next = tenant.merged.get(uuid); next !== undefined; next = tenant.merged.get(uuid)) uuid = next;
  return uuid;
}

async function apply(store: Store, tenant: Tenant, step: Write, index: number): Promise<void> {
  const { tenantUuid } = tenant;
  const persons = tenant.persons.map((_, index) => livePerson(tenant, index));
  const meeting = (position: number) => tenant.meetings[position % Math.max(tenant.meetings.length, 1)];
  switch (step.kind) {
    case "email":
      await store.emails.ingest(tenantUuid, {
        message_id: `m${index}`,
        sent_at: step.at,
        from: { person_uuid: persons[step.from]! },
        to: step.to.map((to) => ({ person_uuid: persons[to]! })),
      });
      return;
    case "meeting": {
      const attendees = [...new Set([step.organizer, ...step.attendees])].map((attendee) => ({ person_uuid: persons[attendee]! }));
      const created = await store.meetings.create(tenantUuid, { title: "Catch-up", starts_at: step.at, organizer: { person_uuid: persons[step.organizer]! }, attendees });
      tenant.meetings.push(created.uuid);
      return;
    }
    case "cancel-meeting": {
      const uuid = meeting(step.meeting);
      if (uuid) await store.meetings.update(tenantUuid, uuid, { status: step.cancelled ? "cancelled" : "confirmed" });
      return;
    }
    case "decline-meeting": {
      const uuid = meeting(step.meeting);
      const current = uuid ? await store.meetings.get(tenantUuid, uuid) : null;
      if (!uuid || !current) return;
      const attendees = current.attendees.map((attendee) => ({
        person_uuid: attendee.person_uuid,
        response: attendee.person_uuid === persons[step.attendee] ? ("declined" as const) : attendee.response,
      }));
      await store.meetings.update(tenantUuid, uuid, { attendees });
      return;
    }
    case "delete-meeting": {
      const uuid = meeting(step.meeting);
      if (uuid) await store.meetings.delete(tenantUuid, uuid);
      return;
    }
    case "affiliations": {
      const subject = persons[step.person]!;
      await store.persons.update(tenantUuid, subject, { affiliations: step.companies.map((company) => ({ company_uuid: tenant.companies[company]!, is_current: true })) });
      return;
    }
    case "merge": {
      const canonical = persons[step.canonical]!;
      const superseded = persons[step.superseded]!;
      if (canonical === superseded) return;
      await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview: false, merged_by_user_uuid: null });
      tenant.merged.set(superseded, canonical);
      return;
    }
  }
}

/** What the graph answers about the tenant: interactions, each user's score with each live person, their companies. */
function answersOf(graph: RelationshipGraph, tenant: Tenant) {
  const live = tenant.persons.filter((uuid) => !tenant.merged.has(uuid));
  return {
    interactions: graph.interactionCount,
    scores: tenant.users.map((user) => live.map((uuid) => (uuid === user.person_uuid ? null : connectionScore(graph, user.person_uuid, uuid, { now: NOW })))),
    companies: live.map((uuid) => [...graph.companiesOf(uuid)].sort()),
  };
}

let run = 0;

describe("tenant graphs with other processes writing the same database", () => {
  it("catch up with every write another process commits, and stay the same graph", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(write, { minLength: 1, maxLength: 8 }), async (writes) => {
        const path = join(folder, `run-${run++}.db`);
        const server = await createSqliteStore({ path, now: () => NOW });
        const other = await createSqliteStore({ path, now: () => NOW });
        try {
          const tenantUuid = (await server.tenants.create({ name: "Acme", tier: "standard" })).uuid;
          const users = [];
          for (let index = 0; index < USERS; index++) {
            users.push(await server.users.create({ tenant_uuid: tenantUuid, name: `User ${index}`, email: `user${index}@acme.example`, role: "member" }));
          }
          const persons = users.map((user) => user.person_uuid);
          for (let index = 0; index < PERSONS; index++) persons.push((await server.persons.create({ tenant_uuid: tenantUuid, name: `Person ${index}` })).uuid);
          const companies = [];
          for (let index = 0; index < COMPANIES; index++) companies.push((await server.companies.create({ tenant_uuid: tenantUuid, company_name: `Company ${index}` })).uuid);
          const tenant: Tenant = { tenantUuid, users, persons, companies, meetings: [], merged: new Map() };
          const graph = await server.graphs.forTenant(tenantUuid);

          for (const [index, step] of writes.entries()) {
            await apply(step.writer === "server" ? server : other, tenant, step, index);
            await othersCommitsSeen();
            expect(await server.graphs.forTenant(tenantUuid)).toBe(graph);
            // The other process loads the tenant's graph afresh from the database.
            other.graphs.evict(tenantUuid);
            expect(answersOf(graph, tenant)).toEqual(answersOf(await other.graphs.forTenant(tenantUuid), tenant));
          }
        } finally {
          await other.close();
          await server.close();
        }
      }),
      { numRuns: 25 },
    );
  });
});
