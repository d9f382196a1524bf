/**
 * What pollers see change: whatever writes run (creates, updates, links, list memberships, merges, erasures,
 * user changes, meetings, emails and their bodies, refused writes included), every record whose read changed comes
 * again in its poll: a person's or company's `service_updated_at`, an opportunity's, note's, task's, list's, user's
 * or meeting's `updated_at` moves past the write's start, and an email takes a new place in the activity feed.
 * Fields the sync recipe leaves to other reads are not compared: activity-derived dates, `days_in_stage`, and other
 * records embedded by name (a user, a person, a parent, a type or stage: joined from their own polls).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Opportunity } from "../deal-records.js";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.js";
import type { PagePosition } from "../pagination/keyset-page.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { createDeletionLogTenant, recordBuilders, type DeletionLogTenant } from "../testing/deletion-log-tenant.js";

const TENANT_WIDE = { user_uuid: null };

type Step =
  | { type: "person" | "company" | "opportunity" | "note" | "task" | "file" | "list" | "user"; pick: number }
  | { type: "updatePerson"; pick: number; other: number; variant: number }
  | { type: "updateCompany" | "updateOpportunity" | "deleteOpportunity" | "deleteNote" | "deleteTask" | "deleteFile" | "erase"; pick: number }
  | { type: "merge"; pick: number; other: number }
  | { type: "userState"; pick: number; variant: number }
  | { type: "link"; pick: number; other: number; variant: number }
  | { type: "unlink"; pick: number; other: number }
  | { type: "listMember"; pick: number; other: number; variant: number }
  | { type: "meeting"; pick: number; other: number }
  | { type: "updateMeeting"; pick: number; other: number; variant: number }
  | { type: "email"; pick: number; other: number; variant: number }
  | { type: "body"; pick: number };

const pick = fc.nat({ max: 30 });
const variant = fc.nat({ max: 3 });
const creates = ["person", "company", "opportunity", "note", "task", "file", "list", "user"] as const;
const singles = ["updateCompany", "updateOpportunity", "deleteOpportunity", "deleteNote", "deleteTask", "deleteFile", "erase"] as const;
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: fc.record({ type: fc.constantFrom(...creates), pick }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("updatePerson" as const), pick, other: pick, variant }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constantFrom(...singles), pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("merge" as const), pick, other: pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("userState" as const), pick, variant }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("link" as const), pick, other: pick, variant }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("unlink" as const), pick, other: pick }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("listMember" as const), pick, other: pick, variant }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("meeting" as const), pick, other: pick }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("updateMeeting" as const), pick, other: pick, variant }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("email" as const), pick, other: pick, variant }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("body" as const), pick }) },
);

/** A record as its poll shows it, and the change time the poll filters on (null for emails: the feed announces them). */
interface Read {
  stamp: number | null;
  shown: string;
}

const userUuidOf = (reference: { user_uuid: string } | null) => reference?.user_uuid ?? null;

/** The opportunity without what its poll does not promise to move for: activity dates, time, embedded records' names. */
function opportunityShown(opportunity: Opportunity): unknown {
  const { last_activity_at, company_last_activity_at, person_last_activity_at, days_in_stage, parent_name, search_string, updated_at, ...own } = opportunity;
  return {
    ...own,
    type: own.type.uuid,
    stage: own.stage.uuid,
    owner: userUuidOf(own.owner),
    created_by: userUuidOf(own.created_by),
    updated_by: userUuidOf(own.updated_by),
    intro_person: own.intro_person?.uuid ?? null,
    associations: own.associations.map(({ last_activity_at: _at, person: _person, company: _company, ...link }) => link),
  };
}

class World {
  readonly uuids = { person: [] as string[], company: [] as string[], opportunity: [] as string[], note: [] as string[], task: [] as string[], file: [] as string[], list: [] as string[], user: [] as string[], meeting: [] as string[], email: [] as string[] };
  private made = 0;

  constructor(
    readonly store: Store,
    readonly tenant: DeletionLogTenant,
  ) {}

  private at<Kind extends keyof World["uuids"]>(kind: Kind, index: number): string | undefined {
    const list = this.uuids[kind];
    return list.length === 0 ? undefined : list[index % list.length];
  }

  /** Runs one step; a write the store refuses (a gone or merged record, a rule) is part of the run. */
  async apply(current: Step): Promise<void> {
    try {
      await this.write(current);
    } catch (error) {
      if (!(error instanceof ConflictError || error instanceof NotFoundError || error instanceof InvalidInputError)) throw error;
    }
  }

  private async write(current: Step): Promise<void> {
    const { store } = this;
    const { tenantUuid } = this.tenant;
    const build = recordBuilders(store, this.tenant);
    const serial = (this.made += 1);
    switch (current.type) {
      case "person":
        this.uuids.person.push((await store.persons.create({ tenant_uuid: tenantUuid, name: `Person ${serial}`, emails: [`p${serial}@x.example`] })).uuid);
        return;
      case "company":
        this.uuids.company.push((await store.companies.create({ tenant_uuid: tenantUuid, company_name: `Company ${serial}` })).uuid);
        return;
      case "opportunity": {
        const parent = current.pick % 2 === 0 ? this.at("opportunity", current.pick) : undefined;
        this.uuids.opportunity.push(await build.opportunity(parent ?? null));
        return;
      }
      case "note":
      case "task":
      case "file":
      case "list":
        this.uuids[current.type].push(await build[current.type]());
        return;
      case "user": {
        // Half of them the user of a person already known by their address (that person becomes internal).
        const known = current.pick % 2 === 0 ? this.at("person", current.pick) : undefined;
        const address = (known && (await store.persons.get(tenantUuid, known))?.emails[0]?.address) ?? `u${serial}@rapport.example`;
        this.uuids.user.push((await store.users.create({ tenant_uuid: tenantUuid, name: `User ${serial}`, email: address, role: "member" })).uuid);
        return;
      }
      case "updatePerson": {
        const person = this.at("person", current.pick);
        const company = this.at("company", current.other);
        if (!person) return;
        const patches = [
          { job_title: `Title ${serial}` },
          company ? { affiliations: [{ company_uuid: company, title: `Role ${serial}` }] } : { tags: [`tag${serial}`] },
          company ? { primary_company_uuid: company } : { city: `City ${serial}` },
          { emails: [{ address: `p${serial}@y.example` }] },
        ];
        await store.persons.update(tenantUuid, person, patches[current.variant]!);
        return;
      }
      case "updateCompany": {
        const company = this.at("company", current.pick);
        if (company) await store.companies.update(tenantUuid, company, { company_name: `Company ${serial}` });
        return;
      }
      case "updateOpportunity": {
        const opportunity = this.at("opportunity", current.pick);
        if (opportunity) await store.opportunities.update(tenantUuid, opportunity, { value: serial, probability: serial % 100 }, TENANT_WIDE, TENANT_WIDE);
        return;
      }
      case "deleteOpportunity": {
        const opportunity = this.at("opportunity", current.pick);
        if (opportunity) await store.opportunities.delete(tenantUuid, opportunity);
        return;
      }
      case "deleteNote": {
        const note = this.at("note", current.pick);
        if (note) await store.notes.delete(tenantUuid, note);
        return;
      }
      case "deleteTask": {
        const task = this.at("task", current.pick);
        if (task) await store.tasks.delete(tenantUuid, task, TENANT_WIDE);
        return;
      }
      case "deleteFile": {
        const file = this.at("file", current.pick);
        if (file) await store.files.delete(tenantUuid, file);
        return;
      }
      case "erase": {
        const person = this.at("person", current.pick);
        if (person) await store.persons.erase(tenantUuid, person);
        return;
      }
      case "merge": {
        const canonical = this.at("person", current.pick);
        const superseded = this.at("person", current.other);
        if (canonical && superseded) {
          await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical, superseded_uuid: superseded, preview: false, merged_by_user_uuid: this.tenant.adminUuid });
        }
        return;
      }
      case "userState": {
        const user = this.at("user", current.pick);
        if (!user) return;
        if (current.variant === 0) await store.users.deactivate(tenantUuid, user);
        else if (current.variant === 1) await store.users.reactivate(tenantUuid, user);
        else await store.users.setRole(tenantUuid, user, current.variant === 2 ? "administrator" : "member");
        return;
      }
      case "link": {
        const owners = [["OPPORTUNITY", this.at("opportunity", current.pick)], ["NOTE", this.at("note", current.pick)], ["TASK", this.at("task", current.pick)]] as const;
        const targets = [["PERSON", this.at("person", current.other)], ["COMPANY", this.at("company", current.other)], ["OPPORTUNITY", this.at("opportunity", current.other)], ["FILE", this.at("file", current.other)]] as const;
        const [ownerType, ownerUuid] = owners[current.variant % owners.length]!;
        const [targetType, targetUuid] = targets[current.variant]!;
        if (ownerUuid && targetUuid) await store.associations.link(tenantUuid, { type: ownerType, uuid: ownerUuid }, { type: targetType, uuid: targetUuid, context: `context ${serial}` }, TENANT_WIDE);
        return;
      }
      case "unlink": {
        const owners = [["OPPORTUNITY", this.at("opportunity", current.pick)], ["NOTE", this.at("note", current.pick)], ["TASK", this.at("task", current.pick)]] as const;
        const [ownerType, ownerUuid] = owners[current.other % owners.length]!;
        if (!ownerUuid) return;
        const links = await store.associations.list(tenantUuid, ownerType, ownerUuid, TENANT_WIDE);
        const link = links[current.other % Math.max(1, links.length)];
        if (link) await store.associations.unlink(tenantUuid, ownerType, ownerUuid, link.uuid, TENANT_WIDE);
        return;
      }
      case "listMember": {
        const list = this.at("list", current.pick);
        const person = this.at("person", current.other);
        if (!list || !person) return;
        if (current.variant < 2) await store.entityLists.addMembers(tenantUuid, list, [person], null);
        else await store.entityLists.removeMember(tenantUuid, list, person);
        return;
      }
      case "meeting": {
        const attendees = [this.at("person", current.pick), this.at("person", current.other)].filter((uuid) => uuid !== undefined);
        const organizer = attendees[0] === undefined ? null : { person_uuid: attendees[0] };
        const meeting = await store.meetings.create(tenantUuid, { title: `Meeting ${serial}`, starts_at: 500 + serial, organizer, attendees: attendees.map((person_uuid) => ({ person_uuid })) });
        this.uuids.meeting.push(meeting.uuid);
        return;
      }
      case "updateMeeting": {
        const meeting = this.at("meeting", current.pick);
        const person = this.at("person", current.other);
        if (!meeting) return;
        const changes = [
          { status: "cancelled" as const },
          { status: "confirmed" as const },
          { title: `Meeting ${serial}` },
          { attendees: person ? [{ person_uuid: person, response: "declined" as const }] : [] },
        ];
        await store.meetings.update(tenantUuid, meeting, changes[current.variant]!);
        return;
      }
      case "email": {
        const from = this.at("person", current.pick);
        const to = this.at("person", current.other);
        const { email } = await store.emails.ingest(tenantUuid, {
          message_id: `<m${current.variant === 0 ? current.pick : serial}@x.example>`,
          sent_at: 400 + serial,
          subject: `Subject ${serial}`,
          from: from ? { person_uuid: from } : { email: `new${serial}@z.example` },
          to: to ? [{ person_uuid: to }] : [],
        });
        if (!this.uuids.email.includes(email.uuid)) this.uuids.email.push(email.uuid);
        return;
      }
      case "body": {
        const email = this.at("email", current.pick);
        if (email) await store.emailBodies.put(tenantUuid, email, `Body ${serial}`);
        return;
      }
    }
  }

  /** Every record the world made that is still there, as its poll shows it, by kind and uuid. */
  async reads(): Promise<Map<string, Read>> {
    const { store } = this;
    const { tenantUuid } = this.tenant;
    const reads = new Map<string, Read>();
    const put = (kind: string, uuid: string, stamp: number | null, shown: unknown) => reads.set(`${kind} ${uuid}`, { stamp, shown: JSON.stringify(shown) });
    const merged = await store.persons.mergedPersonUuids(tenantUuid, this.uuids.person);
    for (const uuid of this.uuids.person) {
      const person = await store.persons.get(tenantUuid, uuid);
      if (person) put("person", uuid, person.service_updated_at, { ...person, service_updated_at: 0, merged: merged.get(uuid) ?? [] });
    }
    for (const uuid of this.uuids.company) {
      const company = await store.companies.get(tenantUuid, uuid);
      if (company) put("company", uuid, company.service_updated_at, { ...company, service_updated_at: 0 });
    }
    for (const uuid of this.uuids.opportunity) {
      const opportunity = await store.opportunities.get(tenantUuid, uuid, TENANT_WIDE);
      if (opportunity) put("opportunity", uuid, opportunity.updated_at, opportunityShown(opportunity));
    }
    for (const uuid of this.uuids.note) {
      const note = await store.notes.get(tenantUuid, uuid, TENANT_WIDE);
      if (note) put("note", uuid, note.updated_at, { ...note, updated_at: 0, owner: userUuidOf(note.owner) });
    }
    for (const uuid of this.uuids.task) {
      const task = await store.tasks.get(tenantUuid, uuid, TENANT_WIDE);
      if (task) put("task", uuid, task.updated_at, { ...task, updated_at: 0, assignee: userUuidOf(task.assignee), created_by: userUuidOf(task.created_by) });
    }
    for (const uuid of this.uuids.list) {
      const list = await store.entityLists.get(tenantUuid, uuid);
      if (list) put("list", uuid, list.updated_at, { ...list, updated_at: 0 });
    }
    for (const uuid of this.uuids.user) {
      const user = await store.users.get(tenantUuid, uuid);
      if (user) put("user", uuid, user.updated_at, { ...user, updated_at: 0 });
    }
    for (const uuid of this.uuids.meeting) {
      const meeting = await store.meetings.get(tenantUuid, uuid);
      if (meeting) put("meeting", uuid, meeting.updated_at, { ...meeting, updated_at: 0 });
    }
    for (const uuid of this.uuids.email) {
      const email = await store.emails.getByUuid(tenantUuid, uuid);
      if (email) put("email", uuid, null, email);
    }
    return reads;
  }

  /** The uuids the activity feed lists after `afterSequence`, and its last sequence. */
  async feedAfter(afterSequence: number | undefined): Promise<{ uuids: Set<string>; last: number | undefined }> {
    const uuids = new Set<string>();
    let last = afterSequence;
    let position: PagePosition = { kind: "offset", offset: 0 };
    for (;;) {
      const page = await this.store.interactions.feed(this.tenant.tenantUuid, { position, limit: 100, afterSequence });
      for (const item of page.rows) {
        uuids.add(item.uuid);
        last = item.sequence;
      }
      if (!page.hasMore) return { uuids, last };
      position = { kind: "after", key: page.lastKey! };
    }
  }
}

describe("what pollers see change", () => {
  it("every record whose read a write changed comes again in its poll", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        let clock = Date.UTC(2026, 11, 1);
        const store = await createSqliteStore({ path: ":memory:", now: () => (clock += 1) });
        try {
          const world = new World(store, await createDeletionLogTenant(store));
          let before = await world.reads();
          let sequence = (await world.feedAfter(undefined)).last;
          for (const current of steps) {
            const watermark = clock;
            await world.apply(current);
            const after = await world.reads();
            const feed = await world.feedAfter(sequence);
            sequence = feed.last;
            for (const [key, read] of after) {
              const earlier = before.get(key);
              if (earlier?.shown === read.shown) continue;
              const relisted = read.stamp === null ? feed.uuids.has(key.split(" ")[1]!) : read.stamp > watermark;
              expect({ step: current, key, was: earlier?.shown ?? null, is: read.shown, relisted }).toMatchObject({ relisted: true });
            }
            before = after;
          }
        } finally {
          await store.close();
        }
      }),
      { numRuns: 40 },
    );
  });
});
