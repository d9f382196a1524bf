import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GraphInputError } from "@rapport/graph";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore, type SqliteStoreOptions } from "./create-sqlite-store.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** Options as a caller without TypeScript may give them. */
const untyped = (options: unknown) => options as SqliteStoreOptions;

describe("createSqliteStore's options, as a JavaScript caller may give them", () => {
  it.each([
    ["no options", undefined, 'createSqliteStore: expecting options { path, ... } but got undefined'],
    ["a path alone", "./data/rapport.db", 'createSqliteStore: expecting options { path, ... } but got "./data/rapport.db"'],
    ["no path", {}, 'createSqliteStore: expecting "path" to be a file path or ":memory:", got undefined'],
    ["a number for path", { path: 42 }, 'createSqliteStore: expecting "path" to be a file path or ":memory:", got 42'],
    ["an empty path (SQLite's temporary file)", { path: "" }, 'createSqliteStore: expecting "path" to be a file path or ":memory:", got ""'],
    ["a clock that is a number", { path: ":memory:", now: 1_700_000_000_000 }, 'createSqliteStore: expecting "now" to be a function, got 1700000000000'],
    ["an id maker that is a string", { path: ":memory:", generateId: "uuid" }, 'createSqliteStore: expecting "generateId" to be a function, got "uuid"'],
    ["a migration observer that is not a function", { path: ":memory:", onMigration: "log" }, 'createSqliteStore: expecting "onMigration" to be a function, got "log"'],
    ["a lock wait that is not a whole number", { path: ":memory:", lockWaitMs: 0.5 }, 'createSqliteStore: expecting "lockWaitMs" to be a whole number of milliseconds, got 0.5'],
    ["a negative lock wait", { path: ":memory:", lockWaitMs: -1 }, 'createSqliteStore: expecting "lockWaitMs" to be a whole number of milliseconds, got -1'],
    ["a close wait that is not a number", { path: ":memory:", closeWaitMs: "5s" }, 'createSqliteStore: expecting "closeWaitMs" to be a whole number of milliseconds, got 5s'],
    [
      "a misspelt option, which would fall back to its default unseen",
      { path: ":memory:", synchronus: "full" },
      'createSqliteStore: expecting a known option name ("path", "now", "generateId", "scoringParameters", "mmapBytes", "synchronous", "checkpointIntervalMs", "lockWaitMs", "onMigration", "maximumTenantGraphs", "closeWaitMs") but got "synchronus"',
    ],
    ["an unknown option given as undefined", { path: ":memory:", lockWait: undefined }, 'expecting a known option name ("path", "now", '],
  ])("refuses %s with an InvalidInputError, not a TypeError", async (_, options, message) => {
    const opening = createSqliteStore(untyped(options));
    await expect(opening).rejects.toThrow(InvalidInputError);
    await expect(opening).rejects.toThrow(message);
  });

  it("refuses a scoring parameter the graph refuses when it opens, not at the first hydration, and writes nothing", async () => {
    const folder = mkdtempSync(join(tmpdir(), "rapport-store-options-"));
    folders.push(folder);
    const path = join(folder, "nested", "rapport.db");
    const opening = createSqliteStore({ path, scoringParameters: { halfLifeDays: -1 } });
    await expect(opening).rejects.toThrow(InvalidInputError);
    await expect(opening).rejects.toThrow(/^createSqliteStore: expecting "scoringParameters\.halfLifeDays" to be .* but got "-1"\.$/);
    await expect(opening).rejects.toHaveProperty("cause", expect.any(GraphInputError));
    await expect(createSqliteStore(untyped({ path, scoringParameters: { halfLife: 30 } }))).rejects.toThrow(
      'createSqliteStore: expecting a known scoring parameter name but got "halfLife".',
    );
    expect(existsSync(join(folder, "nested"))).toBe(false);
  });

  it("opens with valid options", async () => {
    const store = await createSqliteStore({ path: ":memory:", now: () => 1_700_000_000_000, generateId: () => "7b0a7d2e-0000-4000-8000-000000000001", scoringParameters: { halfLifeDays: 30 } });
    expect((await store.tenants.create({ name: "Acme", tier: "standard" })).uuid).toBe("7b0a7d2e-0000-4000-8000-000000000001");
    await store.close();
  });
});
