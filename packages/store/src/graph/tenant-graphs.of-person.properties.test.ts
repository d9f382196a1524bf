/**
 * `graphs.ofPerson` scores a person from their own interactions when the tenant's graph is not loaded. Whatever
 * the tenant's emails and meetings (recipients, cc, organizers, declines, cancellations, deletions, times to come),
 * every user's connection score and relationship quality with the person, and the person's PathPower, must be
 * exactly those of the whole tenant's graph; and `interactions.allOf` must be `interactions.all` narrowed to the
 * person, in the same order.
 */
import { connectionScore, pathPower, relationshipQuality, type RelationshipGraph } from "@rapport/graph";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { InteractionRecord } from "../activity-records.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);
const USERS = 3;
const PERSONS = 4;
/** Person indexes: the users' own persons first, then the external persons. */
const anyone = fc.integer({ min: 0, max: USERS + PERSONS - 1 });
const when = fc.integer({ min: -400, max: 20 }).map((days) => NOW + days * DAY);

const email = fc.record({
  kind: fc.constant("email" as const),
  at: when,
  from: anyone,
  to: fc.uniqueArray(anyone, { minLength: 0, maxLength: 3 }),
  cc: fc.uniqueArray(anyone, { maxLength: 2 }),
});
const meeting = fc.record({
  kind: fc.constant("meeting" as const),
  at: when,
  status: fc.constantFrom("confirmed" as const, "confirmed" as const, "cancelled" as const),
  organizer: fc.option(anyone, { nil: null }),
  attendees: fc.uniqueArray(fc.record({ person: anyone, declined: fc.boolean() }), { selector: (attendee) => attendee.person, minLength: 1, maxLength: 4 }),
  deleted: fc.boolean(),
});

type GeneratedInteraction = (typeof email extends fc.Arbitrary<infer T> ? T : never) | (typeof meeting extends fc.Arbitrary<infer T> ? T : never);

async function buildTenant(store: Store, interactions: readonly GeneratedInteraction[]) {
  const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const users = [];
  for (let index = 0; index < USERS; index++) {
    users.push(await store.users.create({ tenant_uuid: tenantUuid, name: `User ${index}`, email: `user${index}@acme.example`, role: "member" }));
  }
  const persons = users.map((user) => user.person_uuid);
  for (let index = 0; index < PERSONS; index++) persons.push((await store.persons.create({ tenant_uuid: tenantUuid, name: `Person ${index}` })).uuid);
  const to = (indexes: readonly number[]) => indexes.map((index) => ({ person_uuid: persons[index]! }));
  for (const [position, interaction] of interactions.entries()) {
    if (interaction.kind === "email") {
      await store.emails.ingest(tenantUuid, {
        message_id: `m${position}`,
        subject: "Update",
        sent_at: interaction.at,
        from: { person_uuid: persons[interaction.from]! },
        to: to(interaction.to),
        cc: to(interaction.cc),
      });
      continue;
    }
    const attendees = interaction.attendees.map(({ person, declined }) => ({ person_uuid: persons[person]!, response: declined ? ("declined" as const) : ("accepted" as const) }));
    if (interaction.organizer !== null && !interaction.attendees.some(({ person }) => person === interaction.organizer)) {
      attendees.push({ person_uuid: persons[interaction.organizer]!, response: "accepted" });
    }
    const created = await store.meetings.create(tenantUuid, {
      title: "Meeting",
      starts_at: interaction.at,
      status: interaction.status,
      organizer: interaction.organizer === null ? null : { person_uuid: persons[interaction.organizer]! },
      attendees,
    });
    if (interaction.deleted) await store.meetings.delete(tenantUuid, created.uuid);
  }
  return { tenantUuid, users, persons };
}

/** What the graph says about `personUuid`: each user's score and relationship quality, and the team's PathPower. */
function scoresOf(graph: RelationshipGraph, users: ReadonlyArray<{ uuid: string; person_uuid: string }>, personUuid: string) {
  const options = { now: NOW };
  return {
    byUser: users.map((user) => ({
      score: connectionScore(graph, user.person_uuid, personUuid, options),
      quality: relationshipQuality(graph, user.uuid, personUuid, options),
    })),
    pathPower: pathPower(graph, { entity: "person", uuid: personUuid }, options),
  };
}

const sortedParticipants = (record: InteractionRecord) => ({ ...record, participant_person_uuids: [...record.participant_person_uuids].sort() });

async function collect(records: AsyncIterable<InteractionRecord>): Promise<InteractionRecord[]> {
  const all: InteractionRecord[] = [];
  for await (const record of records) all.push(sortedParticipants(record));
  return all;
}

describe("graphs.ofPerson on a tenant whose graph is not loaded", () => {
  it("scores the person exactly as the whole tenant's graph does, and loads no tenant graph", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(email, meeting), { minLength: 1, maxLength: 14 }), anyone, async (interactions, subject) => {
        const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
        try {
          const { tenantUuid, users, persons } = await buildTenant(store, interactions);
          const personUuid = persons[subject]!;
          const own = await store.graphs.ofPerson(tenantUuid, personUuid);
          expect(store.graphs.hydrated(tenantUuid)).toBeNull();
          const whole = await store.graphs.forTenant(tenantUuid);
          expect(own).not.toBe(whole);
          expect(scoresOf(own, users, personUuid)).toEqual(scoresOf(whole, users, personUuid));
          // Once the tenant's graph is loaded, it is the one asked.
          expect(await store.graphs.ofPerson(tenantUuid, personUuid)).toBe(whole);
        } finally {
          await store.close();
        }
      }),
      { numRuns: 60 },
    );
  });

  it("reads the person's interactions as the whole tenant's read lists them, in its order", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(email, meeting), { minLength: 1, maxLength: 14 }), anyone, async (interactions, subject) => {
        const store = await createSqliteStore({ path: ":memory:", now: () => NOW });
        try {
          const { tenantUuid, persons } = await buildTenant(store, interactions);
          const personUuid = persons[subject]!;
          const all = await collect(store.interactions.all(tenantUuid));
          const own = await collect(store.interactions.allOf(tenantUuid, personUuid));
          const ownIds = new Set(own.map((record) => record.id));
          expect(own).toEqual(all.filter((record) => ownIds.has(record.id)));
          // Every interaction the person counts in is there (a declined meeting too, though it lists them not).
          const counted = all.filter((record) => record.initiator_person_uuid === personUuid || record.participant_person_uuids.includes(personUuid));
          expect(counted.every((record) => ownIds.has(record.id))).toBe(true);
        } finally {
          await store.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
