/**
 * Every `/v1` answer over a real port (the kept-answer lane's and the app's, refusals included) tells a shared
 * cache in front not to keep it: the key is in `x-api-key`, which a cache does not key on, so a kept answer
 * would go to another tenant asking for the same URL.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../server.js";
import { buildTenant, createTestContext, type TestContext } from "../../testing/test-harness.js";

let context: TestContext;
let running: RunningServer;

afterEach(async () => {
  await running.close();
});

describe("noStoreAnswers", () => {
  it("marks every /v1 answer no-store: a kept person, another tenant's 404, a 401, a 403, a list and the 429s of the app and the lane", async () => {
    context = await createTestContext();
    const acme = await buildTenant(context.services);
    const globex = await buildTenant(context.services, { name: "Globex", perSecond: 1 });
    const initech = await buildTenant(context.services, { name: "Initech", perSecond: 2 });
    const grace = await context.services.store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Grace Hopper" });
    const peter = await context.services.store.persons.create({ tenant_uuid: initech.tenant.uuid, name: "Peter Gibbons" });
    running = await startServer(context.services, { port: 0 });
    const get = (path: string, headers: Record<string, string>) => fetch(`${running.url}${path}`, { headers });
    const path = `/v1/persons/${grace.uuid}`;

    const computed = await get(path, { "x-api-key": acme.key });
    const kept = await get(path, { "x-api-key": acme.key });
    expect(kept.headers.get("age")).toBe("0");
    const otherTenant = await get(path, { "x-api-key": globex.key });
    const limited = await get(path, { "x-api-key": globex.key });
    // Initech's second read is kept; its third, over the limit, is the lane's own 429.
    for (let read = 0; read < 2; read += 1) await (await get(`/v1/persons/${peter.uuid}`, { "x-api-key": initech.key })).text();
    const keptLimited = await get(`/v1/persons/${peter.uuid}`, { "x-api-key": initech.key });
    const answers = {
      computed,
      kept,
      otherTenant,
      limited,
      keptLimited,
      missingKey: await get(path, {}),
      otherTenantsUser: await get(path, { "x-api-key": acme.key, "x-service-user-id": globex.member.uuid }),
      list: await get("/v1/persons", { "x-api-key": acme.key }),
    };
    expect(Object.fromEntries(Object.entries(answers).map(([name, answer]) => [name, [answer.status, answer.headers.get("cache-control")]]))).toEqual({
      computed: [200, "no-store"],
      kept: [200, "no-store"],
      otherTenant: [404, "no-store"],
      limited: [429, "no-store"],
      keptLimited: [429, "no-store"],
      missingKey: [401, "no-store"],
      otherTenantsUser: [403, "no-store"],
      list: [200, "no-store"],
    });
  });

  it("leaves an answer that says how it may be kept as it is: the public contract", async () => {
    context = await createTestContext();
    running = await startServer(context.services, { port: 0 });
    const contract = await fetch(`${running.url}/v1/openapi.json`);
    expect(contract.status).toBe(200);
    expect(contract.headers.get("cache-control")).toBe("no-cache");
  });
});
