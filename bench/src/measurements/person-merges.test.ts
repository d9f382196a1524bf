import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { createManualClock, createServices, type AppServices } from "@rapport/api";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BENCH_NOW, generateTenant, type SyntheticTenant } from "../generate-tenant.js";
import type { Scale } from "../scales.js";
import { makeDuplicates, measurePersonMerges, rawMerger } from "./person-merges.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-bench-merges-"));
const databasePath = join(folder, "merges.db");
const tiny: Scale = { name: "S", users: 3, persons: 150, companies: 15, interactions: 1_500, opportunities: 20, pathTargets: 20 };
let tenant: SyntheticTenant;
let services: AppServices;

beforeAll(async () => {
  tenant = await generateTenant(databasePath, tiny, 17);
  services = await createServices({ databasePath, clock: createManualClock(BENCH_NOW), logger: pino({ level: "silent" }) });
  await services.store.graphs.forTenant(tenant.tenantUuid);
}, 60_000);

afterAll(async () => {
  await services?.store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** The rows that make a person's activity and addresses, in a comparable order. */
function activityOf(database: SqliteDatabase.Database, tenantUuid: string, personUuid: string) {
  const rows = (text: string) => database.prepare(text).all(tenantUuid, personUuid);
  return {
    emails: rows("select email_uuid, role from email_participants where tenant_uuid = ? and person_uuid = ? order by email_uuid, role"),
    meetings: rows("select meeting_uuid from meeting_attendees where tenant_uuid = ? and person_uuid = ? order by meeting_uuid"),
    sent: rows("select uuid from emails where tenant_uuid = ? and from_person_uuid = ? order by uuid"),
    organized: rows("select uuid from meetings where tenant_uuid = ? and organizer_person_uuid = ? order by uuid"),
    addresses: rows("select address from person_emails where tenant_uuid = ? and person_uuid = ? order by address"),
  };
}

describe("person merges row", () => {
  it("its baseline moves the same rows the store's merge does, and rolls them back", async () => {
    const [pair] = await makeDuplicates(services.store, tenant, [tenant.personUuids[0]!], "baseline-test", 5);
    const reader = new SqliteDatabase(databasePath, { readonly: true });
    const raw = rawMerger(databasePath, tenant.tenantUuid);
    try {
      const duplicateBefore = activityOf(reader, tenant.tenantUuid, pair!.duplicateUuid);
      // Three emails (one of them also to the contact) and a meeting: the row's duplicate has activity to move.
      expect(duplicateBefore.emails.length).toBe(3);
      expect(duplicateBefore.meetings.length).toBe(1);
      let movedByHand: ReturnType<typeof activityOf> | undefined;
      let leftByHand: ReturnType<typeof activityOf> | undefined;
      raw.merge(pair!, (database) => {
        movedByHand = activityOf(database, tenant.tenantUuid, pair!.canonicalUuid);
        leftByHand = activityOf(database, tenant.tenantUuid, pair!.duplicateUuid);
      });
      expect(leftByHand?.emails).toEqual([]);
      expect(activityOf(reader, tenant.tenantUuid, pair!.duplicateUuid)).toEqual(duplicateBefore);

      await services.store.personMerges.merge({
        tenant_uuid: tenant.tenantUuid,
        canonical_uuid: pair!.canonicalUuid,
        superseded_uuid: pair!.duplicateUuid,
        preview: false,
        merged_by_user_uuid: null,
      });
      expect(activityOf(reader, tenant.tenantUuid, pair!.canonicalUuid)).toEqual(movedByHand);
      expect(activityOf(reader, tenant.tenantUuid, pair!.duplicateUuid)).toEqual(leftByHand);
    } finally {
      raw.close();
      reader.close();
    }
  });

  it("times real merges of each duplicate into its contact, beside the baseline and a preview", async () => {
    const result = await measurePersonMerges({ store: services.store, databasePath, tenant, count: 4 });
    expect(result.id).toBe("person-merges");
    expect(result.subject.summary.count).toBe(4);
    expect(result.baseline?.summary.count).toBe(4);
    expect(result.figures.previewMs).toBeGreaterThan(0);
    const reader = new SqliteDatabase(databasePath, { readonly: true });
    try {
      const merged = reader
        .prepare("select superseded_uuid, canonical_uuid from person_merges where tenant_uuid = ? and superseded_uuid in (select uuid from persons where name like 'Duplicate bench %')")
        .all(tenant.tenantUuid) as Array<{ superseded_uuid: string; canonical_uuid: string }>;
      expect(merged).toHaveLength(4);
      for (const { canonical_uuid: canonical } of merged) expect(tenant.personUuids).toContain(canonical);
    } finally {
      reader.close();
    }
  });
});
