import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

let store: Store;
let tenantUuid: string;
let clock: number;

beforeEach(async () => {
  clock = Date.UTC(2026, 10, 21, 12);
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
});
afterEach(() => store.close());

const page = { order: "asc" as const, position: { kind: "offset" as const, offset: 0 }, limit: 10 };

describe("a write that changes nothing", () => {
  it("leaves a person's stamp, the person's place in change polls and the graph's revision as they were", async () => {
    const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
    const jane = await store.persons.create({
      tenant_uuid: tenantUuid,
      name: "Jane Doe",
      job_title: "CTO",
      primary_company_uuid: globex.uuid,
      emails: ["jane@globex.example", "jd@home.example"],
      tags: ["founder", "vip"],
    });
    await store.graphs.forTenant(tenantUuid);
    clock += 60_000;
    const revision = store.revision(tenantUuid);
    const polledFrom = clock;

    const same = await store.persons.update(tenantUuid, jane.uuid, {
      name: "Jane Doe",
      job_title: "CTO",
      primary_company_uuid: globex.uuid,
      emails: [{ address: "JD@Home.example" }, { address: "Jane@Globex.example", is_primary: true }],
      tags: ["founder", "vip"],
      affiliations: [{ company_uuid: globex.uuid, title: "CTO", is_current: true, started_on: jane.affiliations[0]!.started_on }],
    });
    expect(same).toEqual(jane);
    expect(store.revision(tenantUuid)).toBe(revision);
    const polled = await store.persons.list(tenantUuid, { ...page, filters: { modified_since: polledFrom } });
    expect(polled.rows).toEqual([]);

    const moved = await store.persons.update(tenantUuid, jane.uuid, { city: "Boston" });
    expect(moved!.service_updated_at).toBe(polledFrom);
    expect((await store.persons.list(tenantUuid, { ...page, filters: { modified_since: polledFrom } })).rows.map((person) => person.uuid)).toEqual([jane.uuid]);
  });

  it("leaves a company's stamp and place in change polls as they were", async () => {
    const acme = await store.companies.create({
      tenant_uuid: tenantUuid,
      company_name: "Acme",
      domain: "acme.example",
      service_industry_tags: ["software"],
      former_domains: ["acme-old.example"],
    });
    clock += 60_000;
    const polledFrom = clock;
    const list = () => store.companies.list(tenantUuid, { ...page, sort_by: "service_updated_at", filters: { modified_since: polledFrom } });

    const same = await store.companies.update(tenantUuid, acme.uuid, {
      company_name: "Acme",
      domain: "https://www.ACME.example/",
      service_industry_tags: ["software"],
      former_domains: ["acme-old.example"],
    });
    expect(same).toEqual(acme);
    expect((await list()).rows).toEqual([]);
    expect(await store.companies.formerDomains(tenantUuid, [acme.uuid])).toEqual(new Map([[acme.uuid, ["acme-old.example"]]]));

    await store.companies.update(tenantUuid, acme.uuid, { description: "Anvils." });
    expect((await list()).rows.map((company) => company.service_updated_at)).toEqual([polledFrom]);
  });

  it("leaves a meeting's, an opportunity's, a task's and a note's updated_at and the activity feed as they were", async () => {
    const viewer = { user_uuid: null };
    const startsAt = clock - 3_600_000;
    const meeting = await store.meetings.create(tenantUuid, { title: "Intro", starts_at: startsAt, attendees: [{ email: "ada@example.com" }, { email: "cleo@example.com" }] });
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Open" });
    const deal = await store.opportunities.create({ tenant_uuid: tenantUuid, name: "Big deal", type_uuid: type.uuid, stage_uuid: stage.uuid, value: 1000 }, viewer);
    const task = await store.tasks.create({ tenant_uuid: tenantUuid, title: "Call", scope: "WORKSPACE" }, viewer);
    const note = await store.notes.create({ tenant_uuid: tenantUuid, title: "Met", content: "Went well." }, viewer);
    const feed = async () => (await store.interactions.feed(tenantUuid, { position: page.position, limit: 10 })).rows.map((item) => JSON.stringify(item));
    const listedBefore = await feed();
    expect(listedBefore).toHaveLength(1);
    clock += 60_000;

    expect(await store.meetings.update(tenantUuid, meeting.uuid, { title: "Intro", starts_at: startsAt })).toEqual(meeting);
    expect(await store.opportunities.update(tenantUuid, deal.uuid, { name: "Big deal", value: 1000, stage_uuid: stage.uuid }, { user_uuid: null }, viewer)).toEqual(deal);
    expect(await store.tasks.update(tenantUuid, task.uuid, { title: "Call", status: task.status }, viewer)).toEqual(task);
    expect(await store.notes.update(tenantUuid, note.uuid, { content: "Went well." }, viewer)).toEqual(note);
    expect(await feed()).toEqual(listedBefore);

    // One field changed moves the stamp.
    expect((await store.meetings.update(tenantUuid, meeting.uuid, { location: "Room 4" }))!.updated_at).toBe(clock);
    expect((await store.tasks.update(tenantUuid, task.uuid, { status: "DONE" }, viewer))!.updated_at).toBe(clock);
  });
});
