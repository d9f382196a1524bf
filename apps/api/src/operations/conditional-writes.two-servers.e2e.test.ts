/**
 * Two `rapport serve` processes on one database file, over real ports: clients holding the same tag of a person send
 * their writes to both servers at once. Each server runs its own writes of the record one at a time, but not the
 * other's: only the comparison in the write's own transaction lets exactly one of them through, every round.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRapportServer } from "../testing/built-cli.js";
import { migratedDatabaseAt } from "../testing/migrated-database.js";
import { buildTenant, createTestContext } from "../testing/test-harness.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-two-servers-"));
const database = migratedDatabaseAt(join(folder, "rapport.db"));
let servers: Array<Awaited<ReturnType<typeof startRapportServer>>> = [];
let key: string;
let personPath: string;

beforeAll(async () => {
  const context = await createTestContext({ databasePath: database });
  try {
    const tenant = await buildTenant(context.services);
    key = tenant.key;
    const person = await context.services.store.persons.create({ tenant_uuid: tenant.tenant.uuid, name: "Ada Lovelace", emails: ["ada@example.com"] });
    personPath = `/v1/persons/${person.uuid}`;
  } finally {
    await context.close();
  }
  servers = await Promise.all([startRapportServer(database, { sharedByTests: true }), startRapportServer(database, { sharedByTests: true })]);
}, 60_000);
afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(folder, { recursive: true, force: true });
});

const send = (url: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) =>
  fetch(`${url}${personPath}`, {
    method: init.method ?? "GET",
    headers: { "x-api-key": key, "cache-control": "no-cache", ...(init.body === undefined ? {} : { "content-type": "application/json" }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

describe("two servers on one database file", () => {
  it("let exactly one of the writes sent with the same tag through, whichever server each went to", async () => {
    const [first, second] = servers.map((server) => server.url) as [string, string];
    for (let round = 0; round < 5; round += 1) {
      const read = await send(round % 2 === 0 ? first : second);
      expect(read.status).toBe(200);
      const tag = read.headers.get("etag")!;
      const writers = [first, second, first, second].map((url, writer) => ({ url, title: `round ${round} writer ${writer}` }));
      const answers = await Promise.all(writers.map(({ url, title }) => send(url, { method: "PUT", body: { job_title: title }, headers: { "if-match": tag } })));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200), `round ${round}: ${statuses.join(" ")}`).toHaveLength(1);
      expect(statuses.filter((status) => status !== 200).every((status) => status === 412), statuses.join(" ")).toBe(true);
      const winner = writers[statuses.indexOf(200)]!.title;
      for (const url of [first, second]) expect(((await (await send(url)).json()) as { job_title: string }).job_title).toBe(winner);
    }
  }, 60_000);
});
