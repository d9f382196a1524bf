/** Meetings and their attendees; cancelled and deleted meetings stop counting at once. */
import { sql, type Kysely } from "kysely";
import { ATTENDEE_RESPONSES, MEETING_STATUSES, type AttendeeResponse, type Meeting, type MeetingAttendee, type MeetingStatus, type MeetingUpdate, type MeetingWriteOptions, type NewMeeting } from "../activity-records.js";
import { ConflictError, ForbiddenError, InvalidInputError } from "../errors.js";
import { assertAllowedValue } from "./allowed-value.js";
import { chunksOf } from "./chunks-of.js";
import { assertNonBlankFields, assertRequiredFields } from "./required-fields.js";
import type { Database, MeetingsTable } from "../database-schema.js";
import { keysetPage } from "../pagination/keyset-page.js";
import type { MeetingRepository } from "../store.js";
import type { MemberWriteOptions } from "../deal-store.js";
import { meetingInteraction } from "../graph/interaction-records.js";
import { countsAsActivity, meetingActivityChange, presentAttendees, type MeetingActivityState } from "./meeting-activity-change.js";
import { lowerOpportunityActivity, recordOpportunityActivity } from "./opportunity-activity.js";
import { resolveParticipants } from "./participant-resolver.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";
import { tenantOnly } from "./tenant-filter.js";
import { sameColumns } from "./unchanged-write.js";

/**
 * Attendee rows (or meetings changed since `updated_after`) from which a page of meetings walks the sort's index,
 * testing each meeting, rather than reading all those meetings and sorting them. Measured at benchmark scale M (33,534
 * meetings): a meeting walked costs about 1.2 µs and one read and sorted about 1.3 µs; with one meeting in every `n`
 * kept, a page of 50 is full after about 50n walked. From 2,000 meetings the sort would take about 2.6 ms, and a walk
 * finds a page within 8,500 meetings at scale L (333,951): about 10 ms. A person with none took 42 ms by the walk at
 * M, the whole tenant's meetings tested.
 */
export const MEETING_PAGE_WALK_FROM = 2_000;

/** The meetings the person has an attendee row for, from the (tenant, person) index. */
function meetingsAttendedBy(db: Kysely<Database>, tenantUuid: string, personUuid: string) {
  return db.selectFrom("meeting_attendees").select("meeting_attendees.meeting_uuid").where("meeting_attendees.tenant_uuid", "=", tenantUuid).where("meeting_attendees.person_uuid", "=", personUuid);
}

/** The live meetings whose row changed at or after `since`, from the live change-time index (migration 0050). */
function meetingsChangedSince(db: Kysely<Database>, tenantUuid: string, since: number) {
  return db.selectFrom("meetings as changed").select("changed.uuid").where("changed.tenant_uuid", "=", tenantUuid).where("changed.deleted_at", "is", null).where("changed.updated_at", ">=", since);
}

/** Whether at least `threshold` live meetings changed at or after `since`, counting no further than that. */
async function changedAtLeast(db: Kysely<Database>, tenantUuid: string, since: number, threshold: number): Promise<boolean> {
  const { n } = await sql<{ n: number }>`select count(*) as n from (${meetingsChangedSince(db, tenantUuid, since).limit(threshold)})`
    .execute(db)
    .then((result) => result.rows[0]!);
  return Number(n) >= threshold;
}

/** Whether the person has at least `threshold` attendee rows, counting no further than that. */
async function attendsAtLeast(db: Kysely<Database>, tenantUuid: string, personUuid: string, threshold: number): Promise<boolean> {
  const { n } = await sql<{ n: number }>`select count(*) as n from (select 1 from meeting_attendees where tenant_uuid = ${tenantUuid} and person_uuid = ${personUuid} limit ${threshold})`
    .execute(db)
    .then((result) => result.rows[0]!);
  return Number(n) >= threshold;
}

async function attendeesOf(db: Kysely<Database>, meetingUuids: readonly string[]) {
  const byMeeting = new Map<string, MeetingAttendee[]>();
  const rows = [];
  // In lists of ROWS_PER_STATEMENT: a series' stored occurrences can be thousands.
  for (const chunk of chunksOf(meetingUuids)) {
    rows.push(
      ...(await db.selectFrom("meeting_attendees").select(["meeting_uuid", "person_uuid", "response"]).where("meeting_uuid", "in", chunk).orderBy("person_uuid").execute()),
    );
  }
  for (const row of rows) {
    const list = byMeeting.get(row.meeting_uuid) ?? [];
    list.push({ person_uuid: row.person_uuid, response: row.response === "declined" ? "declined" : "accepted" });
    byMeeting.set(row.meeting_uuid, list);
  }
  return byMeeting;
}

function toMeeting(row: MeetingsTable, attendees: MeetingAttendee[]): Meeting {
  return {
    uuid: row.uuid,
    title: row.title,
    starts_at: Number(row.starts_at),
    ends_at: row.ends_at === null ? null : Number(row.ends_at),
    status: row.status as MeetingStatus,
    organizer_person_uuid: row.organizer_person_uuid,
    location: row.location,
    external_id: row.external_id,
    created_by_user_uuid: row.created_by_user_uuid,
    attendees,
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Whether two attendee lists name the same persons with the same answers, in any order. */
function sameAttendees(left: readonly MeetingAttendee[], right: readonly MeetingAttendee[]): boolean {
  if (left.length !== right.length) return false;
  const answers = new Map(left.map((attendee) => [attendee.person_uuid, attendee.response]));
  return right.every((attendee) => answers.get(attendee.person_uuid) === attendee.response);
}

/** Throws InvalidInputError naming the first two positions of `people` that hold one person. */
function assertNoRepeatedAttendee(people: ReadonlyArray<string | null>): void {
  const firstPosition = new Map<string, number>();
  people.forEach((person, index) => {
    if (person === null) return;
    const first = firstPosition.get(person);
    if (first !== undefined) throw new InvalidInputError(`attendees.${first} and attendees.${index} name the same person, ${person}`);
    firstPosition.set(person, index);
  });
}

/**
 * Resolves attendees (deduplicated, or refused when repeated, see MeetingWriteOptions; the organizer included as
 * accepted) for a write, in its transaction: a refusal rolls back the persons resolution created.
 */
async function resolveAttendees(context: RepositoryContext, tenantUuid: string, input: Pick<NewMeeting, "attendees" | "organizer">, options: MeetingWriteOptions) {
  // An address an erasure remembers resolves to no one: that organizer or attendee is left out (migration 0060).
  const organizer = input.organizer ? (await resolveParticipants(context, tenantUuid, [input.organizer]))[0]! : null;
  const people = await resolveParticipants(context, tenantUuid, input.attendees);
  if (options.refuseRepeatedAttendees) assertNoRepeatedAttendee(people);
  const responses = new Map<string, AttendeeResponse>();
  input.attendees.forEach((attendee, index) => {
    const person = people[index];
    if (!person) return;
    if (!responses.has(person) || attendee.response !== "declined") responses.set(person, attendee.response ?? "accepted");
  });
  if (organizer) responses.set(organizer, "accepted");
  return { organizer, attendees: [...responses].map(([person_uuid, response]) => ({ person_uuid, response })) };
}

/** Throws InvalidInputError when a meeting would end before it starts. */
function assertEndsAfterStart(startsAt: number, endsAt: number | null | undefined): void {
  if (endsAt != null && endsAt < startsAt) throw new InvalidInputError("ends_at must not be before starts_at");
}

/** Throws InvalidInputError for a status or an attendee's response outside the store's lists, before anything is written. */
function assertMeetingEnumerations(input: MeetingUpdate, operation: string): void {
  if (input.status !== undefined) assertAllowedValue(MEETING_STATUSES, input.status, "status", operation);
  for (const attendee of input.attendees ?? []) {
    if (attendee.response !== undefined) assertAllowedValue(ATTENDEE_RESPONSES, attendee.response, "attendees[].response", operation);
  }
}

export function createMeetingRepository(context: RepositoryContext): MeetingRepository {
  const { db, now, generateId, emit } = context;
  const emitMeeting = (tenantUuid: string, meeting: Meeting | null) => {
    if (meeting) emit(tenantUuid, { type: "upsert-interaction", interaction: meetingInteraction(meeting) });
    return meeting;
  };
  const liveMeetings = (database: Kysely<Database>, tenantUuid: string) =>
    database.selectFrom("meetings").selectAll().where("tenant_uuid", "=", tenantUuid).where("deleted_at", "is", null);

  /**
   * Throws ConflictError when another live meeting of the tenant has this external id: the calendar import
   * matches meetings by it and would update one of them arbitrarily. A deleted meeting's id is free, as the
   * import (which reads live meetings only) treats it. Called in the write's transaction, so two concurrent
   * writes cannot both pass.
   */
  const assertExternalIdFree = async (database: Kysely<Database>, tenantUuid: string, externalId: string | null | undefined, meetingUuid: string | null) => {
    if (externalId == null) return;
    let holder = liveMeetings(database, tenantUuid).where("external_id", "=", externalId);
    if (meetingUuid !== null) holder = holder.where("uuid", "!=", meetingUuid);
    const row = await holder.orderBy("created_at").orderBy("uuid").executeTakeFirst();
    if (row) throw new ConflictError(`a meeting with external_id '${externalId}' exists: ${row.uuid}`);
  };

  /**
   * Refuses a member's write to a meeting it neither created nor organizes (its user's person), as the write's
   * transaction reads the meeting: an organizer changed since the caller's read is seen.
   */
  const refuseAnotherUsersMeeting = async (
    database: Kysely<Database>,
    tenantUuid: string,
    meeting: Pick<MeetingsTable, "created_by_user_uuid" | "organizer_person_uuid">,
    { asMember }: MemberWriteOptions,
  ) => {
    if (asMember === undefined || meeting.created_by_user_uuid === asMember) return;
    const member = await database.selectFrom("users").select("person_uuid").where("tenant_uuid", "=", tenantUuid).where("uuid", "=", asMember).executeTakeFirst();
    if (member && meeting.organizer_person_uuid !== null && meeting.organizer_person_uuid === member.person_uuid) return;
    throw new ForbiddenError("only the meeting's creator, its organizer or an administrator may change or delete it");
  };

  const get = async (database: Kysely<Database>, tenantUuid: string, meetingUuid: string) => {
    const row = await liveMeetings(database, tenantUuid).where("uuid", "=", meetingUuid).executeTakeFirst();
    if (!row) return null;
    return toMeeting(row, (await attendeesOf(database, [row.uuid])).get(row.uuid) ?? []);
  };

  const writeAttendees = async (database: Kysely<Database>, tenantUuid: string, meetingUuid: string, attendees: MeetingAttendee[]) => {
    await database.deleteFrom("meeting_attendees").where("meeting_uuid", "=", meetingUuid).execute();
    if (attendees.length > 0) {
      await database
        .insertInto("meeting_attendees")
        .values(attendees.map((attendee) => ({ tenant_uuid: tenantUuid, meeting_uuid: meetingUuid, ...attendee })))
        .execute();
    }
  };
  /**
   * The meeting as it was stopped counting for those who were present (or some of them, or only at its
   * old time): the opportunities that may have taken their dates from it are recomputed.
   */
  const withdrawActivity = (database: Kysely<Database>, tenantUuid: string, before: MeetingActivityState) =>
    lowerOpportunityActivity(database, tenantUuid, presentAttendees(before), before.starts_at, now());
  /** The meeting as it is now counts for those present, at its time: their opportunities' dates can only rise. */
  const raiseActivity = (database: Kysely<Database>, tenantUuid: string, after: MeetingActivityState) =>
    recordOpportunityActivity(database, tenantUuid, new Map(presentAttendees(after).map((person) => [person, after.starts_at])), now());

  return {
    async create(tenantUuid, input, options = {}) {
      assertRequiredFields(input, ["title", "starts_at", "attendees"], "meetings.create");
      assertNonBlankFields(input, ["title"], "meetings.create");
      assertMeetingEnumerations(input, "meetings.create");
      assertEndsAfterStart(input.starts_at, input.ends_at);
      const created = await withTransaction(db, async (transaction) => {
        await assertExternalIdFree(transaction, tenantUuid, input.external_id, null);
        const scoped = { ...context, db: transaction };
        const { organizer, attendees } = await resolveAttendees(scoped, tenantUuid, input, options);
        const timestamp = now(tenantUuid);
        const uuid = generateId();
        await transaction
          .insertInto("meetings")
          .values({
            uuid,
            tenant_uuid: tenantUuid,
            title: input.title,
            starts_at: input.starts_at,
            ends_at: input.ends_at ?? null,
            status: input.status ?? "confirmed",
            organizer_person_uuid: organizer,
            location: input.location ?? null,
            external_id: input.external_id ?? null,
            created_by_user_uuid: input.created_by_user_uuid ?? null,
            created_at: timestamp,
            updated_at: timestamp,
            deleted_at: null,
          })
          .execute();
        if (attendees.length > 0) {
          // The time the meeting counts at for each attendee, written with the row (the trigger of migration 0025 then leaves it).
          const counts = (input.status ?? "confirmed") === "confirmed";
          await transaction
            .insertInto("meeting_attendees")
            .values(
              attendees.map((attendee) => ({
                tenant_uuid: tenantUuid,
                meeting_uuid: uuid,
                ...attendee,
                counted_at: counts && attendee.response !== "declined" ? input.starts_at : null,
              })),
            )
            .execute();
        }
        // A new meeting only adds activity: the linked opportunities' dates move forward, no full refresh.
        const state = { starts_at: input.starts_at, status: input.status ?? "confirmed", attendees };
        if (countsAsActivity(state, now())) await raiseActivity(transaction, tenantUuid, state);
        return (await get(transaction, tenantUuid, uuid))!;
      });
      emitMeeting(tenantUuid, created);
      return created;
    },
    get: (tenantUuid, meetingUuid) => get(db, tenantUuid, meetingUuid),
    async findByExternalId(tenantUuid, externalId) {
      // A database written before external ids were held unique may hold several: the earliest made is the one.
      const row = await liveMeetings(db, tenantUuid).where("external_id", "=", externalId).orderBy("created_at").orderBy("uuid").executeTakeFirst();
      return row ? get(db, tenantUuid, row.uuid) : null;
    },
    async listByExternalIdPrefix(tenantUuid, prefix, range) {
      if (!/[\u0000-\u007e]$/.test(prefix)) throw new InvalidInputError("meetings.listByExternalIdPrefix needs a prefix ending in an ASCII character");
      // A range of the (tenant, external id) index: every text starting with the prefix sorts from it (inclusive) to
      // it with its last character's successor (exclusive); with an ASCII last character, in SQLite's binary order too.
      const last = prefix.charCodeAt(prefix.length - 1);
      const bound = `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}`;
      const rows = await liveMeetings(db, tenantUuid)
        .where("external_id", ">=", prefix)
        .where("external_id", "<", bound)
        .where("starts_at", ">=", range.starts_from)
        .where("starts_at", "<=", range.starts_to)
        .orderBy("external_id")
        .orderBy("uuid")
        .execute();
      const attendees = await attendeesOf(db, rows.map((row) => row.uuid));
      return rows.filter((row) => row.external_id!.startsWith(prefix)).map((row) => toMeeting(row, attendees.get(row.uuid) ?? []));
    },
    async list(tenantUuid, request) {
      const { uuids, person_uuid, starts_from, starts_to, status, updated_after } = request.filters;
      /** The live meetings the filters keep, the tenant condition on `tenant` (a column or, unindexed, `tenantOnly`'s). */
      const filtered = (tenant: "meetings.tenant_uuid" | ReturnType<typeof tenantOnly>) => {
        let query = db.selectFrom("meetings").selectAll().where(tenant, "=", tenantUuid).where("deleted_at", "is", null);
        if (uuids) query = query.where("meetings.uuid", "in", uuids.length > 0 ? [...uuids] : [""]);
        if (starts_from !== undefined) query = query.where("starts_at", ">=", starts_from);
        if (starts_to !== undefined) query = query.where("starts_at", "<=", starts_to);
        if (status) query = query.where("status", "=", status);
        if (updated_after !== undefined) query = query.where("meetings.updated_at", ">=", updated_after);
        return query;
      };
      // An attendee's meetings are counted from their attendee rows, each meeting sought by key (the tenant condition
      // unindexed: under L's statistics a page from a cursor walked the sort's index from there, testing each meeting),
      // and paged from them too unless they attend enough meetings that a walk of the sort's index testing each meeting
      // for them fills the page sooner (`MEETING_PAGE_WALK_FROM`). Meetings changed since `updated_after`, in the
      // start-time order, likewise: from the change-time index when fewer have changed (a poller that kept the default
      // order walked the tenant's meetings for an empty page: 17.5 ms of the server's processor time at scale M).
      const keyed = () => filtered(tenantOnly("meetings.tenant_uuid"));
      let narrowed = null;
      if (person_uuid) {
        narrowed = keyed().where("meetings.uuid", "in", meetingsAttendedBy(db, tenantUuid, person_uuid));
      } else if (updated_after !== undefined && !uuids && request.sort_by !== "updated_at" && !(await changedAtLeast(db, tenantUuid, updated_after, MEETING_PAGE_WALK_FROM))) {
        narrowed = keyed().where("meetings.uuid", "in", meetingsChangedSince(db, tenantUuid, updated_after));
      }
      let query = narrowed ?? filtered("meetings.tenant_uuid");
      if (person_uuid && (await attendsAtLeast(db, tenantUuid, person_uuid, MEETING_PAGE_WALK_FROM))) {
        query = filtered("meetings.tenant_uuid").where((builder) =>
          builder.exists(
            builder
              .selectFrom("meeting_attendees")
              .select(sql<number>`1`.as("one"))
              .whereRef("meeting_attendees.meeting_uuid", "=", "meetings.uuid")
              .where("meeting_attendees.person_uuid", "=", person_uuid),
          ),
        );
      }
      // A total is remembered until a meeting row changes (migration 0027); an attendee filter's total also until an
      // attendee row does (0036).
      const remembered = context.remembered && !db.isTransaction ? context.remembered : null;
      const rememberedTotals = remembered && (person_uuid ? remembered.attendeeMeetingListTotals : remembered.meetingListTotals).valuesOf(tenantUuid);
      const page = await keysetPage(
        query,
        [
          { column: request.sort_by === "updated_at" ? "meetings.updated_at" : "meetings.starts_at", direction: request.order },
          { column: "meetings.uuid", direction: request.order },
        ],
        request,
        { rememberedTotals, countFrom: narrowed ?? query },
      );
      const attendees = await attendeesOf(db, page.rows.map((row) => row.uuid));
      return { ...page, rows: page.rows.map((row) => toMeeting(row, attendees.get(row.uuid) ?? [])) };
    },
    async update(tenantUuid, meetingUuid, changes, options = {}) {
      assertNonBlankFields(changes, ["title"], "meetings.update");
      assertMeetingEnumerations(changes, "meetings.update");
      const updated = await withTransaction(db, async (transaction) => {
        const current = await get(transaction, tenantUuid, meetingUuid);
        if (!current) return null;
        await refuseAnotherUsersMeeting(transaction, tenantUuid, current, options);
        // Against the meeting as this transaction reads it: a concurrent write may have moved the other end.
        assertEndsAfterStart(changes.starts_at ?? current.starts_at, changes.ends_at === undefined ? current.ends_at : changes.ends_at);
        const patch: Partial<MeetingsTable> = { updated_at: now(tenantUuid) };
        /** The attendees after the change, when it changes them. */
        let resolvedAttendees: MeetingAttendee[] | null = null;
        if (changes.title !== undefined) patch.title = changes.title;
        if (changes.starts_at !== undefined) patch.starts_at = changes.starts_at;
        if (changes.ends_at !== undefined) patch.ends_at = changes.ends_at;
        if (changes.status !== undefined) patch.status = changes.status;
        if (changes.location !== undefined) patch.location = changes.location;
        if (changes.external_id !== undefined) {
          await assertExternalIdFree(transaction, tenantUuid, changes.external_id, meetingUuid);
          patch.external_id = changes.external_id;
        }
        if (changes.attendees !== undefined || changes.organizer !== undefined) {
          const scoped = { ...context, db: transaction };
          const organizerInput =
            changes.organizer !== undefined
              ? changes.organizer
              : current.organizer_person_uuid
                ? { person_uuid: current.organizer_person_uuid }
                : null;
          // Kept attendees leave out the organizer when it changes: it was on the list as the organizer, so the list
          // becomes what a create with these fields would build.
          const attendeeInput =
            changes.attendees ??
            current.attendees
              .filter(({ person_uuid }) => changes.organizer === undefined || person_uuid !== current.organizer_person_uuid)
              .map(({ person_uuid, response }) => ({ person_uuid, response }));
          const { organizer, attendees } = await resolveAttendees(
            scoped,
            tenantUuid,
            { organizer: organizerInput, attendees: attendeeInput },
            options,
          );
          patch.organizer_person_uuid = organizer;
          if (!sameAttendees(current.attendees, attendees)) {
            await writeAttendees(transaction, tenantUuid, meetingUuid, attendees);
            resolvedAttendees = attendees;
          }
        }
        // A write that changes nothing (a meeting "rescheduled" to its time) moves no `updated_at`, lists the meeting
        // in no feed again and changes no graph (unchanged-write.ts).
        const { updated_at: _stamp, ...written } = patch;
        if (resolvedAttendees === null && sameColumns<object>({ ...current, ...written }, current, [])) return { meeting: current, changed: false };
        await transaction.updateTable("meetings").set(patch).where("uuid", "=", meetingUuid).execute();
        // A recomputation reads the last activity of every person at every company linked to the opportunities
        // it recomputes (thousands at a large tenant): only a change that can lower someone's pays for it, and
        // only for the opportunities whose dates may have come from this meeting.
        const after = {
          starts_at: patch.starts_at ?? current.starts_at,
          status: patch.status ?? current.status,
          attendees: resolvedAttendees ?? current.attendees,
        };
        const change = meetingActivityChange(current, after, now());
        if (change === "recompute") await withdrawActivity(transaction, tenantUuid, current);
        if (change !== "none" && countsAsActivity(after, now())) await raiseActivity(transaction, tenantUuid, after);
        return { meeting: await get(transaction, tenantUuid, meetingUuid), changed: true };
      });
      if (!updated?.changed) return updated?.meeting ?? null;
      return emitMeeting(tenantUuid, updated.meeting);
    },
    async delete(tenantUuid, meetingUuid, options = {}) {
      const deleted = await withTransaction(db, async (transaction) => {
        const current = await liveMeetings(transaction, tenantUuid).where("uuid", "=", meetingUuid).executeTakeFirst();
        if (!current) return false;
        await refuseAnotherUsersMeeting(transaction, tenantUuid, current, options);
        await transaction
          .updateTable("meetings")
          .set({ deleted_at: now(tenantUuid), updated_at: now(tenantUuid) })
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", meetingUuid)
          .execute();
        // An upcoming or cancelled meeting, or a meeting of one, was nobody's activity: its removal moves nothing.
        if (current.status === "confirmed" && Number(current.starts_at) <= now()) {
          const attendees = (await attendeesOf(transaction, [meetingUuid])).get(meetingUuid) ?? [];
          const before = { starts_at: Number(current.starts_at), status: current.status, attendees };
          if (countsAsActivity(before, now())) await withdrawActivity(transaction, tenantUuid, before);
        }
        return true;
      });
      if (deleted) emit(tenantUuid, { type: "remove-interaction", id: meetingUuid });
      return deleted;
    },
  };
}
