/**
 * Deleting a record removes every link touching it, in either direction, and nothing else; each side's
 * statement seeks its index under statistics like benchmark scale L's, instead of reading every link of
 * the tenant.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useScaleLStatistics } from "../testing/scale-l-statistics.js";
import { planOf, preparedDuring } from "../testing/sqlite-plans.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-delete-links-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const viewer = { user_uuid: null };

it("an opportunity's deletion removes its links both ways, each side through its own index", async () => {
  const path = join(folder, "links.db");
  const store = await createSqliteStore({ path });
  try {
    const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
    const type = await store.opportunityTypes.create({ tenant_uuid: tenant.uuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada" });
    const deal = async (name: string) =>
      store.opportunities.create(
        { tenant_uuid: tenant.uuid, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: ada.uuid }] },
        viewer,
      );
    const doomed = await deal("Doomed");
    const kept = await deal("Kept");
    // A note links to the doomed deal (the deal is the link's target) and to the kept one.
    const note = await store.notes.create({ tenant_uuid: tenant.uuid, content: "Call back" }, viewer);
    for (const opportunity of [doomed, kept]) {
      await store.associations.link(tenant.uuid, { type: "NOTE", uuid: note.uuid }, { type: "OPPORTUNITY", uuid: opportunity.uuid }, viewer);
    }

    const statements = await preparedDuring(() => store.opportunities.delete(tenant.uuid, doomed.uuid));
    expect((await store.associations.list(tenant.uuid, "NOTE", note.uuid, viewer)).map((link) => link.entity_uuid)).toEqual([kept.uuid]);
    expect((await store.associations.opportunitiesOf(tenant.uuid, "PERSON", [ada.uuid])).get(ada.uuid)).toEqual([kept.uuid]);
    expect(await store.associations.list(tenant.uuid, "OPPORTUNITY", kept.uuid, viewer)).toHaveLength(2);

    const deletes = statements.filter((source) => /^delete from "associations"/i.test(source));
    expect(deletes).toHaveLength(2);
    const sqlite = new SqliteDatabase(path);
    try {
      useScaleLStatistics(sqlite, ["associations"]);
      const plans = deletes.map((source) => planOf(sqlite, source));
      expect(plans).toEqual([
        expect.stringContaining("SEARCH associations USING INDEX associations_owner (tenant_uuid=? AND owner_uuid=?)"),
        expect.stringContaining("SEARCH associations USING INDEX associations_entity (tenant_uuid=? AND entity_uuid=?)"),
      ]);
    } finally {
      sqlite.close();
    }
  } finally {
    await store.close();
  }
});
