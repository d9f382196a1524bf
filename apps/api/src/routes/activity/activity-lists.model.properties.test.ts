/**
 * Model-based property test (fast-check) of the activity lists, one random tenant per run written through the store
 * (emails and meetings at tied times, emails recorded out of their sent order, meetings rescheduled and deleted):
 * GET /v1/emails, GET /v1/meetings, GET /v1/activity (its emails) and GET /v1/deletions (its meetings), each with a
 * random query, against a plain model, walked by page and by cursor while activity is written between pages.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectWalksAsModel, modelOrder, type ListEnvelope, type ModelRow, type SortOrder, walkPaging, modelRunParameters, modelTenant, pagesOver } from "../../testing/list-model.js";
import { createTestContext, type TestContext } from "../../testing/test-harness.js";

const MINUTE = 60_000;
/** Offsets (minutes) of sent and start times from the run's start: few, so times tie. */
const TIMES = [-30, -30, 0, 10, 10, 45];

const email = fc.record({ at: fc.constantFrom(...TIMES), from: fc.nat(2), to: fc.subarray([0, 1, 2], { minLength: 1 }) });
const meeting = fc.record({ at: fc.constantFrom(...TIMES), attendees: fc.subarray([0, 1, 2]), cancelled: fc.boolean() });
/** A write between two cursor pages. */
const write = fc.oneof(
  fc.record({ kind: fc.constant("email" as const), email }),
  fc.record({ kind: fc.constant("meeting" as const), meeting }),
  fc.record({ kind: fc.constant("reschedule" as const), target: fc.nat(20), at: fc.constantFrom(...TIMES) }),
  fc.record({ kind: fc.constant("delete" as const), target: fc.nat(20) }),
);
const optional = <T>(arbitrary: fc.Arbitrary<T>) => fc.option(arbitrary, { nil: undefined, freq: 2 });

const query = fc.record({
  list: fc.constantFrom("emails", "meetings", "activity", "deletions"),
  person: optional(fc.nat(2)),
  from: optional(fc.constantFrom(...TIMES)),
  to: optional(fc.constantFrom(...TIMES)),
  status: optional(fc.constantFrom("confirmed", "cancelled")),
  updated_after: optional(fc.nat(10)),
  sort_by: optional(fc.constantFrom("starts_at", "updated_at")),
  order: optional(fc.constantFrom<SortOrder>("asc", "desc")),
  entity_type: optional(fc.constantFrom("MEETING", "OPPORTUNITY,MEETING", "NOTE")),
});

interface ModelEmail {
  uuid: string;
  sent_at: number;
  persons: number[];
  /** Its place in the recording order: the feed's. */
  recorded: number;
}
interface ModelMeeting {
  uuid: string;
  starts_at: number;
  attendees: number[];
  cancelled: boolean;
  updated_at: number;
  /** Its place in the deletions log, once deleted. */
  deleted: number | null;
}

let context: TestContext;
let start: number;

beforeAll(async () => {
  context = await createTestContext();
  start = context.clock.now();
});
afterAll(() => context.close());

describe("activity lists against a model", () => {
  it("list emails, meetings, the feed's emails and the deletions as the model says, by page and by cursor, writes between pages included", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(email, { maxLength: 5 }), fc.array(meeting, { maxLength: 5 }), fc.shuffledSubarray([0, 1, 2, 3, 4], { maxLength: 4 }), query, walkPaging, fc.array(write, { minLength: 1, maxLength: 3 }), async (emails, meetings, deletions, q, sizes, writes) => {
        const { store } = context.services;
        const { tenant, key } = await modelTenant(store);
        const persons: string[] = [];
        for (const name of ["Ann", "Bo", "Cy"]) persons.push((await store.persons.create({ tenant_uuid: tenant.uuid, name })).uuid);
        const at = (minutes: number) => start + minutes * MINUTE;
        const modelEmails: ModelEmail[] = [];
        const modelMeetings: ModelMeeting[] = [];
        let recorded = 0;
        let deletedCount = 0;
        const ingest = async (draft: typeof email extends fc.Arbitrary<infer T> ? T : never) => {
          const result = await store.emails.ingest(tenant.uuid, {
            message_id: `<${recorded}.${tenant.uuid}@model.example>`,
            sent_at: at(draft.at),
            from: { person_uuid: persons[draft.from] },
            to: draft.to.map((index) => ({ person_uuid: persons[index] })),
          });
          modelEmails.push({ uuid: result.email.uuid, sent_at: at(draft.at), persons: [draft.from, ...draft.to], recorded: recorded++ });
        };
        const schedule = async (draft: typeof meeting extends fc.Arbitrary<infer T> ? T : never) => {
          const created = await store.meetings.create(tenant.uuid, {
            title: "Model",
            starts_at: at(draft.at),
            status: draft.cancelled ? "cancelled" : "confirmed",
            attendees: draft.attendees.map((index) => ({ person_uuid: persons[index] })),
          });
          modelMeetings.push({ uuid: created.uuid, starts_at: at(draft.at), attendees: draft.attendees, cancelled: draft.cancelled, updated_at: context.clock.now(), deleted: null });
        };
        const remove = async (target: ModelMeeting) => {
          await store.meetings.delete(tenant.uuid, target.uuid);
          target.deleted = deletedCount++;
        };
        for (const draft of emails) {
          context.clock.advance(1);
          await ingest(draft);
        }
        for (const draft of meetings) {
          context.clock.advance(1);
          await schedule(draft);
        }
        for (const index of deletions) if (modelMeetings[index] && modelMeetings[index].deleted === null) await remove(modelMeetings[index]);

        const person = q.person === undefined ? undefined : persons[q.person];
        const [from, to] = q.from !== undefined && q.to !== undefined && q.from > q.to ? [q.to, q.from] : [q.from, q.to];
        const iso = (minutes: number | undefined) => (minutes === undefined ? undefined : new Date(at(minutes)).toISOString());
        const updatedAfter = q.updated_after === undefined ? undefined : start + q.updated_after;
        const live = <T extends { deleted?: number | null }>(rows: T[]) => rows.filter((row) => row.deleted === undefined || row.deleted === null);
        const within = (time: number) => (from === undefined || time >= at(from)) && (to === undefined || time <= at(to));
        let path: string;
        let base: Record<string, string | undefined>;
        let order: SortOrder;
        let rows: () => ModelRow[];
        if (q.list === "emails") {
          // Newest first by default, then uuid (docs: the list's description).
          order = q.order ?? "desc";
          path = "/v1/emails";
          base = { person_uuid: person, sent_from: iso(from), sent_to: iso(to), order: q.order };
          rows = () => modelOrder(modelEmails.filter((e) => (q.person === undefined || e.persons.includes(q.person)) && within(e.sent_at)).map((e) => ({ uuid: e.uuid, key: e.sent_at })), order);
        } else if (q.list === "meetings") {
          order = q.order ?? "desc";
          path = "/v1/meetings";
          base = { person_uuid: person, starts_from: iso(from), starts_to: iso(to), status: q.status, updated_after: updatedAfter === undefined ? undefined : new Date(updatedAfter).toISOString(), sort_by: q.sort_by, order: q.order };
          rows = () =>
            modelOrder(
              live(modelMeetings)
                .filter((m) => (q.person === undefined || m.attendees.includes(q.person)) && within(m.starts_at))
                .filter((m) => (q.status === undefined || (q.status === "cancelled") === m.cancelled) && (updatedAfter === undefined || m.updated_at >= updatedAfter))
                .map((m) => ({ uuid: m.uuid, key: q.sort_by === "updated_at" ? m.updated_at : m.starts_at })),
              order,
            );
        } else if (q.list === "activity") {
          // The feed's emails in the order they were recorded, not sent (docs: GET /v1/activity).
          order = "asc";
          path = "/v1/activity";
          base = { kind: "email", person_uuid: person };
          rows = () => modelOrder(modelEmails.filter((e) => q.person === undefined || e.persons.includes(q.person)).map((e) => ({ uuid: e.uuid, key: e.recorded })), order);
        } else {
          // Every deleted meeting, in the order it was deleted (docs: GET /v1/deletions).
          order = "asc";
          path = "/v1/deletions";
          base = { entity_type: q.entity_type };
          rows = () =>
            modelOrder(
              modelMeetings.filter((m) => m.deleted !== null && (q.entity_type === undefined || q.entity_type.includes("MEETING"))).map((m) => ({ uuid: m.uuid, key: m.deleted })),
              order,
            );
        }
        await expectWalksAsModel({
          ...pagesOver((url) => context.request(url, { key }), path, base),
          rows,
          order,
          ...sizes,
          changed: q.list === "emails" || q.list === "meetings" ? { order: order === "asc" ? "desc" : "asc" } : { since: new Date(start).toISOString() },
          async between(step) {
            const change = writes[step];
            context.clock.advance(1);
            if (!change) return;
            if (change.kind === "email") await ingest(change.email);
            if (change.kind === "meeting") await schedule(change.meeting);
            const targets = live(modelMeetings);
            if (targets.length === 0) return;
            const target = targets[(change as { target: number }).target % targets.length]!;
            if (change.kind === "reschedule") {
              await store.meetings.update(tenant.uuid, target.uuid, { starts_at: at(change.at) });
              // A write that changes nothing moves no stamp (docs: Syncing).
              if (target.starts_at !== at(change.at)) Object.assign(target, { starts_at: at(change.at), updated_at: context.clock.now() });
            }
            if (change.kind === "delete") await remove(target);
          },
        });
      }),
      modelRunParameters(25),
    );
  });
});
