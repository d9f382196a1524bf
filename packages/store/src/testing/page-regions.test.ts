import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { pageRegionAt } from "./page-regions.js";

/** A serialized database of one table with rows "row-0"..: `remove` of them deleted with secure_delete off. */
function fileOfRows(count: number, remove: readonly number[]): Buffer {
  const db = new SqliteDatabase(":memory:");
  db.pragma("secure_delete = off");
  db.exec("create table t (id integer primary key, value text)");
  const insert = db.prepare("insert into t (value) values (?)");
  for (let index = 0; index < count; index += 1) insert.run(`row-${index}-${"v".repeat(20)}`);
  for (const index of remove) db.prepare("delete from t where value like ?").run(`row-${index}-%`);
  const file = db.serialize();
  db.close();
  return file;
}

const offsetOf = (file: Buffer, text: string) => file.indexOf(Buffer.from(text, "latin1"));

describe("pageRegionAt", () => {
  it("tells a live row's bytes from a deleted row's freeblock and from the unallocated space", () => {
    const file = fileOfRows(20, [7]);
    const pageSize = 4_096;
    expect(pageRegionAt(file, pageSize, offsetOf(file, "row-3-"))).toBe("cell");
    // Deleted with secure_delete off: its bytes stay in a freeblock.
    expect(pageRegionAt(file, pageSize, offsetOf(file, "row-7-"))).toBe("freeblock");
    // The table's root page: between its 19 cell pointers and its cells, nothing was ever written.
    const tablePage = Math.floor(offsetOf(file, "row-3-") / pageSize) * pageSize;
    expect(pageRegionAt(file, pageSize, tablePage + 8 + 2 * 19 + 10)).toBe("unallocated");
    expect(pageRegionAt(file, pageSize, tablePage + 8 + 2)).toBe("cell pointers");
    expect(pageRegionAt(file, pageSize, tablePage + 1)).toBe("page header");
  });

  it("reads page 1's b-tree header after the database header", () => {
    const file = fileOfRows(1, []);
    // Page 1 is the schema table's: a leaf whose cell holds the table's SQL.
    expect(pageRegionAt(file, 4_096, offsetOf(file, "id integer primary key"))).toBe("cell");
    expect(pageRegionAt(file, 4_096, 100 + 3)).toBe("page header");
  });

  it("calls a page with no b-tree page type what it is not", () => {
    const file = Buffer.alloc(8_192);
    expect(pageRegionAt(file, 4_096, 5_000)).toBe("not a b-tree page");
  });
});
