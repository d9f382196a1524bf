/**
 * `service_updated_at` is read from the clock while the write holds the database's write lock. Taken before,
 * a write that waits for another process's transaction commits after later-stamped writes: a poller that has
 * already passed its stamp (`modified_since` = the newest `service_updated_at` it saw) never gets it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

let folder: string;
let store: Store;
let tenantUuid: string;
let probe: SqliteDatabase.Database;
/** Every instant the clock gave while the store held the write lock. */
let stampedUnderLock: Set<number>;

/** Whether some connection holds the write lock: another one cannot take it at once. */
function writeLockHeld(): boolean {
  try {
    probe.exec("begin immediate");
    probe.exec("rollback");
    return false;
  } catch {
    return true;
  }
}

beforeEach(async () => {
  folder = mkdtempSync(join(tmpdir(), "rapport-lock-"));
  const path = join(folder, "rapport.db");
  let instant = Date.UTC(2026, 10, 21, 12);
  let probing = false;
  store = await createSqliteStore({
    path,
    now: () => {
      instant += 1;
      if (probing && writeLockHeld()) stampedUnderLock.add(instant);
      return instant;
    },
  });
  probe = new SqliteDatabase(path);
  probe.pragma("busy_timeout = 0");
  stampedUnderLock = new Set();
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  probing = true;
});
afterEach(async () => {
  probe.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

describe("change times of persons and companies", () => {
  it("are taken under the write lock when a person is created", async () => {
    const person = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada Lovelace", emails: ["ada@example.com"] });
    expect(stampedUnderLock.has(person.service_updated_at)).toBe(true);
  });

  it("are taken under the write lock when a company is created", async () => {
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Analytical Engines" });
    expect(stampedUnderLock.has(company.service_updated_at)).toBe(true);
  });

  it("are taken under the write lock when a person or a company is updated or merged", async () => {
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Analytical Engines" });
    const updatedCompany = await store.companies.update(tenantUuid, company.uuid, { company_name: "Difference Engines" });
    expect(stampedUnderLock.has(updatedCompany!.service_updated_at)).toBe(true);
    const kept = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada Lovelace" });
    const duplicate = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada King" });
    const updated = await store.persons.update(tenantUuid, kept.uuid, { job_title: "Analyst" });
    expect(stampedUnderLock.has(updated!.service_updated_at)).toBe(true);
    const merge = await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: kept.uuid, superseded_uuid: duplicate.uuid, preview: false, merged_by_user_uuid: null });
    expect(stampedUnderLock.has(merge.merged.service_updated_at)).toBe(true);
  });
});

describe("change times of users", () => {
  it("are taken under the write lock when a user is created, deactivated, reactivated or given another role", async () => {
    const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "member" });
    expect(stampedUnderLock.has(ada.updated_at)).toBe(true);
    const stampOf = async () => (await store.users.get(tenantUuid, ada.uuid))!.updated_at;
    await store.users.deactivate(tenantUuid, ada.uuid);
    expect(stampedUnderLock.has(await stampOf())).toBe(true);
    await store.users.reactivate(tenantUuid, ada.uuid);
    expect(stampedUnderLock.has(await stampOf())).toBe(true);
    const promoted = await store.users.setRole(tenantUuid, ada.uuid, "administrator");
    expect(stampedUnderLock.has(promoted!.updated_at)).toBe(true);
  });
});

describe("change times of entity lists", () => {
  it("are taken under the write lock when a list is created or renamed", async () => {
    const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Prospects", kind: "persons", owner_user_uuid: null });
    expect(stampedUnderLock.has(list.updated_at)).toBe(true);
    const renamed = await store.entityLists.rename(tenantUuid, list.uuid, "Leads");
    expect(stampedUnderLock.has(renamed!.updated_at)).toBe(true);
  });
});
