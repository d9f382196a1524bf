import { describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { backupDatabase } from "./backup-database.js";
import { compactDatabase } from "./compact-database.js";
import { restoreDatabase } from "./restore-database.js";

/** A path as a caller without TypeScript may give it. */
const untyped = (path: unknown) => path as string;

describe("the store's file functions, given a path that is not one", () => {
  it.each([
    ["backupDatabase", () => backupDatabase(untyped(undefined), "/tmp/copy.db"), 'store.backup: expecting "databasePath" to be a file path, got undefined'],
    ["backupDatabase", () => backupDatabase("/tmp/rapport.db", untyped(null)), 'store.backup: expecting "destination" to be a file path, got null'],
    ["backupDatabase", () => backupDatabase("/tmp/rapport.db", ""), 'store.backup: expecting "destination" to be a file path, got ""'],
    ["restoreDatabase", () => restoreDatabase(untyped(1), "/tmp/copy.db"), 'restoreDatabase: expecting "databasePath" to be a file path, got 1'],
    ["restoreDatabase", () => restoreDatabase("/tmp/rapport.db", untyped({ path: "/tmp/copy.db" })), 'restoreDatabase: expecting "backupPath" to be a file path, got an object'],
    ["compactDatabase", async () => compactDatabase(untyped(null)), 'compactDatabase: expecting "databasePath" to be a file path, got null'],
  ])("%s refuses it with an InvalidInputError naming the argument, not Node's TypeError", async (_, call, message) => {
    const calling = call();
    await expect(calling).rejects.toThrow(InvalidInputError);
    await expect(calling).rejects.toThrow(message);
  });
});
