/**
 * The lane changes nothing a client can see: two servers over copies of one database, one with the lane in
 * front of the app and one with the app alone, get the same random sequences of requests, one history
 * for both across runs (keys of two
 * tenants and bad ones, user contexts good and bad, cacheable and other paths, fresh reads, writes, the
 * clock moving, a low per-second limit) and must answer each alike: status, body and headers.
 */
import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { getRequestListener } from "@hono/node-server";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations } from "../../routes/operations.js";
import { buildTenant, createTestContext, type TestContext } from "../../testing/test-harness.js";
import { keptAnswerLane, type RequestListener } from "./kept-answer-lane.js";

interface Fixture {
  keys: Record<"acme" | "acmeMember" | "globex" | "unknown" | "none", string | null>;
  users: Record<"acmeMember" | "acmeAdmin" | "globexMember" | "none" | "malformed", string | null>;
  paths: string[];
  renameTarget: { tenantUuid: string; personUuid: string };
}

let folder: string;
let fixture: Fixture;
/** The lane in front of the app, and the app alone: one history of requests for both, run after run. */
let servers: Running[];

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), "rapport-lane-"));
  const seeded = await createTestContext({ databasePath: join(folder, "seed.db") });
  const acme = await buildTenant(seeded.services, { perSecond: 4 });
  const globex = await buildTenant(seeded.services, { name: "Globex" });
  const { store } = seeded.services;
  const grace = await store.persons.create({ tenant_uuid: acme.tenant.uuid, name: "Grace Hopper", emails: ["grace@initech.example"] });
  const company = await store.companies.create({ tenant_uuid: acme.tenant.uuid, company_name: "Initech", domain: "initech.example" });
  const sent = await seeded.request("/v1/emails/batch", {
    key: acme.key,
    method: "POST",
    body: { messages: [{ message_id: "<a@x>", sent_at: new Date(Date.UTC(2026, 10, 1)).toISOString(), from: acme.member.email, to: ["grace@initech.example"] }] },
  });
  expect(sent.status).toBe(200);
  await seeded.close();
  fixture = {
    keys: { acme: acme.key, acmeMember: acme.memberKey, globex: globex.key, unknown: "pk_unknown", none: null },
    users: { acmeMember: acme.member.uuid, acmeAdmin: acme.admin.uuid, globexMember: globex.member.uuid, none: null, malformed: "not-a-uuid" },
    paths: [
      `/v1/persons/${grace.uuid}`,
      `/v1/persons/${grace.uuid}?`,
      `/v1/persons/${grace.uuid}/recommended-paths`,
      `/v1/persons/${grace.uuid}/recommended-paths?per_page=1`,
      `/v1/persons/${grace.uuid}/recommended-paths?bogus=1`,
      `/v1/companies/${company.uuid}/recommended-paths`,
      `/v1/persons/${grace.uuid.toUpperCase()}`,
      "/v1/persons/00000000-0000-4000-8000-000000000000",
      "/v1/users?per_page=2",
    ],
    renameTarget: { tenantUuid: acme.tenant.uuid, personUuid: grace.uuid },
  };
  servers = [await serve(join(folder, "lane.db"), true), await serve(join(folder, "app.db"), false)];
});

afterAll(async () => {
  for (const running of servers ?? []) await stop(running);
  rmSync(folder, { recursive: true, force: true });
});

interface Running {
  context: TestContext;
  server: Server;
  url: string;
  /** Requests that reached the app. */
  reachedApp: number;
}

async function serve(databasePath: string, withLane: boolean): Promise<Running> {
  copyFileSync(join(folder, "seed.db"), databasePath);
  const context = await createTestContext({ databasePath });
  const appListener = getRequestListener(context.app.fetch);
  const counted: RequestListener = (incoming, outgoing) => {
    running.reachedApp += 1;
    return appListener(incoming, outgoing);
  };
  const server = createServer(withLane ? keptAnswerLane(context.services, operations, counted) : counted);
  const running: Running = { context, server, url: "", reachedApp: 0 };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  running.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return running;
}

async function stop({ context, server }: Running) {
  await new Promise((resolve) => server.close(resolve));
  await context.close();
}

type Step =
  | { kind: "get"; path: number; key: keyof Fixture["keys"]; user: keyof Fixture["users"]; fresh: boolean }
  | { kind: "advance"; milliseconds: number }
  | { kind: "rename"; name: string };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc.record({
      kind: fc.constant("get" as const),
      // Mostly the same few reads by the same caller, so that answers are kept and served again.
      path: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 2) }, { weight: 1, arbitrary: fc.nat({ max: 8 }) }),
      key: fc.oneof({ weight: 6, arbitrary: fc.constant("acme" as const) }, { weight: 1, arbitrary: fc.constantFrom("acmeMember", "globex", "unknown", "none") }),
      user: fc.oneof({ weight: 6, arbitrary: fc.constant("none" as const) }, { weight: 1, arbitrary: fc.constantFrom("acmeMember", "acmeAdmin", "globexMember", "malformed") }),
      fresh: fc.integer({ min: 0, max: 4 }).map((value) => value === 0),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("advance" as const), milliseconds: fc.constantFrom(300, 1_000, 1_000, 11_000) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("rename" as const), name: fc.constantFrom("Grace B. Hopper", "Grace Hopper") }) },
);

/** What a client sees of a response, less what differs by nature (the date, the connection). */
async function seen(response: Response) {
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !["date", "connection", "keep-alive"].includes(name)));
  return { status: response.status, headers, body: await response.text() };
}

describe("keptAnswerLane against the app alone", () => {
  it("answers every request of random sequences as the app alone does", async () => {
    let sent = 0;
    const statuses = new Set<number>();
    const laneStatuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(fc.array(stepArbitrary, { minLength: 4, maxLength: 20 }), async (steps) => {
        for (const [index, step] of steps.entries()) {
          if (step.kind === "advance") {
            for (const { context } of servers) context.clock.advance(step.milliseconds);
            continue;
          }
          if (step.kind === "rename") {
            const { tenantUuid, personUuid } = fixture.renameTarget;
            for (const { context } of servers) await context.services.store.persons.update(tenantUuid, personUuid, { name: step.name });
            continue;
          }
          const headers: Record<string, string> = { "x-request-id": `step-${index}` };
          const key = fixture.keys[step.key];
          const user = fixture.users[step.user];
          if (key !== null) headers["x-api-key"] = key;
          if (user !== null) headers["x-service-user-id"] = user;
          if (step.fresh) headers["cache-control"] = "no-cache";
          // One after the other: both servers see the same history (counts, kept answers).
          const reachedBefore = servers[0]!.reachedApp;
          const viaLane = await seen(await fetch(`${servers[0]!.url}${fixture.paths[step.path]}`, { headers }));
          sent += 1;
          statuses.add(viaLane.status);
          if (servers[0]!.reachedApp === reachedBefore) laneStatuses.add(viaLane.status);
          const viaApp = await seen(await fetch(`${servers[1]!.url}${fixture.paths[step.path]}`, { headers }));
          expect(viaLane, `step ${index}: ${JSON.stringify(step)}`).toEqual(viaApp);
        }
      }),
      { numRuns: 40, seed: 20261122 },
    );
    // The sequences reach every outcome, and the lane answered a share of them itself (kept answers and 429s).
    expect([...statuses].sort()).toEqual([200, 400, 401, 403, 404, 429]);
    expect([...laneStatuses].sort()).toEqual([200, 429]);
    expect(servers[1]!.reachedApp).toBe(sent);
    expect(sent - servers[0]!.reachedApp).toBeGreaterThan(sent / 5);
  });
});
