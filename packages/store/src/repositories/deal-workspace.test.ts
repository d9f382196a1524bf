/** Store-level rules of the deal workspace: link identity, person merges, activity dates, tenant scoping. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Store } from "../store.js";
import type { Tenant } from "../records.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";

let store: Store;
let tenant: Tenant;
const viewer = { user_uuid: null };

beforeEach(async () => {
  store = await createSqliteStore({ path: ":memory:" });
  tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
});
afterEach(() => store.close());

async function pipeline(tenantUuid = tenant.uuid) {
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead", percentage: 25 });
  return { type, stage };
}

describe("associations", () => {
  it("treats A→B and B→A as one link, with its first context", async () => {
    const { type, stage } = await pipeline();
    const deal = await store.opportunities.create({ tenant_uuid: tenant.uuid, name: "Deal", type_uuid: type.uuid, stage_uuid: stage.uuid }, viewer);
    const note = await store.notes.create({ tenant_uuid: tenant.uuid, content: "n" }, viewer);
    const first = await store.associations.link(tenant.uuid, { type: "NOTE", uuid: note.uuid }, { type: "OPPORTUNITY", uuid: deal.uuid, context: "first" }, viewer);
    const second = await store.associations.link(tenant.uuid, { type: "OPPORTUNITY", uuid: deal.uuid }, { type: "NOTE", uuid: note.uuid, context: "second" }, viewer);
    expect(first.created).toBe(true);
    expect(second).toMatchObject({ created: false, link: { uuid: first.link.uuid, entity_type: "NOTE", entity_uuid: note.uuid, context: "first" } });
    expect(await store.associations.list(tenant.uuid, "OPPORTUNITY", deal.uuid, viewer)).toHaveLength(1);
    expect(await store.associations.list(tenant.uuid, "NOTE", note.uuid, viewer)).toEqual([
      expect.objectContaining({ uuid: first.link.uuid, entity_type: "OPPORTUNITY", entity_uuid: deal.uuid }),
    ]);
  });

  it("computes weighted_value from a percent probability, defaulting to the stage's percentage", async () => {
    const { type, stage } = await pipeline();
    const deal = await store.opportunities.create({ tenant_uuid: tenant.uuid, name: "Deal", type_uuid: type.uuid, stage_uuid: stage.uuid, value: 1_000 }, viewer);
    expect(deal).toMatchObject({ probability: 25, weighted_value: 250 });
    const updated = await store.opportunities.update(tenant.uuid, deal.uuid, { probability: null }, { user_uuid: null }, viewer);
    expect(updated).toMatchObject({ probability: null, weighted_value: null });
  });
});

describe("recentOpportunitiesOf", () => {
  it("counts every live linked opportunity and names only the most recently updated ones", async () => {
    let time = Date.UTC(2026, 0, 1);
    const clocked = await createSqliteStore({ path: ":memory:", now: () => time });
    try {
      const acme = await clocked.tenants.create({ name: "Acme", tier: "standard" });
      const type = await clocked.opportunityTypes.create({ tenant_uuid: acme.uuid, label: "Deal" });
      const stage = await clocked.opportunityStages.create({ tenant_uuid: acme.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      const ada = await clocked.persons.create({ tenant_uuid: acme.uuid, name: "Ada" });
      const cleo = await clocked.persons.create({ tenant_uuid: acme.uuid, name: "Cleo" });
      const deals = [];
      for (let index = 0; index < 6; index++) {
        time += 1_000;
        deals.push(
          await clocked.opportunities.create(
            { tenant_uuid: acme.uuid, name: `Deal ${index}`, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: ada.uuid }] },
            viewer,
          ),
        );
      }
      time += 1_000;
      await clocked.opportunities.update(acme.uuid, deals[0]!.uuid, { name: "Deal 0, revived" }, { user_uuid: null }, viewer);
      await clocked.opportunities.delete(acme.uuid, deals[5]!.uuid);
      const links = await clocked.associations.recentOpportunitiesOf(acme.uuid, "PERSON", [ada.uuid, cleo.uuid, ada.uuid], 3);
      expect(links).toEqual(new Map([[ada.uuid, { total: 5, recent: [deals[0]!.uuid, deals[4]!.uuid, deals[3]!.uuid] }]]));
      const all = await clocked.associations.opportunitiesOf(acme.uuid, "PERSON", [ada.uuid]);
      expect(all.get(ada.uuid)).toHaveLength(5);
    } finally {
      await clocked.close();
    }
  });
});

describe("repointPersonReferences", () => {
  it("moves associations and intro-person links to the canonical person in one transaction, merging duplicates", async () => {
    const { type, stage } = await pipeline();
    const canonical = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada Lovelace" });
    const superseded = await store.persons.create({ tenant_uuid: tenant.uuid, name: "A. Lovelace" });
    const both = await store.opportunities.create(
      {
        tenant_uuid: tenant.uuid,
        name: "Linked to both",
        type_uuid: type.uuid,
        stage_uuid: stage.uuid,
        intro_person_uuid: superseded.uuid,
        associations: [
          { entity_type: "PERSON", entity_uuid: canonical.uuid },
          { entity_type: "PERSON", entity_uuid: superseded.uuid },
        ],
      },
      viewer,
    );
    const note = await store.notes.create({ tenant_uuid: tenant.uuid, content: "n", associations: [{ entity_type: "PERSON", entity_uuid: superseded.uuid }] }, viewer);
    const task = await store.tasks.create({ tenant_uuid: tenant.uuid, title: "t", scope: "WORKSPACE", associations: [{ entity_type: "PERSON", entity_uuid: superseded.uuid }] }, viewer);

    await store.records.repointPersonReferences(tenant.uuid, superseded.uuid, canonical.uuid);

    const moved = (await store.opportunities.get(tenant.uuid, both.uuid, viewer))!;
    expect(moved.intro_person?.uuid).toBe(canonical.uuid);
    expect(moved.associations.map((association) => association.entity_uuid)).toEqual([canonical.uuid]);
    expect((await store.notes.get(tenant.uuid, note.uuid, viewer))!.associations.map((link) => link.entity_uuid)).toEqual([canonical.uuid]);
    expect((await store.tasks.get(tenant.uuid, task.uuid, viewer))!.associations.map((link) => link.entity_uuid)).toEqual([canonical.uuid]);
    const filtered = await store.opportunities.list(tenant.uuid, {
      filters: { person_uuids: [superseded.uuid] },
      order: "asc",
      viewer,
      position: { kind: "offset", offset: 0 },
      limit: 10,
    });
    expect(filtered.rows).toEqual([]);
    // Linking the canonical person again is a duplicate: the merged link keeps its identity.
    const again = await store.associations.link(tenant.uuid, { type: "NOTE", uuid: note.uuid }, { type: "PERSON", uuid: canonical.uuid }, viewer);
    expect(again.created).toBe(false);
  });

  it("runs inside the caller's transaction and rolls back with it", async () => {
    const { type, stage } = await pipeline();
    const canonical = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Canonical" });
    const superseded = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Superseded" });
    const deal = await store.opportunities.create(
      { tenant_uuid: tenant.uuid, name: "Deal", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: superseded.uuid }] },
      viewer,
    );
    await expect(
      store.transaction(async (transactional) => {
        await transactional.records.repointPersonReferences(tenant.uuid, superseded.uuid, canonical.uuid);
        throw new Error("merge failed later");
      }),
    ).rejects.toThrow("merge failed later");
    expect((await store.opportunities.get(tenant.uuid, deal.uuid, viewer))!.associations[0]!.entity_uuid).toBe(superseded.uuid);
  });

  it("touches no other tenant", async () => {
    const other = await store.tenants.create({ name: "Other", tier: "standard" });
    const { type, stage } = await pipeline(other.uuid);
    const theirs = await store.persons.create({ tenant_uuid: other.uuid, name: "Theirs" });
    const canonical = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ours" });
    const deal = await store.opportunities.create(
      { tenant_uuid: other.uuid, name: "Their deal", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: theirs.uuid }] },
      viewer,
    );
    await store.records.repointPersonReferences(tenant.uuid, theirs.uuid, canonical.uuid);
    expect((await store.opportunities.get(other.uuid, deal.uuid, viewer))!.associations[0]!.entity_uuid).toBe(theirs.uuid);
  });
});

describe("activity dates", () => {
  it("are null until email and meeting activity is recorded, and a refresh keeps them so", async () => {
    const { type, stage } = await pipeline();
    const person = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada" });
    const deal = await store.opportunities.create(
      { tenant_uuid: tenant.uuid, name: "Deal", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: person.uuid }] },
      viewer,
    );
    await store.opportunities.refreshActivity(tenant.uuid);
    const read = (await store.opportunities.get(tenant.uuid, deal.uuid, viewer))!;
    expect(read).toMatchObject({ last_activity_at: null, person_last_activity_at: null, company_last_activity_at: null });
    expect(read.associations[0]).toMatchObject({ last_activity_at: null, person: { last_activity_at: null } });
  });

  it("move forward with each new email or meeting of a linked person or of someone at a linked company, as a full refresh computes them", async () => {
    const { type, stage } = await pipeline();
    const day = 86_400_000;
    const base = Date.now() - 30 * day;
    const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
    const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada", emails: ["ada@x.example"] });
    const cleo = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Cleo", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
    const byPerson = await store.opportunities.create(
      { tenant_uuid: tenant.uuid, name: "Via Ada", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: ada.uuid }] },
      viewer,
    );
    const byCompany = await store.opportunities.create(
      { tenant_uuid: tenant.uuid, name: "Via Globex", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "COMPANY", entity_uuid: globex.uuid }] },
      viewer,
    );
    const dates = async (uuid: string) => {
      const read = (await store.opportunities.get(tenant.uuid, uuid, viewer))!;
      return [read.person_last_activity_at, read.company_last_activity_at, read.last_activity_at];
    };
    const email = (id: string, at: number, to: string) =>
      store.emails.ingest(tenant.uuid, { message_id: id, sent_at: at, from: { email: "me@acme.example" }, to: [{ email: to }] });

    await email("e1", base + 2 * day, "ada@x.example");
    await email("e2", base + 5 * day, "cleo@globex.example");
    await email("e3", base + 1 * day, "ada@x.example"); // earlier: changes nothing
    await email("e4", Date.now() + 5 * day, "cleo@globex.example"); // not yet happened: does not count
    expect(await dates(byPerson.uuid)).toEqual([base + 2 * day, null, base + 2 * day]);
    expect(await dates(byCompany.uuid)).toEqual([null, base + 5 * day, base + 5 * day]);

    await store.meetings.create(tenant.uuid, { title: "Cancelled", starts_at: base + 9 * day, status: "cancelled", attendees: [{ person_uuid: ada.uuid }] });
    await store.meetings.create(tenant.uuid, { title: "Declined", starts_at: base + 9 * day, attendees: [{ person_uuid: cleo.uuid, response: "declined" }] });
    expect(await dates(byPerson.uuid)).toEqual([base + 2 * day, null, base + 2 * day]);
    expect(await dates(byCompany.uuid)).toEqual([null, base + 5 * day, base + 5 * day]);
    await store.meetings.create(tenant.uuid, { title: "Sync", starts_at: base + 7 * day, attendees: [{ person_uuid: ada.uuid }, { person_uuid: cleo.uuid }] });
    expect(await dates(byPerson.uuid)).toEqual([base + 7 * day, null, base + 7 * day]);
    expect(await dates(byCompany.uuid)).toEqual([null, base + 7 * day, base + 7 * day]);

    // A full recomputation agrees with the incremental dates.
    const before = [await dates(byPerson.uuid), await dates(byCompany.uuid)];
    await store.opportunities.refreshActivity(tenant.uuid);
    expect([await dates(byPerson.uuid), await dates(byCompany.uuid)]).toEqual(before);

    // Each link shows the same last activity: read from the tenant's graph, and inside a transaction
    // (whose writes the graph has not seen yet) from the database.
    const linkDates = async (reader: Store) =>
      Promise.all(
        [byPerson.uuid, byCompany.uuid].map(async (uuid) => (await reader.opportunities.get(tenant.uuid, uuid, viewer))!.associations.map((link) => link.last_activity_at)),
      );
    expect(await linkDates(store)).toEqual([[base + 7 * day], [base + 7 * day]]);
    expect(await store.transaction((transactional) => linkDates(transactional))).toEqual([[base + 7 * day], [base + 7 * day]]);
  });

  it("raise correctly after a deletion lowered them or a rolled-back ingest raised them (the floors that let old activity skip a company's links)", async () => {
    const { type, stage } = await pipeline();
    const day = 86_400_000;
    const base = Date.now() - 60 * day;
    const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
    const cleo = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Cleo", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
    const deals = await Promise.all(
      ["One", "Two"].map((name) =>
        store.opportunities.create(
          { tenant_uuid: tenant.uuid, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "COMPANY", entity_uuid: globex.uuid }] },
          viewer,
        ),
      ),
    );
    const companyDates = async () =>
      Promise.all(deals.map(async (deal) => (await store.opportunities.get(tenant.uuid, deal.uuid, viewer))!.company_last_activity_at));
    const email = (target: Store, id: string, at: number) =>
      target.emails.ingest(tenant.uuid, { message_id: id, sent_at: at, from: { email: "me@acme.example" }, to: [{ email: "cleo@globex.example" }] });

    await email(store, "e1", base + 3 * day);
    const sync = await store.meetings.create(tenant.uuid, { title: "Sync", starts_at: base + 10 * day, attendees: [{ person_uuid: cleo.uuid }, { email: "me@acme.example" }] });
    await email(store, "e2", base + 5 * day); // earlier than the meeting: raises nothing
    expect(await companyDates()).toEqual([base + 10 * day, base + 10 * day]);

    // The meeting goes: the dates go down to the last email, and a later email raises them again.
    await store.meetings.delete(tenant.uuid, sync.uuid);
    expect(await companyDates()).toEqual([base + 5 * day, base + 5 * day]);
    await email(store, "e3", base + 8 * day);
    expect(await companyDates()).toEqual([base + 8 * day, base + 8 * day]);

    // An ingest that rolls back leaves the dates where they were, and an earlier email still raises them.
    await expect(
      store.transaction(async (transactional) => {
        await email(transactional, "e4", base + 20 * day);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect(await companyDates()).toEqual([base + 8 * day, base + 8 * day]);
    await email(store, "e5", base + 15 * day);
    expect(await companyDates()).toEqual([base + 15 * day, base + 15 * day]);

    // A deal linked later starts at the company's last activity and moves with it.
    const third = await store.opportunities.create(
      { tenant_uuid: tenant.uuid, name: "Three", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "COMPANY", entity_uuid: globex.uuid }] },
      viewer,
    );
    deals.push(third);
    await email(store, "e6", base + 16 * day);
    expect(await companyDates()).toEqual([base + 16 * day, base + 16 * day, base + 16 * day]);
    await store.opportunities.refreshActivity(tenant.uuid);
    expect(await companyDates()).toEqual([base + 16 * day, base + 16 * day, base + 16 * day]);
  });

  it("take what ingest recorded at the next read of opportunities, once, as a full refresh computes them", async () => {
    const { type, stage } = await pipeline();
    const day = 86_400_000;
    const base = Date.now() - 60 * day;
    const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
    const cleo = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Cleo", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
    const link = (entity_type: "PERSON" | "COMPANY", entity_uuid: string) => [{ entity_type, entity_uuid }];
    const byCompany = await store.opportunities.create(
      { tenant_uuid: tenant.uuid, name: "Via Globex", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: link("COMPANY", globex.uuid) },
      viewer,
    );
    const byPerson = await store.opportunities.create(
      { tenant_uuid: tenant.uuid, name: "Via Cleo", type_uuid: type.uuid, stage_uuid: stage.uuid, associations: link("PERSON", cleo.uuid) },
      viewer,
    );
    const email = (id: string, at: number, to: string) =>
      store.emails.ingest(tenant.uuid, { message_id: id, sent_at: at, from: { email: "me@acme.example" }, to: [{ email: to }] });
    const listed = (last_activity?: { from: number; to: number }) =>
      store.opportunities.list(tenant.uuid, {
        filters: last_activity ? { last_activity } : {},
        sort_by: "last_activity_date",
        order: "desc",
        viewer,
        position: { kind: "offset", offset: 0 },
        limit: 10,
      });
    const dates = async () =>
      (await listed()).rows.map((row) => [row.name, row.person_last_activity_at, row.company_last_activity_at, row.last_activity_at]);

    // No read between these writes: a meeting that came and went before the read leaves no trace.
    await email("e1", base + 3 * day, "cleo@globex.example");
    await email("e2", base + 6 * day, "cleo@globex.example");
    const sync = await store.meetings.create(tenant.uuid, { title: "Sync", starts_at: base + 9 * day, attendees: [{ person_uuid: cleo.uuid }] });
    await store.meetings.delete(tenant.uuid, sync.uuid);
    expect((await listed({ from: base + 5 * day, to: base + 7 * day })).rows.map((row) => row.name).sort()).toEqual(["Via Cleo", "Via Globex"]);
    expect(await dates()).toEqual(
      expect.arrayContaining([
        ["Via Globex", null, base + 6 * day, base + 6 * day],
        ["Via Cleo", base + 6 * day, null, base + 6 * day],
      ]),
    );

    // An email to a person merged away before the read still counts, for the person and for their company.
    const dup = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Cleo B", emails: ["cleo.b@globex.example"], primary_company_uuid: globex.uuid });
    await email("e3", base + 12 * day, "cleo.b@globex.example");
    await store.personMerges.merge({ tenant_uuid: tenant.uuid, canonical_uuid: cleo.uuid, superseded_uuid: dup.uuid, preview: false, merged_by_user_uuid: null });
    expect((await store.opportunities.get(tenant.uuid, byCompany.uuid, viewer))!.company_last_activity_at).toBe(base + 12 * day);
    expect((await store.opportunities.get(tenant.uuid, byPerson.uuid, viewer))!.person_last_activity_at).toBe(base + 12 * day);

    const before = await dates();
    await store.opportunities.refreshActivity(tenant.uuid);
    expect(await dates()).toEqual(before);
  });

  it("rise with a merge to the canonical person's last activity, also on opportunities below its floor and at companies it joins", async () => {
    const { type, stage } = await pipeline();
    const day = 86_400_000;
    const base = Date.now() - 60 * day;
    const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
    const initech = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Initech" });
    const cleo = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Cleo", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
    const dup = await store.persons.create({ tenant_uuid: tenant.uuid, name: "C. B.", emails: ["cb@initech.example"], primary_company_uuid: initech.uuid });
    const deal = (name: string, entity_type: "PERSON" | "COMPANY", entity_uuid: string) =>
      store.opportunities.create({ tenant_uuid: tenant.uuid, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type, entity_uuid }] }, viewer);
    const deals = [await deal("Cleo's", "PERSON", cleo.uuid), await deal("Dup's", "PERSON", dup.uuid), await deal("Globex", "COMPANY", globex.uuid), await deal("Initech", "COMPANY", initech.uuid)];
    const email = (id: string, at: number, to: string) =>
      store.emails.ingest(tenant.uuid, { message_id: id, sent_at: at, from: { email: "me@acme.example" }, to: [{ email: to }] });
    await email("to-cleo", base + 10 * day, "cleo@globex.example");
    await email("to-dup", base + 5 * day, "cb@initech.example");
    const dates = async () =>
      Promise.all(
        deals.map(async ({ uuid }) => {
          const read = (await store.opportunities.get(tenant.uuid, uuid, viewer))!;
          return [read.name, read.person_last_activity_at, read.company_last_activity_at, read.last_activity_at];
        }),
      );
    // Read once, so that each person and company holds a floor: Cleo's at day 10, above Dup's deal.
    expect(await dates()).toEqual([
      ["Cleo's", base + 10 * day, null, base + 10 * day],
      ["Dup's", base + 5 * day, null, base + 5 * day],
      ["Globex", null, base + 10 * day, base + 10 * day],
      ["Initech", null, base + 5 * day, base + 5 * day],
    ]);

    await store.personMerges.merge({ tenant_uuid: tenant.uuid, canonical_uuid: cleo.uuid, superseded_uuid: dup.uuid, preview: false, merged_by_user_uuid: null });
    // Dup's deal is now Cleo's, and Cleo is now at Initech too: every date is Cleo's day 10.
    const merged = await dates();
    expect(merged).toEqual([
      ["Cleo's", base + 10 * day, null, base + 10 * day],
      ["Dup's", base + 10 * day, null, base + 10 * day],
      ["Globex", null, base + 10 * day, base + 10 * day],
      ["Initech", null, base + 10 * day, base + 10 * day],
    ]);
    await store.opportunities.refreshActivity(tenant.uuid);
    expect(await dates()).toEqual(merged);
  });
});
