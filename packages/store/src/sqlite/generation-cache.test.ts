/**
 * Remembered reads (opportunity signals, key owners, users, persons, companies, list memberships) hold until what they depend on changes:
 * through this store, through another connection to the same file (another process), and nothing is
 * remembered from inside a transaction.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Store } from "../store.js";
import { othersCommitsSeen } from "../testing/others-commits-seen.js";
import { createSqliteStore } from "./create-sqlite-store.js";
import { GenerationCache } from "./generation-cache.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-generations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const viewer = { user_uuid: null };

/**
 * `store` as it is, with every repository call answered once the other stores see what it committed, as the
 * reply of another process would be: the next request they serve comes after it.
 */
function asAnotherProcess(store: Store): Store {
  const repository = (target: object) =>
    new Proxy(target, {
      get(object, name, receiver) {
        const value: unknown = Reflect.get(object, name, receiver);
        if (typeof value !== "function") return value;
        return async (...parameters: unknown[]) => {
          const result: unknown = await value.apply(object, parameters);
          await othersCommitsSeen();
          return result;
        };
      },
    });
  return new Proxy(store, {
    get(object, name, receiver) {
      const value: unknown = Reflect.get(object, name, receiver);
      return typeof value === "object" && value !== null ? repository(value) : value;
    },
  });
}

/** Runs `work` with two stores on one new database file: `store`, and `other` standing for another process. */
async function withTwoConnections(name: string, options: { now?: () => number }, work: (store: Store, other: Store) => Promise<void>) {
  const path = join(folder, `${name}.db`);
  const store = await createSqliteStore({ path, ...options });
  const other = await createSqliteStore({ path, ...options });
  try {
    await work(store, asAnotherProcess(other));
  } finally {
    await other.close();
    await store.close();
  }
}

describe("remembered opportunity signals", () => {
  it("follow every change to deals and links, from any connection, and keep no transaction's writes", async () => {
    let clock = Date.UTC(2026, 10, 1);
    const now = () => (clock += 1_000);
    await withTwoConnections("signals", { now }, async (store, other) => {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const type = await store.opportunityTypes.create({ tenant_uuid: tenant.uuid, label: "Deal" });
      const stage = await store.opportunityStages.create({ tenant_uuid: tenant.uuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
      const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada" });
      const deal = (writer: Store, name: string) =>
        writer.opportunities.create(
          { tenant_uuid: tenant.uuid, name, type_uuid: type.uuid, stage_uuid: stage.uuid, associations: [{ entity_type: "PERSON", entity_uuid: ada.uuid }] },
          viewer,
        );
      const signals = async (reader: Store = store) => (await reader.associations.recentOpportunitiesOf(tenant.uuid, "PERSON", [ada.uuid], 2)).get(ada.uuid) ?? null;

      expect(await signals()).toBeNull();
      const first = await deal(store, "First");
      const second = await deal(store, "Second");
      expect(await signals()).toEqual({ total: 2, recent: [second.uuid, first.uuid] });
      expect(await signals()).toEqual({ total: 2, recent: [second.uuid, first.uuid] });

      await store.opportunities.update(tenant.uuid, first.uuid, { name: "First, renamed" }, viewer, viewer);
      expect(await signals()).toEqual({ total: 2, recent: [first.uuid, second.uuid] });

      const third = await deal(other, "Third, from another connection");
      expect(await signals()).toEqual({ total: 3, recent: [third.uuid, first.uuid] });

      await store.opportunities.delete(tenant.uuid, third.uuid);
      expect(await signals()).toEqual({ total: 2, recent: [first.uuid, second.uuid] });

      await expect(
        store.transaction(async (transactional) => {
          const fourth = await deal(transactional, "Fourth, rolled back");
          expect(await signals(transactional)).toEqual({ total: 3, recent: [fourth.uuid, first.uuid] });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await signals()).toEqual({ total: 2, recent: [first.uuid, second.uuid] });
      const fifth = await deal(store, "Fifth");
      expect(await signals()).toEqual({ total: 3, recent: [fifth.uuid, first.uuid] });
    });
  });

  it("of key owners and users follow revocations, tenant deletions and user changes from any connection", () =>
    withTwoConnections("access", {}, async (store, other) => {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const ada = await store.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
      const key = await store.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "hash-1", key_prefix: "rk_1" });
      for (let read = 0; read < 3; read += 1) expect((await store.apiKeys.findActiveByHash("hash-1"))?.key.uuid).toBe(key.uuid);
      expect(await other.apiKeys.revoke(tenant.uuid, key.uuid)).toBe(true);
      expect(await store.apiKeys.findActiveByHash("hash-1")).toBeNull();

      await store.apiKeys.create({ tenant_uuid: tenant.uuid, user_uuid: null, key_hash: "hash-2", key_prefix: "rk_2" });
      for (let read = 0; read < 3; read += 1) expect(await store.apiKeys.findActiveByHash("hash-2")).not.toBeNull();

      const everyone = { order: "asc" as const, position: { kind: "offset" as const, offset: 0 }, limit: 100 };
      for (let read = 0; read < 2; read += 1) {
        expect((await store.users.get(tenant.uuid, ada.uuid))?.is_active).toBe(true);
        expect((await store.users.list(tenant.uuid, everyone)).rows.map((user) => user.name)).toEqual(["Ada"]);
      }
      expect(await other.users.deactivate(tenant.uuid, ada.uuid)).toBe(true);
      await other.users.create({ tenant_uuid: tenant.uuid, name: "Ben", email: "ben@acme.example", role: "member" });
      expect((await store.users.get(tenant.uuid, ada.uuid))?.is_active).toBe(false);
      expect((await store.users.list(tenant.uuid, everyone)).rows.map((user) => user.name)).toEqual(["Ada", "Ben"]);

      expect(await other.tenants.delete(tenant.uuid)).toBe(true);
      expect(await store.apiKeys.findActiveByHash("hash-2")).toBeNull();
    }));
});

describe("remembered persons", () => {
  it("hold a record until its row, emails, affiliations or primary company change, from any connection", () =>
    withTwoConnections("persons", {}, async (store, other) => {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
      const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada", emails: ["ada@globex.example"], primary_company_uuid: globex.uuid });
      const read = async (reader: Store = store) => ({
        person: await reader.persons.get(tenant.uuid, ada.uuid),
        display: (await reader.persons.displays(tenant.uuid, [ada.uuid])).get(ada.uuid),
        card: (await reader.persons.displayCards(tenant.uuid, [ada.uuid])).get(ada.uuid),
      });

      const first = await read();
      const again = await read();
      expect(again.person).toBe(first.person);
      expect(again.display).toBe(first.display);
      // A remembered display record serves as the card.
      expect(first.card).toBe(first.display);
      expect((await store.persons.getMany(tenant.uuid, [ada.uuid])).get(ada.uuid)).toBe(first.person);
      expect(() => first.person!.emails.push({ address: "x@y.example", is_primary: false, created_at: 0 })).toThrow(TypeError);
      expect(() => Object.assign(first.display!.primary_company!, { company_name: "Changed" })).toThrow(TypeError);

      await store.persons.update(tenant.uuid, ada.uuid, { job_title: "CTO" });
      expect((await read()).person?.job_title).toBe("CTO");
      // A card read alone is remembered too, and forgotten on the next write.
      const cardAlone = (await store.persons.displayCards(tenant.uuid, [ada.uuid])).get(ada.uuid);
      expect((await store.persons.displayCards(tenant.uuid, [ada.uuid])).get(ada.uuid)).toBe(cardAlone);
      await other.persons.update(tenant.uuid, ada.uuid, { job_title: "CEO" });
      expect((await store.persons.displayCards(tenant.uuid, [ada.uuid])).get(ada.uuid)?.job_title).toBe("CEO");
      await other.persons.update(tenant.uuid, ada.uuid, { emails: [{ address: "ada@initech.example" }] });
      expect((await read()).display?.emails.map((email) => email.address)).toEqual(["ada@initech.example"]);
      await other.companies.update(tenant.uuid, globex.uuid, { company_name: "Globex Corporation" });
      expect((await read()).display?.primary_company?.company_name).toBe("Globex Corporation");
      const initech = await other.companies.create({ tenant_uuid: tenant.uuid, company_name: "Initech" });
      await other.persons.update(tenant.uuid, ada.uuid, { affiliations: [{ company_uuid: initech.uuid, is_current: true }] });
      expect((await read()).person?.affiliations.map((affiliation) => affiliation.company_uuid)).toContain(initech.uuid);

      const unknown = "00000000-0000-4000-8000-000000000000";
      expect(await store.persons.get(tenant.uuid, unknown)).toBeNull();
      expect(await store.persons.get(tenant.uuid, unknown)).toBeNull();

      await expect(
        store.transaction(async (transactional) => {
          await transactional.persons.update(tenant.uuid, ada.uuid, { name: "Ada, rolled back" });
          expect((await read(transactional)).display?.name).toBe("Ada, rolled back");
          expect((await read(transactional)).card?.name).toBe("Ada, rolled back");
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect((await read()).display?.name).toBe("Ada");
      expect((await read(other)).person?.name).toBe("Ada");
    }));
});

describe("remembered persons, one by one", () => {
  it("drop only the persons a write changed, from any connection; a company's change drops them all", () =>
    withTwoConnections("persons-one-by-one", {}, async (store, other) => {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex" });
      const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada", emails: ["ada@globex.example"], primary_company_uuid: globex.uuid });
      const bob = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Bob", emails: ["bob@initech.example"] });
      const dup = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada L.", emails: ["ada@home.example"] });
      const uuids = [ada.uuid, bob.uuid, dup.uuid];
      // Remembered records are frozen and shared: the same object means it was not read again.
      const read = async () => ({
        persons: await store.persons.getMany(tenant.uuid, uuids),
        displays: await store.persons.displays(tenant.uuid, uuids),
        cards: await store.persons.displayCards(tenant.uuid, [bob.uuid]),
      });
      const kept = (before: Awaited<ReturnType<typeof read>>, after: Awaited<ReturnType<typeof read>>, uuid: string) =>
        after.persons.get(uuid) === before.persons.get(uuid) && after.displays.get(uuid) === before.displays.get(uuid);

      const first = await read();
      expect(kept(first, await read(), bob.uuid)).toBe(true);

      // Another process creates persons (an email from two new addresses): nothing remembered is dropped.
      const ingested = await other.emails.ingest(tenant.uuid, { message_id: "<new@x>", sent_at: Date.UTC(2026, 0, 1), from: { email: "new@x.example" }, to: [{ email: "newer@x.example" }] });
      expect(ingested.email.from_person_uuid).not.toBe(ada.uuid);
      const afterInsert = await read();
      for (const uuid of uuids) expect(kept(first, afterInsert, uuid)).toBe(true);
      expect(afterInsert.cards.get(bob.uuid)).toBe(first.displays.get(bob.uuid));

      // A change to Ada drops Ada alone.
      await other.persons.update(tenant.uuid, ada.uuid, { job_title: "CTO" });
      const afterUpdate = await read();
      expect(afterUpdate.persons.get(ada.uuid)?.job_title).toBe("CTO");
      expect(afterUpdate.displays.get(ada.uuid)?.job_title).toBe("CTO");
      expect(kept(first, afterUpdate, bob.uuid)).toBe(true);
      expect(kept(first, afterUpdate, dup.uuid)).toBe(true);

      // A merge moves the duplicate's email to Ada and removes the duplicate: both dropped, Bob kept.
      await other.personMerges.merge({ tenant_uuid: tenant.uuid, canonical_uuid: ada.uuid, superseded_uuid: dup.uuid, preview: false, merged_by_user_uuid: null });
      const afterMerge = await read();
      expect(afterMerge.displays.get(ada.uuid)?.emails.map((email) => email.address).sort()).toEqual(["ada@globex.example", "ada@home.example"]);
      expect(afterMerge.persons.has(dup.uuid)).toBe(false);
      expect(afterMerge.displays.has(dup.uuid)).toBe(false);
      expect(kept(first, afterMerge, bob.uuid)).toBe(true);

      // A company's new name may show in any person's display: every person is read again.
      await other.companies.update(tenant.uuid, globex.uuid, { company_name: "Globex Corporation" });
      const afterRename = await read();
      expect(afterRename.displays.get(ada.uuid)?.primary_company?.company_name).toBe("Globex Corporation");
      expect(afterRename.displays.get(bob.uuid)).not.toBe(first.displays.get(bob.uuid));
      expect(afterRename.displays.get(bob.uuid)).toEqual(first.displays.get(bob.uuid));
    }));
});

describe("remembered companies", () => {
  it("hold a record until its row changes, from any connection, and keep no transaction's writes", () =>
    withTwoConnections("companies", {}, async (store, other) => {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const globex = await store.companies.create({ tenant_uuid: tenant.uuid, company_name: "Globex", domain: "globex.example" });
      const first = await store.companies.get(tenant.uuid, globex.uuid);
      expect(await store.companies.get(tenant.uuid, globex.uuid)).toBe(first);
      expect((await store.companies.getMany(tenant.uuid, [globex.uuid])).get(globex.uuid)).toBe(first);
      expect(() => first!.service_industry_tags.push("retail")).toThrow(TypeError);

      await other.companies.update(tenant.uuid, globex.uuid, { domain: "globex.example.com" });
      expect((await store.companies.get(tenant.uuid, globex.uuid))?.domain).toBe("globex.example.com");
      await expect(
        store.transaction(async (transactional) => {
          await transactional.companies.update(tenant.uuid, globex.uuid, { company_name: "Globex, rolled back" });
          expect((await transactional.companies.get(tenant.uuid, globex.uuid))?.company_name).toBe("Globex, rolled back");
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect((await store.companies.get(tenant.uuid, globex.uuid))?.company_name).toBe("Globex");
    }));
});

describe("remembered list memberships", () => {
  it("count lists, zeros included, until a membership or list changes, from any connection, and keep no transaction's writes", () =>
    withTwoConnections("list-memberships", {}, async (store, other) => {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const ada = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ada" });
      const ben = await store.persons.create({ tenant_uuid: tenant.uuid, name: "Ben" });
      const list = (writer: Store, name: string) => writer.entityLists.create({ tenant_uuid: tenant.uuid, name, kind: "persons", owner_user_uuid: null });
      const counts = async (reader: Store = store) => Object.fromEntries(await reader.entityLists.membershipCounts(tenant.uuid, [ada.uuid, ben.uuid]));

      for (let read = 0; read < 2; read += 1) expect(await counts()).toEqual({});
      const investors = await list(store, "Investors");
      await store.entityLists.addMembers(tenant.uuid, investors.uuid, [ada.uuid], null);
      for (let read = 0; read < 2; read += 1) expect(await counts()).toEqual({ [ada.uuid]: 1 });

      const founders = await list(other, "Founders");
      await other.entityLists.addMembers(tenant.uuid, founders.uuid, [ada.uuid, ben.uuid], null);
      expect(await counts()).toEqual({ [ada.uuid]: 2, [ben.uuid]: 1 });
      expect(await other.entityLists.removeMember(tenant.uuid, founders.uuid, ben.uuid)).toBe(true);
      expect(await counts()).toEqual({ [ada.uuid]: 2 });

      await expect(
        store.transaction(async (transactional) => {
          await transactional.entityLists.addMembers(tenant.uuid, investors.uuid, [ben.uuid], null);
          expect(await counts(transactional)).toEqual({ [ada.uuid]: 2, [ben.uuid]: 1 });
          throw new Error("roll back");
        }),
      ).rejects.toThrow("roll back");
      expect(await counts()).toEqual({ [ada.uuid]: 2 });
      expect(await store.entityLists.delete(tenant.uuid, investors.uuid)).toBe(true);
      expect(await counts()).toEqual({ [ada.uuid]: 1 });
    }));
});

describe("GenerationCache with the changed keys known", () => {
  const cacheOf = (generation: () => number, changed: () => string[] | null, maximum = 3) => {
    const asked: number[] = [];
    const cache = new GenerationCache<string>(generation, maximum, (_tenant, since) => {
      asked.push(since);
      return changed();
    });
    return { cache, asked };
  };

  it("goes on without the changed keys, and starts over when they are not known", () => {
    let generation = 1;
    let changed: string[] | null = [];
    const { cache, asked } = cacheOf(() => generation, () => changed);
    const first = cache.valuesOf("t1");
    first.set("ada", "Ada");
    first.set("bob", "Bob");
    expect(cache.valuesOf("t1")).toBe(first);

    generation = 2;
    changed = ["ada"];
    const second = cache.valuesOf("t1");
    expect(second.has("ada")).toBe(false);
    expect(second.get("bob")).toBe("Bob");
    expect(second.size).toBe(1);
    expect(asked).toEqual([1]);
    expect(cache.valuesOf("t2").size).toBe(0);

    generation = 3;
    changed = null;
    expect(cache.valuesOf("t1").size).toBe(0);

    // Grown past its bound, a tenant's values start over whatever changed.
    const grown = cache.valuesOf("t1");
    for (const key of ["a", "b", "c", "d"]) grown.set(key, key);
    generation = 4;
    changed = [];
    expect(cache.valuesOf("t1").size).toBe(0);
    // Inside a transaction (NaN) nothing carries over, and nothing after it either.
    cache.valuesOf("t1").set("a", "1");
    generation = Number.NaN;
    expect(cache.valuesOf("t1").size).toBe(0);
    generation = 5;
    expect(cache.valuesOf("t1").size).toBe(0);
    expect(asked).toEqual([1, 2]);
  });

  it("refuses a store from a read that began before its key changed, and keeps the others'", () => {
    let generation = 1;
    let changed: string[] = [];
    const { cache } = cacheOf(() => generation, () => changed, 100);
    const before = cache.valuesOf("t1");

    generation = 2;
    changed = ["ada"];
    const after = cache.valuesOf("t1");
    // The read that began before the write loaded Ada before it, maybe: refused. Bob did not change.
    before.set("ada", "Ada, as before the write");
    before.set("bob", "Bob");
    expect(after.has("ada")).toBe(false);
    expect(after.get("bob")).toBe("Bob");
    after.set("ada", "Ada, after the write");
    expect(cache.valuesOf("t1").get("ada")).toBe("Ada, after the write");

    // A write not yet observed when the late store lands: the next reader's look at the log drops it.
    const late = cache.valuesOf("t1");
    generation = 3;
    changed = ["bob"];
    late.set("bob", "Bob, as before the second write");
    expect(cache.valuesOf("t1").has("bob")).toBe(false);
    expect(cache.valuesOf("t1").get("ada")).toBe("Ada, after the write");
  });

  it("forgets its stamps past its bound, and then refuses every store of the reads that began before", () => {
    let generation = 1;
    let changed: string[] = [];
    const { cache } = cacheOf(() => generation, () => changed, 2);
    const before = cache.valuesOf("t1");
    generation = 2;
    changed = ["a", "b", "c"];
    const after = cache.valuesOf("t1");
    before.set("d", "unchanged, but the stamps that would say so are gone");
    expect(after.has("d")).toBe(false);
    after.set("d", "D");
    expect(cache.valuesOf("t1").get("d")).toBe("D");
  });
});

describe("GenerationCache's tenants", () => {
  it("are held up to the bound, the least recently read dropped first, with or without the changed keys known", () => {
    for (const changedKeys of [undefined, () => []]) {
      const cache = new GenerationCache<string>(() => 1, 10, changedKeys, 3);
      for (const tenant of ["t1", "t2", "t3"]) cache.valuesOf(tenant).set("key", tenant);
      // Read again, t1 is the most recent: t2 goes first, then t3.
      expect(cache.valuesOf("t1").get("key")).toBe("t1");
      for (let index = 4; index < 1_000; index += 1) {
        cache.valuesOf(`t${index}`).set("key", `t${index}`);
        if (index === 4) expect(cache.valuesOf("t1").get("key")).toBe("t1");
        expect(cache.tenantCount).toBeLessThanOrEqual(3);
      }
      expect(cache.tenantCount).toBe(3);
      expect(cache.valuesOf("t999").get("key")).toBe("t999");
      // Dropped, a tenant's values start over: read from the database again.
      expect(cache.valuesOf("t2").size).toBe(0);
    }
  });
});
