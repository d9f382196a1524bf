import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { textSortKey } from "@rapport/store";
import { afterAll, describe, expect, inject, it } from "vitest";
import { generateTenant } from "./generate-tenant.js";
import { SCALES } from "./scales.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-bench-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("generateTenant", () => {
  it("builds the same tenant from the same seed", async () => {
    // A tenth of S: the generator draws every scale's tenant the same way, so a small one shows it repeats.
    const tenth = { ...SCALES.S, persons: 200, companies: 20, interactions: 2_000, opportunities: 100 };
    const first = await generateTenant(join(folder, "small-a.db"), tenth, 7);
    expect(await generateTenant(join(folder, "small-b.db"), tenth, 7)).toEqual(first);
    const database = (name: string) => new SqliteDatabase(join(folder, name), { readonly: true });
    const [a, b] = [database("small-a.db"), database("small-b.db")];
    const rows = (db: SqliteDatabase.Database) => db.prepare("select message_id, sent_at, subject from emails order by sent_at, message_id").all();
    expect(rows(b)).toEqual(rows(a));
    a.close();
    b.close();
  });

  it("builds the S tenant with the documented shape", () => {
    // The S tenant the suite's global set-up generated (vitest.global-setup.ts), which the smoke runs copy.
    const { databasePath, tenant: first } = inject("generatedS");
    expect(first.emailCount + first.meetingCount).toBe(SCALES.S.interactions);
    const ratio = first.emailCount / first.meetingCount;
    expect(ratio).toBeGreaterThan(4);
    expect(ratio).toBeLessThan(6);

    const database = new SqliteDatabase(databasePath, { readonly: true });
    const counts = database
      .prepare("select person_uuid, count(*) as n from email_participants group by person_uuid order by n desc")
      .all() as Array<{ n: number }>;
    // Heavy hitters and a long tail: the busiest person is in far more emails than the median one.
    expect(counts[0]!.n).toBeGreaterThan(20 * counts[Math.floor(counts.length / 2)]!.n);
    const span = database.prepare("select max(sent_at) - min(sent_at) as span from emails").get() as { span: number };
    expect(span.span).toBeGreaterThan(2.9 * 365 * 86_400_000);
    // The name order's keys the store writes with every name, so name-ordered reads see a real alphabet.
    const unkeyed = (table: string, name: string, key: string) =>
      (database.prepare(`select ${name} as name, ${key} as key from ${table}`).all() as Array<{ name: string; key: string }>).filter(
        (row) => row.key !== textSortKey(row.name),
      );
    expect(unkeyed("persons", "name", "name_sort_key")).toEqual([]);
    expect(unkeyed("companies", "company_name", "company_name_sort_key")).toEqual([]);
    database.close();
  });
});
