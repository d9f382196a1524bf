import fc from "fast-check";
import { Kysely, SqliteDialect } from "kysely";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { planOf, preparedDuring } from "../testing/sqlite-plans.js";
import { keysetPage, type KeyValues, type Page, type SortKey } from "./keyset-page.js";

interface RowsTable {
  uuid: string;
  score: number | null;
  label: string;
}

const sqlite = new SqliteDatabase(":memory:");
const db = new Kysely<{ rows: RowsTable }>({ dialect: new SqliteDialect({ database: sqlite }) });
sqlite.exec("create table rows (uuid text primary key, score integer, label text not null)");
afterAll(() => db.destroy());

const rowArbitrary = fc.record({
  score: fc.option(fc.integer({ min: 0, max: 3 }), { nil: null }),
  label: fc.constantFrom("a", "b", "c"),
});

function compareNullsLast(left: number | null, right: number | null, direction: "asc" | "desc"): number {
  if (left === right) return 0;
  if (left === null) return 1;
  if (right === null) return -1;
  return direction === "asc" ? left - right : right - left;
}

describe("keysetPage", () => {
  it("scans every row exactly once, in order, through ties and nulls, on both directions", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArbitrary, { maxLength: 40 }),
        fc.constantFrom<"asc" | "desc">("asc", "desc"),
        fc.integer({ min: 1, max: 7 }),
        fc.constantFrom<"score" | "label">("score", "label"),
        async (rows, direction, limit, leading) => {
          sqlite.exec("delete from rows");
          const inserted = rows.map((row, index) => ({ ...row, uuid: `u${String(index).padStart(3, "0")}` }));
          if (inserted.length > 0) await db.insertInto("rows").values(inserted).execute();
          // A nullable leading key, or one that is never null (then the condition is a row value, `rowValueAfter`).
          const keys: SortKey[] = [
            leading === "score" ? { column: "rows.score", direction, nullable: true } : { column: "rows.label", direction },
            { column: "rows.uuid", direction },
          ];
          const seen: string[] = [];
          let after: KeyValues | null = null;
          for (let guard = 0; guard < 100; guard++) {
            const page: Page<RowsTable> = await keysetPage(db.selectFrom("rows").selectAll(), keys, {
              position: after ? { kind: "after", key: after } : { kind: "offset", offset: 0 },
              limit,
            });
            seen.push(...page.rows.map((row) => row.uuid));
            if (!page.hasMore) break;
            after = page.lastKey;
          }
          const expected = [...inserted]
            .sort(
              (left, right) =>
                (leading === "score"
                  ? compareNullsLast(left.score, right.score, direction)
                  : (direction === "asc" ? 1 : -1) * left.label.localeCompare(right.label)) ||
                (direction === "asc" ? left.uuid.localeCompare(right.uuid) : right.uuid.localeCompare(left.uuid)),
            )
            .map((row) => row.uuid);
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("counts the whole filtered set on the offset path and leaves total null on the cursor path", async () => {
    sqlite.exec("delete from rows");
    await db
      .insertInto("rows")
      .values([1, 2, 3, 4, 5].map((score) => ({ uuid: `r${score}`, score, label: score % 2 ? "odd" : "even" })))
      .execute();
    const keys: SortKey[] = [{ column: "rows.uuid", direction: "asc" }];
    const query = db.selectFrom("rows").selectAll().where("label", "=", "odd");
    const first = await keysetPage(query, keys, { position: { kind: "offset", offset: 0 }, limit: 2 });
    expect(first).toMatchObject({ total: 3, hasMore: true, lastKey: ["r3"] });
    const next = await keysetPage(query, keys, { position: { kind: "after", key: first.lastKey! }, limit: 2 });
    expect(next.rows.map((row) => row.uuid)).toEqual(["r5"]);
    expect(next).toMatchObject({ total: null, hasMore: false });
  });

  it("seeks to a cursor through an index on the keys, in both directions", async () => {
    const indexed = new SqliteDatabase(":memory:");
    const indexedDb = new Kysely<{ rows: RowsTable }>({ dialect: new SqliteDialect({ database: indexed }) });
    try {
      indexed.exec("create table rows (uuid text primary key, score integer, label text not null); create index rows_label on rows (label, uuid)");
      await indexedDb.insertInto("rows").values(["a", "b", "c"].map((label, index) => ({ uuid: `u${index}`, score: null, label }))).execute();
      for (const direction of ["asc", "desc"] as const) {
        const keys: SortKey[] = [
          { column: "rows.label", direction },
          { column: "rows.uuid", direction },
        ];
        const statements = await preparedDuring(() =>
          keysetPage(indexedDb.selectFrom("rows").selectAll(), keys, { position: { kind: "after", key: ["b", "u1"] }, limit: 2 }),
        );
        // A range over both keys of the index, not a walk of every entry up to the cursor (nor of every
        // entry with the cursor's label, as a bound on the label alone would leave).
        expect(planOf(indexed, statements[0]!)).toBe(`SEARCH rows USING INDEX rows_label ((label,uuid)${direction === "asc" ? ">" : "<"}(?,?))`);
      }
    } finally {
      await indexedDb.destroy();
    }
  });

  it("rejects a cursor key whose length does not fit the sort keys", async () => {
    await expect(
      keysetPage(db.selectFrom("rows").selectAll(), [{ column: "rows.uuid", direction: "asc" }], {
        position: { kind: "after", key: ["a", "b"] },
        limit: 1,
      }),
    ).rejects.toThrow(/keysetPage: cursor key has 2 values for 1 sort keys/);
  });

  it("refuses such a cursor key as a caller's bad input (an InvalidInputError)", async () => {
    await expect(
      keysetPage(db.selectFrom("rows").selectAll(), [{ column: "rows.uuid", direction: "asc" }], {
        position: { kind: "after", key: ["a", "b"] },
        limit: 1,
      }),
    ).rejects.toBeInstanceOf(InvalidInputError);
  });
});
