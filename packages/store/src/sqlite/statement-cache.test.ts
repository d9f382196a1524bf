import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { withStatementCache } from "./statement-cache.js";

describe("withStatementCache", () => {
  it("reuses the prepared statement of the same SQL and evicts the least recently used", () => {
    const database = new SqliteDatabase(":memory:");
    const cached = withStatementCache(database, 2);
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
});
