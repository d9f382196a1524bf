/** `rapport persons allow-address`: an erased address may be stored again once an operator allows it. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConflictError, createSqliteStore } from "@rapport/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-allow-address-"));
const database = join(folder, "allow.db");
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const rapport = (...args: string[]) => runRapportInProcess(database, ...args);

let tenantUuid: string;
let otherTenantUuid: string;

beforeAll(async () => {
  const store = await createSqliteStore({ path: database });
  try {
    tenantUuid = (await store.tenants.create({ name: "Allow", tier: "standard" })).uuid;
    otherTenantUuid = (await store.tenants.create({ name: "Other", tier: "standard" })).uuid;
    const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda", emails: ["zelda@quist.example"], linkedin_url: "https://www.linkedin.com/in/zelda" });
    await store.persons.erase(tenantUuid, zelda.uuid);
  } finally {
    await store.close();
  }
});

/** Whether the tenant may create a person with the address, asked of the store and left as it was. */
async function mayCreateWith(tenant: string, email: string): Promise<boolean> {
  const store = await createSqliteStore({ path: database });
  try {
    return (await store.persons.erasedAddresses(tenant, [email])).size === 0;
  } finally {
    await store.close();
  }
}

describe("rapport persons allow-address", { timeout: 60_000 }, () => {
  it("lifts one erased address of the tenant, says so, and says when there was nothing to lift", async () => {
    expect(await mayCreateWith(tenantUuid, "zelda@quist.example")).toBe(false);
    // Another tenant has nothing of it to lift, and learns nothing of this one's.
    const other = await rapport("--json", "persons", "allow-address", "--tenant", otherTenantUuid, "--email", "zelda@quist.example");
    expect(other.code, other.stderr).toBe(0);
    expect(JSON.parse(other.stdout)).toEqual({ tenant_uuid: otherTenantUuid, email: "zelda@quist.example", allowed: false });
    expect(await mayCreateWith(tenantUuid, "zelda@quist.example")).toBe(false);

    const allowed = await rapport("persons", "allow-address", "--tenant", tenantUuid, "--email", "Zelda@Quist.example");
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(allowed.stdout).toBe(`Zelda@Quist.example may be stored again in tenant ${tenantUuid}: the next mail, meeting or import naming it creates a person\n`);
    expect(await mayCreateWith(tenantUuid, "zelda@quist.example")).toBe(true);

    const again = await rapport("--json", "persons", "allow-address", "--tenant", tenantUuid, "--email", "zelda@quist.example");
    expect(JSON.parse(again.stdout)).toEqual({ tenant_uuid: tenantUuid, email: "zelda@quist.example", allowed: false });
  });

  it("lifts an erased LinkedIn URL", async () => {
    const create = async () => {
      const store = await createSqliteStore({ path: database });
      try {
        return await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Q", linkedin_url: "linkedin.com/in/Zelda/" });
      } finally {
        await store.close();
      }
    };
    await expect(create()).rejects.toThrow(ConflictError);
    const allowed = await rapport("--json", "persons", "allow-address", "--tenant", tenantUuid, "--linkedin-url", "https://uk.linkedin.com/in/zelda");
    expect(JSON.parse(allowed.stdout)).toEqual({ tenant_uuid: tenantUuid, linkedin_url: "https://uk.linkedin.com/in/zelda", allowed: true });
    expect((await create()).name).toBe("Zelda Q");
  });

  it("refuses a call naming neither or both, or an unknown tenant, changing nothing", async () => {
    for (const args of [[], ["--email", "a@b.example", "--linkedin-url", "https://linkedin.com/in/a"]]) {
      const refused = await rapport("persons", "allow-address", "--tenant", tenantUuid, ...args);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain("give one of --email or --linkedin-url");
    }
    const unknown = await rapport("persons", "allow-address", "--tenant", "00000000-0000-4000-8000-000000000000", "--email", "a@b.example");
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("tenant 00000000-0000-4000-8000-000000000000 not found");
  });
});
