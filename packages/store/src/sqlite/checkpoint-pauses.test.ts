import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createCheckpointPauses } from "./checkpoint-pauses.js";

describe("createCheckpointPauses", () => {
  it("stops automatic checkpoints until the last of overlapping pauses ends, each ending counted once", () => {
    const sqlite = new SqliteDatabase(":memory:");
    const pages = () => sqlite.pragma("wal_autocheckpoint", { simple: true });
    sqlite.pragma("wal_autocheckpoint = 10000");
    const pauses = createCheckpointPauses(sqlite, 10_000);
    const first = pauses.pause();
    const second = pauses.pause();
    expect(pages()).toBe(0);
    first();
    first();
    expect(pages()).toBe(0);
    second();
    expect(pages()).toBe(10_000);
    sqlite.close();
  });

  it("leaves a closed connection alone when a pause ends after the store closed", () => {
    const sqlite = new SqliteDatabase(":memory:");
    const resume = createCheckpointPauses(sqlite, 10_000).pause();
    sqlite.close();
    expect(() => resume()).not.toThrow();
  });
});
