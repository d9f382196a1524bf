/**
 * `nullsLastKeysetPage` against `keysetPage` with a nullable key: the same pages, by offsets and by cursors (either
 * one's cursor read by the other), in both directions, through ties and nulls; and each segment a range of an index.
 */
import fc from "fast-check";
import { Kysely, SqliteDialect } from "kysely";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { planOf, preparedDuring } from "../testing/sqlite-plans.js";
import { keysetPage, type KeyValues, type PagePosition, type SortKey } from "./keyset-page.js";
import { nullsLastKeysetPage } from "./nulls-last-keyset-page.js";

interface RowsTable {
  uuid: string;
  score: number | null;
}

const sqlite = new SqliteDatabase(":memory:");
const db = new Kysely<{ rows: RowsTable }>({ dialect: new SqliteDialect({ database: sqlite }) });
sqlite.exec("create table rows (uuid text primary key, score integer); create index rows_by_score on rows (score, uuid)");
afterAll(() => db.destroy());

const keysOf = (direction: "asc" | "desc"): [SortKey, SortKey] => [
  { column: "rows.score", direction, nullable: true },
  { column: "rows.uuid", direction },
];
const segment = (withValue: boolean) => db.selectFrom("rows").selectAll().where("score", withValue ? "is not" : "is", null);
const uuids = (rows: RowsTable[]) => rows.map((row) => row.uuid);

describe("nullsLastKeysetPage", () => {
  it("answers every page as keysetPage does with the key nullable: rows, has_more, cursor; by offset and by cursor", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.option(fc.integer({ min: 0, max: 3 }), { nil: null, freq: 3 }), { maxLength: 30 }),
        fc.constantFrom<"asc" | "desc">("asc", "desc"),
        fc.integer({ min: 1, max: 7 }),
        async (scores, direction, limit) => {
          sqlite.exec("delete from rows");
          const inserted = scores.map((score, index) => ({ uuid: `u${String(index).padStart(3, "0")}`, score }));
          if (inserted.length > 0) await db.insertInto("rows").values(inserted).execute();
          const keys = keysOf(direction);
          const both = async (position: PagePosition) => {
            const expected = await keysetPage(db.selectFrom("rows").selectAll(), keys, { position, limit }, { countTotal: false });
            const page = await nullsLastKeysetPage(segment, keys, { position, limit });
            expect({ rows: uuids(page.rows), hasMore: page.hasMore, lastKey: page.lastKey, total: page.total }).toEqual({
              rows: uuids(expected.rows),
              hasMore: expected.hasMore,
              lastKey: expected.lastKey,
              total: null,
            });
            return page;
          };
          // Every offset page, up to one past the end.
          for (let offset = 0; offset <= inserted.length + limit; offset += limit) await both({ kind: "offset", offset });
          // A cursor scan; each cursor also as the other function would resume it.
          let after: KeyValues | null = null;
          for (let guard = 0; guard < 40; guard += 1) {
            const page = await both(after ? { kind: "after", key: after } : { kind: "offset", offset: 0 });
            if (!page.hasMore) break;
            after = page.lastKey;
          }
          // A cursor after every row (a row deleted since, or the last one).
          for (const row of inserted) await both({ kind: "after", key: [row.score, row.uuid] });
        },
      ),
      { numRuns: 150 },
    );
  });

  it("refuses a cursor of another length, as keysetPage does", async () => {
    await expect(nullsLastKeysetPage(segment, keysOf("asc"), { position: { kind: "after", key: [1] }, limit: 2 })).rejects.toThrow(InvalidInputError);
  });

  it("reads each segment as a range of the index on (value, tiebreaker), in both directions, sorting nothing", async () => {
    sqlite.exec("delete from rows");
    await db
      .insertInto("rows")
      .values([1, null, 2, null, 3].map((score, index) => ({ uuid: `u${index}`, score })))
      .execute();
    for (const direction of ["asc", "desc"] as const) {
      const statements = await preparedDuring(() => nullsLastKeysetPage(segment, keysOf(direction), { position: { kind: "after", key: [2, "u2"] }, limit: 5 }));
      const plans = statements.map((statement) => planOf(sqlite, statement));
      // Descending, "is not null" bounds the range below (nulls sort first in the index).
      const range = direction === "asc" ? "(score,uuid)>(?,?)" : "score>? AND (score,uuid)<(?,?)";
      expect(plans).toEqual([
        `SEARCH rows USING COVERING INDEX rows_by_score (${range})`,
        "SEARCH rows USING COVERING INDEX rows_by_score (score=?)",
      ]);
      const page = await nullsLastKeysetPage(segment, keysOf(direction), { position: { kind: "after", key: [2, "u2"] }, limit: 5 });
      expect(uuids(page.rows)).toEqual(direction === "asc" ? ["u4", "u1", "u3"] : ["u0", "u3", "u1"]);
    }
  });
});
