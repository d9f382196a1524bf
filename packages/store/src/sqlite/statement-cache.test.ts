import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.js";

describe("withStatementCache", () => {
  it("reuses the prepared statement of the same SQL and evicts the least recently used", () => {
    const database = new SqliteDatabase(":memory:");
    const cached = withStatementCache(database, { maximum: 2 });
    const first = cached.prepare("select 1");
    expect(cached.prepare("select 1")).toBe(first);
    cached.prepare("select 2");
    cached.prepare("select 1");
    cached.prepare("select 3");
    expect(cached.prepare("select 1")).toBe(first);
    const second = cached.prepare("select 2");
    expect(cached.prepare("select 2")).toBe(second);
    cached.close();
    expect(database.open).toBe(false);
  });

  it("calls onWrite before every statement that may write, returning ones included, and never for reads", () => {
    const database = new SqliteDatabase(":memory:");
    let writes = 0;
    const cached = withStatementCache(database, { onWrite: () => (writes += 1) });
    cached.prepare("create table notes (body text)").run([]);
    expect(writes).toBe(1);
    cached.prepare("insert into notes (body) values ('a')").run([]);
    cached.prepare("insert into notes (body) values ('b') returning rowid").all([]);
    cached.prepare("insert into notes (body) values ('a')").run([]);
    expect(writes).toBe(4);
    cached.prepare("select count(*) from notes").all([]);
    cached.prepare("select body from notes").all([]);
    expect(writes).toBe(4);
    cached.close();
  });
});
