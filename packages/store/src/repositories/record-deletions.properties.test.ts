/**
 * The deletions log's promise to a syncing client: whatever records are created, deleted (a parent opportunity with
 * its sub-opportunities), merged, erased or deleted in a transaction that rolls back, a client that copied every
 * record and drops each uuid the log lists, polling after its last sequence, ends with exactly the live records.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ConflictError, NotFoundError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";
import { createDeletionLogTenant, recordBuilders, type DeletionLogTenant } from "../testing/deletion-log-tenant.js";

const KINDS = ["opportunity", "subOpportunity", "note", "task", "file", "list", "person"] as const;
type Kind = (typeof KINDS)[number];
const TENANT_WIDE = { user_uuid: null };

type Step =
  | { type: "create"; kind: Kind; pick: number }
  | { type: "delete"; pick: number; rolledBack: boolean }
  | { type: "merge"; canonical: number; superseded: number }
  | { type: "erase"; pick: number }
  | { type: "poll" };

const pick = fc.nat({ max: 40 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ type: fc.constant("create" as const), kind: fc.constantFrom(...KINDS), pick }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant("delete" as const), pick, rolledBack: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("merge" as const), canonical: pick, superseded: pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("erase" as const), pick }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("poll" as const) }) },
);

interface Created {
  kind: Kind;
  uuid: string;
}

/** Deletes the record through the store as the API would; false when it was gone already. */
function deleteRecord(store: Store, tenantUuid: string, record: Created): Promise<boolean> {
  switch (record.kind) {
    case "opportunity":
    case "subOpportunity":
      return store.opportunities.delete(tenantUuid, record.uuid);
    case "note":
      return store.notes.delete(tenantUuid, record.uuid);
    case "task":
      return store.tasks.delete(tenantUuid, record.uuid, TENANT_WIDE);
    case "file":
      return store.files.delete(tenantUuid, record.uuid);
    case "list":
      return store.entityLists.delete(tenantUuid, record.uuid);
    case "person":
      return store.persons.erase(tenantUuid, record.uuid);
  }
}

/** Whether the record is live, read as the API reads it. */
async function isLive(store: Store, tenantUuid: string, record: Created): Promise<boolean> {
  switch (record.kind) {
    case "opportunity":
    case "subOpportunity":
      return (await store.opportunities.get(tenantUuid, record.uuid, TENANT_WIDE)) !== null;
    case "note":
      return (await store.notes.get(tenantUuid, record.uuid, TENANT_WIDE)) !== null;
    case "task":
      return (await store.tasks.get(tenantUuid, record.uuid, TENANT_WIDE)) !== null;
    case "file":
      return (await store.files.get(tenantUuid, record.uuid)) !== null;
    case "list":
      return (await store.entityLists.get(tenantUuid, record.uuid)) !== null;
    case "person":
      return (await store.persons.get(tenantUuid, record.uuid)) !== null;
  }
}

/** Runs the steps; answers the live uuids and the copy of a client that followed the log. */
async function run(store: Store, tenant: DeletionLogTenant, steps: readonly Step[]) {
  const { tenantUuid } = tenant;
  const build = recordBuilders(store, tenant);
  const created: Created[] = [];
  const copy = new Set<string>();
  const seenSequences: number[] = [];
  let lastSequence: number | undefined;
  const poll = async () => {
    let position: { kind: "offset"; offset: number } | { kind: "after"; key: readonly number[] } = { kind: "offset", offset: 0 };
    for (;;) {
      const page = await store.deletions.list(tenantUuid, { position, limit: 3, afterSequence: lastSequence, viewer: TENANT_WIDE });
      for (const entry of page.rows) {
        copy.delete(entry.uuid);
        seenSequences.push(entry.sequence);
        lastSequence = entry.sequence;
      }
      if (!page.hasMore) return;
      position = { kind: "after", key: page.lastKey as number[] };
    }
  };
  const ofKind = (kinds: readonly Kind[]) => created.filter((record) => kinds.includes(record.kind));
  for (const current of steps) {
    if (current.type === "create") {
      let uuid: string;
      if (current.kind === "subOpportunity") {
        const parents = ofKind(["opportunity"]);
        const parent = parents[current.pick % Math.max(1, parents.length)];
        if (!parent || !(await isLive(store, tenantUuid, parent))) continue;
        uuid = await build.opportunity(parent.uuid);
      } else {
        uuid = await build[current.kind]();
      }
      created.push({ kind: current.kind, uuid });
      copy.add(uuid);
    } else if (current.type === "delete" && created.length > 0) {
      const record = created[current.pick % created.length]!;
      if (current.rolledBack) {
        await store
          .transaction(async (transaction) => {
            await deleteRecord(transaction, tenantUuid, record);
            throw new Error("rolled back");
          })
          .catch((error: unknown) => {
            if (!(error instanceof Error && error.message === "rolled back")) throw error;
          });
      } else {
        await deleteRecord(store, tenantUuid, record);
      }
    } else if (current.type === "merge" || current.type === "erase") {
      const persons = ofKind(["person"]);
      if (persons.length === 0) continue;
      const personAt = (index: number) => persons[index % persons.length]!.uuid;
      try {
        if (current.type === "erase") await store.persons.erase(tenantUuid, personAt(current.pick));
        else {
          await store.personMerges.merge({
            tenant_uuid: tenantUuid,
            canonical_uuid: personAt(current.canonical),
            superseded_uuid: personAt(current.superseded),
            preview: false,
            merged_by_user_uuid: tenant.adminUuid,
          });
        }
      } catch (error) {
        // The same person twice, or one merged away already: refused, and nothing is written.
        if (!(error instanceof ConflictError || error instanceof NotFoundError)) throw error;
      }
    } else if (current.type === "poll") {
      await poll();
    }
  }
  await poll();
  const live = new Set<string>();
  for (const record of created) if (await isLive(store, tenantUuid, record)) live.add(record.uuid);
  return { live, copy, seenSequences };
}

describe("the deletions log, followed by a client", () => {
  it("leaves the client's copy equal to the live records, its entries seen in increasing sequence", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const store = await createSqliteStore({ path: ":memory:" });
        try {
          const tenant = await createDeletionLogTenant(store);
          const { live, copy, seenSequences } = await run(store, tenant, steps);
          expect([...copy].sort()).toEqual([...live].sort());
          expect(seenSequences).toEqual([...new Set(seenSequences)].sort((a, b) => a - b));
        } finally {
          await store.close();
        }
      }),
      { numRuns: 40 },
    );
  });
});
