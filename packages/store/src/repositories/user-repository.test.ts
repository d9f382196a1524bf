/** Users: reactivation and role changes, in the records, the remembered reads and the tenant graph; the merges that would make two users share a person. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { ConflictError, InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { useFreshStore } from "../testing/fresh-store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-users-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** Marks `supersededUuid` merged into `canonicalUuid` with a connection of its own, as an older release's merge left it. */
function mergedBehindTheStore(path: string, supersededUuid: string, canonicalUuid: string): void {
  const sqlite = new SqliteDatabase(path);
  try {
    sqlite.prepare("update persons set deleted_at = 1, merged_into_uuid = ? where uuid = ?").run(canonicalUuid, supersededUuid);
  } finally {
    sqlite.close();
  }
}

const everyone = { order: "asc" as const, position: { kind: "offset" as const, offset: 0 }, limit: 100 };

describe("users", () => {
  const fresh = useFreshStore();

  it("reactivate undoes deactivate: the user is active, the person internal again, the graph counts them", async () => {
    const { store, tenantUuid } = fresh;
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const graph = await store.graphs.forTenant(tenantUuid);
    expect(await store.users.deactivate(tenantUuid, ada.uuid)).toBe(true);
    // Remembered now, so the reactivation must replace it.
    expect((await store.users.get(tenantUuid, ada.uuid))?.is_active).toBe(false);
    expect((await store.users.list(tenantUuid, everyone)).rows[0]?.is_active).toBe(false);
    expect(graph.personOfUser(ada.uuid)).toBeNull();
    const inactivePerson = await store.persons.get(tenantUuid, ada.person_uuid);

    expect(await store.users.reactivate(tenantUuid, ada.uuid)).toBe(true);
    expect((await store.users.get(tenantUuid, ada.uuid))?.is_active).toBe(true);
    expect((await store.users.list(tenantUuid, everyone)).rows[0]?.is_active).toBe(true);
    expect(graph.personOfUser(ada.uuid)).toBe(ada.person_uuid);
    expect(graph.internalUsers().map((user) => user.userUuid)).toEqual([ada.uuid]);
    const person = await store.persons.get(tenantUuid, ada.person_uuid);
    expect(person?.is_internal).toBe(true);
    expect(person!.service_updated_at).toBeGreaterThanOrEqual(inactivePerson!.service_updated_at);
  });

  it("reactivate answers false for a user that is not in the tenant", async () => {
    const { store, tenantUuid } = fresh;
    const other = await store.tenants.create({ name: "Globex", tier: "standard" });
    const ben = await store.users.create({ tenant_uuid: other.uuid, name: "Ben", email: "ben@globex.example", role: "member" });
    await store.users.deactivate(other.uuid, ben.uuid);
    expect(await store.users.reactivate(tenantUuid, ben.uuid)).toBe(false);
    expect(await store.users.reactivate(tenantUuid, "no-such-user")).toBe(false);
    expect((await store.users.get(other.uuid, ben.uuid))?.is_active).toBe(false);
  });

  it("reactivate follows a person merged into another while the user was inactive", async () => {
    const { store, tenantUuid } = fresh;
    const ben = await store.users.create({ tenant_uuid: tenantUuid, name: "Ben", email: "ben@acme.example", role: "member" });
    const contact = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ben Okafor", emails: ["ben@home.example"] });
    await store.users.deactivate(tenantUuid, ben.uuid);
    const deactivated = (await store.users.get(tenantUuid, ben.uuid))!;
    // The store's clock is the wall clock: the merge's time is later than the deactivation's.
    await new Promise((resolve) => setTimeout(resolve, 2));
    const preview = await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: contact.uuid, superseded_uuid: ben.person_uuid, preview: true, merged_by_user_uuid: null });
    expect(preview.moved.users).toBe(1);
    expect((await store.users.get(tenantUuid, ben.uuid))?.person_uuid).toBe(ben.person_uuid);
    const merge = await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: contact.uuid, superseded_uuid: ben.person_uuid, preview: false, merged_by_user_uuid: null });
    expect(merge.moved.users).toBe(1);

    // At once, not at reactivation: the users list (and a poller of its updated_after) shows the person he is now.
    const inactive = (await store.users.get(tenantUuid, ben.uuid))!;
    expect(inactive).toMatchObject({ person_uuid: contact.uuid, is_active: false });
    expect(inactive.updated_at).toBeGreaterThan(deactivated.updated_at);
    expect((await store.users.list(tenantUuid, everyone)).rows.find((user) => user.uuid === ben.uuid)?.person_uuid).toBe(contact.uuid);
    expect((await store.persons.get(tenantUuid, contact.uuid))?.is_internal).toBe(false);

    expect(await store.users.reactivate(tenantUuid, ben.uuid)).toBe(true);
    expect((await store.users.get(tenantUuid, ben.uuid))?.person_uuid).toBe(contact.uuid);
    expect((await store.persons.get(tenantUuid, contact.uuid))?.is_internal).toBe(true);
    expect((await store.graphs.forTenant(tenantUuid)).personOfUser(ben.uuid)).toBe(contact.uuid);
  });

  it("reactivate refuses a user whose person a merge made before merges checked owners gave to another user", async () => {
    const path = join(folder, "merged-before.db");
    const store = await createSqliteStore({ path });
    try {
      const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
      const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
      const ben = await store.users.create({ tenant_uuid: tenantUuid, name: "Ben", email: "ben@acme.example", role: "member" });
      await store.users.deactivate(tenantUuid, ben.uuid);
      // What such a merge left: Ben's person removed, merged into Ada's (`personMerges.merge` refuses it now).
      mergedBehindTheStore(path, ben.person_uuid, ada.person_uuid);

      await expect(store.users.reactivate(tenantUuid, ben.uuid)).rejects.toThrow(
        new ConflictError(`user ${ben.uuid}'s person is now person ${ada.person_uuid}, which is user ${ada.uuid}'s own`),
      );
      expect((await store.users.get(tenantUuid, ben.uuid))?.is_active).toBe(false);
      expect((await store.graphs.forTenant(tenantUuid)).personOfUser(ada.uuid)).toBe(ada.person_uuid);
    } finally {
      await store.close();
    }
  });

  it("person merges refuse two users' own persons, active or deactivated, directly or through an earlier merge, so reactivation stays possible", async () => {
    const { store, tenantUuid } = fresh;
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const ben = await store.users.create({ tenant_uuid: tenantUuid, name: "Ben", email: "ben@acme.example", role: "member" });
    const merge = (canonicalUuid: string, supersededUuid: string, preview = false) =>
      store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: canonicalUuid, superseded_uuid: supersededUuid, preview, merged_by_user_uuid: null });
    const refusal = (supersededUuid: string, supersededOwner: string, canonicalUuid: string, canonicalOwner: string) =>
      new InvalidInputError(
        `person ${supersededUuid} is ${supersededOwner} and person ${canonicalUuid} is ${canonicalOwner}: two users never share a person, so neither can be merged into the other`,
      );
    const adaOwn = `user ${ada.uuid}'s own`;

    for (const preview of [false, true]) {
      await expect(merge(ada.person_uuid, ben.person_uuid, preview)).rejects.toThrow(refusal(ben.person_uuid, `user ${ben.uuid}'s own`, ada.person_uuid, adaOwn));
      await expect(merge(ben.person_uuid, ada.person_uuid, preview)).rejects.toThrow(refusal(ada.person_uuid, adaOwn, ben.person_uuid, `user ${ben.uuid}'s own`));
      // A validation failure (the API's 400), not a conflict: the API keeps 409 for the same person or one already merged.
      await expect(merge(ada.person_uuid, ben.person_uuid, preview)).rejects.toBeInstanceOf(InvalidInputError);
    }
    await store.users.deactivate(tenantUuid, ben.uuid);
    const benOwn = `user ${ben.uuid}'s own (a deactivated user)`;
    await expect(merge(ada.person_uuid, ben.person_uuid)).rejects.toThrow(refusal(ben.person_uuid, benOwn, ada.person_uuid, adaOwn));
    // Ben's person merged into a contact (allowed: nobody else's) makes that contact the person he comes back to.
    const contact = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ben Okafor", emails: ["ben@home.example"] });
    await merge(contact.uuid, ben.person_uuid);
    await expect(merge(ada.person_uuid, contact.uuid)).rejects.toThrow(refusal(contact.uuid, benOwn, ada.person_uuid, adaOwn));
    expect(await store.personMerges.mergedInto(tenantUuid, contact.uuid)).toBeNull();
    expect(await store.personMerges.listInto(tenantUuid, ada.person_uuid)).toEqual([]);

    // A contact still merges into a user's person.
    const duplicate = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada P.", emails: ["ada@home.example"] });
    expect((await merge(ada.person_uuid, duplicate.uuid)).merged.uuid).toBe(ada.person_uuid);
    expect(await store.users.reactivate(tenantUuid, ben.uuid)).toBe(true);
    expect((await store.users.get(tenantUuid, ben.uuid))?.person_uuid).toBe(contact.uuid);
    expect((await store.graphs.forTenant(tenantUuid)).personOfUser(ada.uuid)).toBe(ada.person_uuid);
  });

  it("create refuses an address of a person that is already a user's own, deactivated or not, so reactivation stays possible", async () => {
    const { store, tenantUuid } = fresh;
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    await store.persons.update(tenantUuid, ada.person_uuid, { emails: [{ address: "ada@acme.example" }, { address: "ada@home.example" }] });
    const taken = (state: string) =>
      new ConflictError(`users.create: ada@home.example is an address of person ${ada.person_uuid}, which is user ${ada.uuid}'s own (${state})`);
    const second = { tenant_uuid: tenantUuid, name: "Bea", email: "ada@home.example", role: "member" as const };

    await expect(store.users.create(second)).rejects.toThrow(taken("an active user"));
    await store.users.deactivate(tenantUuid, ada.uuid);
    await expect(store.users.create(second)).rejects.toThrow(taken("a deactivated user: reactivate them instead"));
    expect((await store.users.list(tenantUuid, everyone)).rows.map((user) => user.uuid)).toEqual([ada.uuid]);
    expect((await store.persons.get(tenantUuid, ada.person_uuid))?.is_internal).toBe(false);

    expect(await store.users.reactivate(tenantUuid, ada.uuid)).toBe(true);
    expect((await store.graphs.forTenant(tenantUuid)).personOfUser(ada.uuid)).toBe(ada.person_uuid);
  });

  it("create refuses the address of a person a deactivated user's person was merged into, which reactivation would follow", async () => {
    const { store, tenantUuid } = fresh;
    const ben = await store.users.create({ tenant_uuid: tenantUuid, name: "Ben", email: "ben@acme.example", role: "member" });
    const contact = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ben Okafor", emails: ["ben@home.example"] });
    await store.users.deactivate(tenantUuid, ben.uuid);
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: contact.uuid, superseded_uuid: ben.person_uuid, preview: false, merged_by_user_uuid: null });

    await expect(store.users.create({ tenant_uuid: tenantUuid, name: "Bo", email: "ben@home.example", role: "member" })).rejects.toThrow(
      new ConflictError(`users.create: ben@home.example is an address of person ${contact.uuid}, which is user ${ben.uuid}'s own (a deactivated user: reactivate them instead)`),
    );
    // A contact nobody owns still becomes the new user's person.
    const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo", emails: ["cleo@globex.example"] });
    expect((await store.users.create({ tenant_uuid: tenantUuid, name: "Cleo", email: "cleo@globex.example", role: "member" })).person_uuid).toBe(cleo.uuid);
    expect(await store.users.reactivate(tenantUuid, ben.uuid)).toBe(true);
  });

  it("setRole changes the role, remembered reads included; null for a user not in the tenant", async () => {
    const { store, tenantUuid } = fresh;
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    expect((await store.users.get(tenantUuid, ada.uuid))?.role).toBe("member");
    expect((await store.users.list(tenantUuid, everyone)).rows[0]?.role).toBe("member");

    const promoted = await store.users.setRole(tenantUuid, ada.uuid, "administrator");
    expect(promoted).toMatchObject({ uuid: ada.uuid, role: "administrator", is_active: true });
    expect((await store.users.get(tenantUuid, ada.uuid))?.role).toBe("administrator");
    expect((await store.users.list(tenantUuid, everyone)).rows[0]?.role).toBe("administrator");

    const other = await store.tenants.create({ name: "Globex", tier: "standard" });
    expect(await store.users.setRole(other.uuid, ada.uuid, "member")).toBeNull();
    expect(await store.users.setRole(tenantUuid, "no-such-user", "member")).toBeNull();
    expect((await store.users.get(tenantUuid, ada.uuid))?.role).toBe("administrator");
  });

  it("refuses a role outside ROLES, naming the field and the allowed values", async () => {
    const { store, tenantUuid } = fresh;
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    const setRole = store.users.setRole as (tenantUuid: string, userUuid: string, role: string) => Promise<unknown>;
    await expect(setRole(tenantUuid, ada.uuid, "owner")).rejects.toThrow(new InvalidInputError('users.setRole: "role" must be one of member, administrator; got "owner"'));
    expect((await store.users.get(tenantUuid, ada.uuid))?.role).toBe("member");
    const create = store.users.create as unknown as (input: Record<string, unknown>) => Promise<unknown>;
    await expect(create({ tenant_uuid: tenantUuid, name: "Ben", email: "ben@acme.example", role: "owner" })).rejects.toThrow(InvalidInputError);
    expect((await store.users.list(tenantUuid, everyone)).rows.map((user) => user.name)).toEqual(["Ada"]);
  });
});
