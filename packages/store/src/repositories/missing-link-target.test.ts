/**
 * A link's sides are checked in the transaction that writes it: a record deleted or erased after a caller's own
 * check (the API's, a request earlier) is refused, and no link to it is left behind for
 * `sort_by=notes_and_files_count` to count.
 */
import { describe, expect, it } from "vitest";
import { InvalidInputError, NotFoundError } from "../errors.js";
import { useFreshStore } from "../testing/fresh-store.js";

const fresh = useFreshStore();
const viewer = { user_uuid: null };

async function twoDeals() {
  const { store, tenantUuid } = fresh;
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const deal = (name: string) => store.opportunities.create({ tenant_uuid: tenantUuid, name, type_uuid: type.uuid, stage_uuid: stage.uuid }, viewer);
  return { raced: await deal("Raced"), other: await deal("Other") };
}

/** Names of the tenant's opportunities, most notes and files first. */
async function byNotesAndFiles(): Promise<string[]> {
  const page = await fresh.store.opportunities.list(fresh.tenantUuid, {
    position: { kind: "offset", offset: 0 },
    limit: 10,
    sort_by: "notes_and_files_count",
    order: "desc",
    filters: {},
    viewer,
  });
  return page.rows.map((row) => row.name);
}

describe("associations.link", () => {
  it("refuses a target deleted after the caller checked it, and leaves nothing to count", async () => {
    const { store, tenantUuid } = fresh;
    const { raced, other } = await twoDeals();
    const kept = await store.notes.create({ tenant_uuid: tenantUuid, content: "kept" }, viewer);
    await store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: other.uuid }, { type: "NOTE", uuid: kept.uuid }, viewer);
    for (const content of ["first", "second"]) {
      const note = await store.notes.create({ tenant_uuid: tenantUuid, content }, viewer);
      // The racing order: the caller's check passes, the note goes, then the link is written.
      expect((await store.records.existing(tenantUuid, "NOTE", [note.uuid], viewer)).has(note.uuid)).toBe(true);
      expect(await store.notes.delete(tenantUuid, note.uuid)).toBe(true);
      const link = store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: raced.uuid }, { type: "NOTE", uuid: note.uuid }, viewer);
      await expect(link).rejects.toThrow(new NotFoundError(`NOTE ${note.uuid} not found`));
    }
    expect(await byNotesAndFiles()).toEqual(["Other", "Raced"]);
  });

  it("refuses an owner deleted after the caller loaded it", async () => {
    const { store, tenantUuid } = fresh;
    const { raced, other } = await twoDeals();
    const kept = await store.notes.create({ tenant_uuid: tenantUuid, content: "kept" }, viewer);
    await store.associations.link(tenantUuid, { type: "NOTE", uuid: kept.uuid }, { type: "OPPORTUNITY", uuid: other.uuid }, viewer);
    for (const content of ["first", "second"]) {
      const note = await store.notes.create({ tenant_uuid: tenantUuid, content }, viewer);
      expect(await store.notes.delete(tenantUuid, note.uuid)).toBe(true);
      const link = store.associations.link(tenantUuid, { type: "NOTE", uuid: note.uuid }, { type: "OPPORTUNITY", uuid: raced.uuid }, viewer);
      await expect(link).rejects.toThrow(new NotFoundError(`NOTE ${note.uuid} not found`));
    }
    expect(await byNotesAndFiles()).toEqual(["Other", "Raced"]);
  });

  it("refuses another user's PERSONAL task, which the viewer cannot see", async () => {
    const { store, tenantUuid } = fresh;
    const { raced } = await twoDeals();
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const bo = await store.users.create({ tenant_uuid: tenantUuid, name: "Bo", email: "bo@acme.example", role: "member" });
    const task = await store.tasks.create({ tenant_uuid: tenantUuid, title: "Ada's", scope: "PERSONAL", created_by_user_uuid: ada.uuid }, { user_uuid: ada.uuid });
    const link = store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: raced.uuid }, { type: "TASK", uuid: task.uuid }, { user_uuid: bo.uuid });
    await expect(link).rejects.toThrow(NotFoundError);
    const made = await store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: raced.uuid }, { type: "TASK", uuid: task.uuid }, { user_uuid: ada.uuid });
    expect(made.created).toBe(true);
  });
});

describe("notes.create and tasks.create", () => {
  it("refuse, writing nothing, a person erased after the caller checked it", async () => {
    const { store, tenantUuid } = fresh;
    const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda" });
    expect((await store.records.existing(tenantUuid, "PERSON", [zelda.uuid], viewer)).has(zelda.uuid)).toBe(true);
    expect(await store.persons.erase(tenantUuid, zelda.uuid)).toBe(true);
    const associations = [{ entity_type: "PERSON" as const, entity_uuid: zelda.uuid }];
    const refusal = new InvalidInputError(`associations: PERSON ${zelda.uuid} not found`);
    await expect(store.notes.create({ tenant_uuid: tenantUuid, content: "Imported", associations }, viewer)).rejects.toThrow(refusal);
    await expect(store.tasks.create({ tenant_uuid: tenantUuid, title: "Call", scope: "WORKSPACE", associations }, viewer)).rejects.toThrow(refusal);
    const page = { position: { kind: "offset" as const, offset: 0 }, limit: 10, order: "asc" as const, viewer };
    expect((await store.notes.list(tenantUuid, page)).rows).toEqual([]);
    expect((await store.tasks.list(tenantUuid, { ...page, filters: {} })).rows).toEqual([]);
  });

  it("name the person a merge moved a link target to", async () => {
    const { store, tenantUuid } = fresh;
    const canonical = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Q" });
    const superseded = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda" });
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonical.uuid, superseded_uuid: superseded.uuid, preview: false, merged_by_user_uuid: null });
    const associations = [{ entity_type: "PERSON" as const, entity_uuid: superseded.uuid }];
    await expect(store.notes.create({ tenant_uuid: tenantUuid, content: "Imported", associations }, viewer)).rejects.toThrow(
      `associations: PERSON ${superseded.uuid} not found: it was merged into person ${canonical.uuid}`,
    );
  });
});
