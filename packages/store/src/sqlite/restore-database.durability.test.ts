/** `restoreDatabase` flushes the copy to the disk before giving it the database's name: a power cut after the rename finds it whole. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

/** What the file system was asked, in order: each fsync by the file or folder it was opened for, each rename. */
const calls: string[] = [];

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const opened = new Map<number, string>();
  const openSync = ((path: string, ...rest: unknown[]) => {
    const descriptor = (fs.openSync as (...args: unknown[]) => number)(path, ...rest);
    opened.set(descriptor, String(path));
    return descriptor;
  }) as typeof fs.openSync;
  const fsyncSync = (descriptor: number) => {
    calls.push(`fsync ${basename(opened.get(descriptor) ?? "?")}`);
    fs.fsyncSync(descriptor);
  };
  const renameSync = (from: string, to: string) => {
    calls.push(`rename ${basename(String(from))} -> ${basename(String(to))}`);
    fs.renameSync(from, to);
  };
  const overrides = { openSync, fsyncSync, renameSync };
  return { ...fs, ...overrides, default: { ...fs, ...overrides } };
});

const folder = mkdtempSync(join(tmpdir(), "rapport-restore-sync-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("restoreDatabase on a path with no database", () => {
  it("flushes the copied file before renaming it into place, then the folder", async () => {
    // The package's tests share modules (isolate: false): imported afresh, so that they see the mocked node:fs.
    vi.resetModules();
    const { createSqliteStore } = await import("./create-sqlite-store.js");
    const { restoreDatabase } = await import("./restore-database.js");
    const store = await createSqliteStore({ path: join(folder, "source.db") });
    await store.tenants.create({ name: "Acme", tier: "standard" });
    await store.backup(join(folder, "backup.db"));
    await store.close();
    calls.length = 0;

    await restoreDatabase(join(folder, "rapport.db"), join(folder, "backup.db"));

    const renamed = calls.findIndex((call) => /^rename \.rapport\.db\.[0-9a-f]{8}\.restoring -> rapport\.db$/.test(call));
    expect(renamed, calls.join("\n")).toBeGreaterThan(-1);
    const copy = calls[renamed]!.split(" ")[1]!;
    expect(calls.slice(0, renamed), calls.join("\n")).toContain(`fsync ${copy}`);
    expect(calls.slice(renamed + 1)).toContain(`fsync ${basename(folder)}`);
  });
});
