/**
 * Kept answers over a real port (the kept-answer lane in front of the app) against changes of access made by
 * another connection to the database file, as `rapport keys revoke`, `users deactivate` and `tenants delete` make
 * them: the answer kept for a caller is never served once the caller may no longer read it. And the writes that
 * make a tenant's kept answers stale are its own: another tenant's write leaves them kept.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { createSqliteStore, type Store } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../server.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

let context: TestContext;
let running: RunningServer;
/** Another connection to the server's database file, as a command run beside the server has. */
let beside: Store;
let acme: TestTenant;
let globex: TestTenant;
let personPath: string;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
  globex = await buildTenant(context.services, { name: "Globex" });
  const grace = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Grace Hopper" });
  personPath = `/v1/persons/${grace.uuid}`;
  running = await startServer(context.services, { port: 0 });
  beside = await createSqliteStore({ path: context.databasePath });
});

afterEach(async () => {
  await beside.close();
  await running.close();
});

const get = (path: string, key: string, headers: Record<string, string> = {}) => fetch(`${running.url}${path}`, { headers: { "x-api-key": key, ...headers } });

/** Reads `path` twice with `key`; the second answer must be the kept one. */
async function keep(path: string, key: string, headers: Record<string, string> = {}): Promise<void> {
  await (await get(path, key, headers)).text();
  const kept = await get(path, key, headers);
  expect(kept.status).toBe(200);
  expect(kept.headers.get("age")).toBe("0");
  await kept.text();
}

/** The server sees another connection's commit from the first read more than a millisecond after it (decision 0005). */
const afterCommitIsSeen = () => sleep(5);

describe("kept answers and changes of access", () => {
  it("answers 401 to a key revoked beside the server, at once, though its answer is kept", async () => {
    await keep(personPath, acme.adminKey);
    const [adminKey] = (await beside.apiKeys.list(acme.tenant.uuid)).filter((key) => key.user_uuid === acme.admin.uuid);
    expect(await beside.apiKeys.revoke(acme.tenant.uuid, adminKey!.uuid)).toBe(true);
    await afterCommitIsSeen();
    const refused = await get(personPath, acme.adminKey);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: expect.stringMatching(/invalid API key/) });
  });

  it("answers 403 to a user deactivated beside the server, by its own key and as x-service-user-id, and the kept answer again once reactivated", async () => {
    await keep(personPath, acme.memberKey);
    await keep(personPath, acme.key, { "x-service-user-id": acme.member.uuid });
    expect(await beside.users.deactivate(acme.tenant.uuid, acme.member.uuid)).toBe(true);
    await afterCommitIsSeen();
    const byKey = await get(personPath, acme.memberKey);
    expect([byKey.status, await byKey.json()]).toEqual([403, { error: "the user this API key is bound to is deactivated" }]);
    const asContext = await get(personPath, acme.key, { "x-service-user-id": acme.member.uuid });
    expect([asContext.status, await asContext.json()]).toEqual([403, { error: "x-service-user-id names a deactivated user" }]);
    expect(await beside.users.reactivate(acme.tenant.uuid, acme.member.uuid)).toBe(true);
    await afterCommitIsSeen();
    expect((await get(personPath, acme.memberKey)).status).toBe(200);
  });

  it("answers 401 to every key of a tenant deleted beside the server", async () => {
    await keep(personPath, acme.key);
    await keep(personPath, acme.memberKey);
    expect(await beside.tenants.delete(acme.tenant.uuid)).toBe(true);
    await afterCommitIsSeen();
    expect((await get(personPath, acme.key)).status).toBe(401);
    expect((await get(personPath, acme.memberKey)).status).toBe(401);
  });

  it("keeps a tenant's answer through another tenant's writes, and answers afresh after its own", async () => {
    await keep(personPath, acme.key);
    await beside.persons.create({ tenant_uuid: globex.tenant.uuid, name: "Grace Hopper" });
    await context.services.store.persons.create({ tenant_uuid: globex.tenant.uuid, name: "Hedy Lamarr" });
    await afterCommitIsSeen();
    const stillKept = await get(personPath, acme.key);
    expect(stillKept.headers.get("age")).toBe("0");
    await stillKept.text();
    await beside.persons.update(acme.tenant.uuid, personPath.split("/").pop()!, { name: "Grace B. Hopper" });
    await afterCommitIsSeen();
    const fresh = await get(personPath, acme.key);
    expect(fresh.headers.get("age")).toBeNull();
    expect(((await fresh.json()) as { name: string }).name).toBe("Grace B. Hopper");
  });
});
