/** `entityLists.update`: a list renamed and handed to another active user together, or neither. */
import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";

describe("entityLists.update", () => {
  it("hands a leaver's list to an active user (by user or person uuid), and refuses anyone else whole", async () => {
    let clock = Date.UTC(2026, 11, 1);
    const store = await createSqliteStore({ path: ":memory:", now: () => clock });
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const user = (name: string) => store.users.create({ tenant_uuid: tenantUuid, name, email: `${name}@acme.example`, role: "member" });
      const [leaver, colleague] = [await user("leaver"), await user("colleague")];
      const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Pipeline", kind: "persons", owner_user_uuid: leaver.uuid });
      await store.users.deactivate(tenantUuid, leaver.uuid);
      const contact = await store.persons.create({ tenant_uuid: tenantUuid, name: "Contact" });

      // The leaver's ownership as read is taken back unchanged; the leaver as a new owner is not.
      clock += 10;
      expect(await store.entityLists.update(tenantUuid, list.uuid, { name: "Pipeline 2", owner_user_uuid: leaver.uuid })).toMatchObject({ owner_user_uuid: leaver.uuid, updated_at: clock });
      const other = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Other", kind: "persons", owner_user_uuid: null });
      for (const refused of [leaver.uuid, contact.uuid, "00000000-0000-4000-8000-000000000000"]) {
        await expect(store.entityLists.update(tenantUuid, other.uuid, { name: "Renamed", owner_user_uuid: refused })).rejects.toThrow(InvalidInputError);
      }
      expect(await store.entityLists.get(tenantUuid, other.uuid)).toMatchObject({ name: "Other", owner_user_uuid: null });

      clock += 10;
      expect(await store.entityLists.update(tenantUuid, list.uuid, { owner_user_uuid: colleague.person_uuid })).toMatchObject({
        name: "Pipeline 2",
        owner_user_uuid: colleague.uuid,
        updated_at: clock,
      });
      expect(await store.entityLists.update(tenantUuid, list.uuid, { owner_user_uuid: null })).toMatchObject({ owner_user_uuid: null });
      expect(await store.entityLists.update(tenantUuid, "00000000-0000-4000-8000-000000000000", { name: "X" })).toBeNull();
    } finally {
      await store.close();
    }
  });
});
