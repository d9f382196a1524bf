/**
 * Model-checked cursor walks of `opportunities.list` while others write between its pages (creates, updates that move
 * a record's sort value, deletions) and time passes: a record nobody wrote during the walk is listed exactly once, in
 * every sort of the record's own fields and in `days_in_stage` (the spec's cursor rule 1); a record listed twice was
 * written; one live at the end and never listed was written after the walk's watermark, so the pull from it brings it
 * (docs/syncing.md 1 and 2).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OpportunityStage } from "../deal-records.js";
import type { OpportunitySortField } from "../deal-store.js";
import type { KeyValues } from "../pagination/keyset-page.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import type { Store } from "../store.js";

const DAY = 86_400_000;
const SORTS = ["created_at", "updated_at", "name", "value", "close_date", "stage", "days_in_stage"] as const satisfies readonly OpportunitySortField[];
const viewer = { user_uuid: null };

const fields = fc.record({
  name: fc.constantFrom("Alpha", "beta", "Beta", "Zeta"),
  value: fc.constantFrom(null, 1, 2),
  close_date: fc.constantFrom(null, "2026-01-01", "2026-02-01"),
  stage: fc.nat(2),
});
type Fields = typeof fields extends fc.Arbitrary<infer T> ? T : never;

/** What another client does between two pages of the walk; `time` lets part of a day or a day pass. */
const write = fc.oneof(
  fc.record({ kind: fc.constant("create" as const), fields }),
  fc.record({ kind: fc.constant("update" as const), target: fc.nat(20), fields }),
  fc.record({ kind: fc.constant("delete" as const), target: fc.nat(20) }),
  fc.record({ kind: fc.constant("time" as const), elapsed: fc.constantFrom(DAY / 3, DAY / 2, DAY) }),
);

let clock = Date.UTC(2026, 0, 1);
let store: Store;
beforeAll(async () => {
  store = await createSqliteStore({ path: ":memory:", now: () => clock });
});
afterAll(() => store.close());

describe("opportunities.list: a cursor walk while others write", () => {
  it("lists each record nobody wrote once, and leaves out only records written after the watermark", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ fields, step: fc.constantFrom(0, 1, DAY / 3, DAY / 2 + 7) }), { minLength: 2, maxLength: 8 }),
        fc.constantFrom(...SORTS),
        fc.constantFrom("asc" as const, "desc" as const),
        fc.integer({ min: 1, max: 3 }),
        fc.array(write, { maxLength: 6 }),
        async (drafts, sortBy, order, limit, writes) => {
          const tenantUuid = (await store.tenants.create({ name: "Walk", tier: "standard" })).uuid;
          const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
          const stages: OpportunityStage[] = [];
          for (const name of ["Lead", "Pitch", "Won"]) stages.push(await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name }));
          const stored = (f: Fields) => ({ name: f.name, value: f.value, close_date: f.close_date, stage_uuid: stages[f.stage]!.uuid });
          const create = async (f: Fields) => (await store.opportunities.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, ...stored(f) }, viewer)).uuid;
          const live: string[] = [];
          for (const draft of drafts) {
            clock += draft.step;
            live.push(await create(draft.fields));
          }
          const before = new Set(live);
          clock += 1;
          const watermark = clock;
          const written = new Set<string>();
          const seen: string[] = [];
          const page = (after: KeyValues | null) =>
            store.opportunities.list(tenantUuid, { filters: {}, sort_by: sortBy, order, viewer, limit, position: after ? { kind: "after", key: after } : { kind: "offset", offset: 0 } });
          let listed = await page(null);
          for (let step = 0; ; step++) {
            seen.push(...listed.rows.map((row) => row.uuid));
            if (!listed.hasMore) break;
            const next = writes[step];
            clock += 1;
            if (next?.kind === "time") clock += next.elapsed;
            if (next?.kind === "create") {
              const uuid = await create(next.fields);
              live.push(uuid);
              written.add(uuid);
            }
            if ((next?.kind === "update" || next?.kind === "delete") && live.length > 0) {
              const target = live[next.target % live.length]!;
              written.add(target);
              if (next.kind === "update") await store.opportunities.update(tenantUuid, target, stored(next.fields), viewer, viewer);
              else {
                await store.opportunities.delete(tenantUuid, target);
                live.splice(live.indexOf(target), 1);
              }
            }
            listed = await page(listed.lastKey);
          }
          const times = new Map<string, number>();
          for (const uuid of seen) times.set(uuid, (times.get(uuid) ?? 0) + 1);
          const context = `${sortBy} ${order}, ${limit} a page: ${JSON.stringify(seen)}`;
          for (const uuid of before) if (!written.has(uuid)) expect(times.get(uuid), `${uuid} (nobody wrote it), ${context}`).toBe(1);
          for (const [uuid, count] of times) if (count > 1) expect(written.has(uuid), `${uuid} listed ${count} times, ${context}`).toBe(true);
          const missed = live.filter((uuid) => !times.has(uuid));
          for (const uuid of missed) expect((await store.opportunities.get(tenantUuid, uuid, viewer))!.updated_at, `${uuid} missed, ${context}`).toBeGreaterThanOrEqual(watermark);
        },
      ),
      {
        numRuns: 40,
        seed: 20261207,
        examples: [
          // A day passes between pages: ordered at each page's read, every count grew by one and a descending walk
          // ended after its first page (an ascending one listed its first page again), until 2026-12-07.
          [[{ fields: { name: "Alpha", value: null, close_date: null, stage: 0 }, step: 0 }, { fields: { name: "Beta", value: null, close_date: null, stage: 0 }, step: 1 }], "days_in_stage", "desc", 1, [{ kind: "time", elapsed: DAY }]],
        ],
      },
    );
  });
});
