/**
 * GET /v1/deletions and GET /v1/activity after the operator pruned them (`rapport history prune`) or restored a backup
 * (`rapport restore`): a poll from before the retention horizon answers 410 with the sequence to poll after, and says
 * which of the two happened; one at the horizon lists what a fresh copy does.
 */
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { backupDatabase, restoreDatabase } from "@rapport/store";
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { callMcpTool } from "../../testing/mcp-call.js";
import { buildTenant, createTestContext, type TestContext, type TestTenant } from "../../testing/test-harness.js";

const DAY = 86_400_000;
let context: TestContext;
let acme: TestTenant;

beforeEach(async () => {
  context = await createTestContext();
  acme = await buildTenant(context.services);
});
afterEach(() => context.close());

async function list(path: string): Promise<{ status: number; body: { items?: Array<{ sequence: number; uuid: string }>; error?: string } }> {
  const response = await context.request(path, { key: acme.key });
  return { status: response.status, body: (await response.json()) as { items?: Array<{ sequence: number; uuid: string }>; error?: string } };
}

async function deletedNote(): Promise<string> {
  const created = await context.request("/v1/notes", { key: acme.key, method: "POST", body: { content: "Call notes" } });
  const { uuid } = (await created.json()) as { uuid: string };
  expect((await context.request(`/v1/notes/${uuid}`, { key: acme.key, method: "DELETE" })).status).toBe(204);
  return uuid;
}

describe("a pruned history", () => {
  it("GET /v1/deletions: 410 before the horizon (after_sequence, cursor, since), the fresh copy's entries at it", async () => {
    await deletedNote();
    const old = await list("/v1/deletions?per_page=1");
    await deletedNote();
    // A poller's cursor after the first entry, before the second.
    const cursorBefore = ((await (await context.request("/v1/deletions?per_page=1", { key: acme.key })).json()) as { next_cursor: string | null }).next_cursor;
    const horizon = (await list("/v1/deletions")).body.items!.at(-1)!.sequence;
    context.clock.advance(400 * DAY);
    const recent = await deletedNote();
    await context.services.store.history.prune({ olderThan: context.clock.now() - 365 * DAY });

    const refused = await list(`/v1/deletions?after_sequence=${old.body.items![0]!.sequence}`);
    expect(refused).toEqual({
      status: 410,
      body: { error: expect.stringMatching(new RegExp(`^the deletions log was pruned through sequence ${horizon} .*make a full copy again, then poll with after_sequence ${horizon} or later$`)) },
    });
    expect((await list(`/v1/deletions?since=${new Date(context.clock.now() - 400 * DAY).toISOString()}`)).status).toBe(410);
    expect(cursorBefore).not.toBeNull();
    expect((await list(`/v1/deletions?per_page=1&cursor=${encodeURIComponent(cursorBefore!)}`)).status).toBe(410);
    const fresh = await list("/v1/deletions");
    expect(fresh.body.items!.map((entry) => entry.uuid)).toEqual([recent]);
    expect((await list(`/v1/deletions?after_sequence=${horizon}`)).body.items).toEqual(fresh.body.items);
  });

  it("GET /v1/activity: 410 before the horizon of the pruned removals, the fresh copy's items at it", async () => {
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park" });
    const meeting = await store.meetings.create(tenantUuid, {
      title: "Board",
      starts_at: context.clock.now() - DAY,
      attendees: [{ person_uuid: acme.admin.person_uuid }, { person_uuid: cleo.uuid }],
    });
    const first = (await list("/v1/activity")).body.items!.at(-1)!.sequence;
    await store.meetings.delete(tenantUuid, meeting.uuid);
    const horizon = (await list(`/v1/activity?after_sequence=${first}`)).body.items!.at(-1)!.sequence;
    await store.history.prune({ olderThan: Date.now() + 60_000 });

    expect((await list(`/v1/activity?after_sequence=${first}`)).status).toBe(410);
    expect((await list(`/v1/activity?after_sequence=${horizon}`))).toEqual({ status: 200, body: expect.objectContaining({ items: [] }) });
    expect((await list("/v1/activity")).body.items).toEqual([]);
  });

  it("GET /v1/activity: a fresh copy's cursor scan over live items kept below the horizon goes on; a scan a later prune passed is refused", async () => {
    const { store } = context.services;
    const tenantUuid = acme.tenant.uuid;
    const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park" });
    const meeting = (title: string) =>
      store.meetings.create(tenantUuid, { title, starts_at: context.clock.now() - DAY, attendees: [{ person_uuid: acme.admin.person_uuid }, { person_uuid: cleo.uuid }] });
    const live = [await meeting("Board"), await meeting("Lunch"), await meeting("Dinner")];
    await store.meetings.delete(tenantUuid, (await meeting("Called off")).uuid);
    await store.history.prune({ olderThan: Date.now() + 60_000 });

    // A fresh copy (no after_sequence, no since), one item a page: the live meetings' entries are older than the horizon.
    const scanned: string[] = [];
    let page = await context.request("/v1/activity?per_page=1", { key: acme.key });
    for (;;) {
      expect(page.status).toBe(200);
      const body = (await page.json()) as { items: Array<{ uuid: string }>; next_cursor: string | null };
      scanned.push(...body.items.map((item) => item.uuid));
      if (!body.next_cursor) break;
      page = await context.request(`/v1/activity?per_page=1&cursor=${encodeURIComponent(body.next_cursor)}`, { key: acme.key });
    }
    expect(scanned).toEqual(live.map((item) => item.uuid));

    // A scan under way when another prune removes entries past its position must start again.
    const first = (await (await context.request("/v1/activity?per_page=1", { key: acme.key })).json()) as { next_cursor: string };
    await store.meetings.delete(tenantUuid, live[2]!.uuid);
    await store.history.prune({ olderThan: Date.now() + 60_000 });
    expect((await list(`/v1/activity?per_page=1&cursor=${encodeURIComponent(first.next_cursor)}`)).status).toBe(410);
  });
});

describe("a restore", () => {
  it("GET /v1/deletions and listDeletions: 410 from before it, saying a restore closed the log, with the prune's recovery", async () => {
    await deletedNote();
    const path = context.databasePath;
    const backup = join(dirname(path), "backup.db");
    await backupDatabase(path, backup);
    await deletedNote();
    const last = (await list("/v1/deletions")).body.items!.at(-1)!.sequence;
    await context.services.importJobs.stop();
    await context.services.store.close();
    await restoreDatabase(path, backup);
    // afterEach closes the context on the restored file; the folder of the first goes after it.
    onTestFinished(() => rmSync(dirname(path), { recursive: true, force: true }));
    context = await createTestContext({ databasePath: path });

    const refused = await list(`/v1/deletions?after_sequence=${last}`);
    // Until then it said the log "was pruned": an operator looked for a prune no one ran.
    expect(refused).toEqual({
      status: 410,
      body: {
        error: expect.stringMatching(
          new RegExp(`^the database was restored from a backup at \\S+, which closed the deletions log through sequence ${last + 1} .*make a full copy again, then poll with after_sequence ${last + 1} or later$`),
        ),
      },
    });
    const tool = await callMcpTool(context, { name: "listDeletions", args: { after_sequence: last }, headers: { "x-api-key": acme.key } });
    expect(tool.content[0]!.text).toMatch(new RegExp(`^HTTP 410: the database was restored from a backup at \\S+, which closed the deletions log through sequence ${last + 1}: deletions made after the backup was taken are gone`));
    expect((await list(`/v1/deletions?after_sequence=${last + 1}`)).status).toBe(200);
  });
});
