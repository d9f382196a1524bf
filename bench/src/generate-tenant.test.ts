import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { generateTenant } from "./generate-tenant.js";
import { SCALES } from "./scales.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-bench-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("generateTenant", () => {
  it("builds the same S tenant from the same seed, with the documented shape", async () => {
    const first = await generateTenant(join(folder, "a.db"), SCALES.S, 7);
    const second = await generateTenant(join(folder, "b.db"), SCALES.S, 7);
    expect(second).toEqual(first);
    expect(first.emailCount + first.meetingCount).toBe(SCALES.S.interactions);
    const ratio = first.emailCount / first.meetingCount;
    expect(ratio).toBeGreaterThan(4);
    expect(ratio).toBeLessThan(6);

    const database = new SqliteDatabase(join(folder, "a.db"), { readonly: true });
    const counts = database
      .prepare("select person_uuid, count(*) as n from email_participants group by person_uuid order by n desc")
      .all() as Array<{ n: number }>;
    // Heavy hitters and a long tail: the busiest person is in far more emails than the median one.
    expect(counts[0]!.n).toBeGreaterThan(20 * counts[Math.floor(counts.length / 2)]!.n);
    const span = database.prepare("select max(sent_at) - min(sent_at) as span from emails").get() as { span: number };
    expect(span.span).toBeGreaterThan(2.9 * 365 * 86_400_000);
    database.close();
  });
});
