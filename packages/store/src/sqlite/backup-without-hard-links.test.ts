/** `store.backup` into a folder whose file system has no hard links (a FAT-formatted USB drive, some network shares). */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { ConflictError } from "../errors.js";
import { createSqliteStore } from "./create-sqlite-store.js";

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const linkSync = () => {
    throw Object.assign(new Error("EPERM: operation not permitted, link"), { code: "EPERM" });
  };
  return { ...fs, default: { ...fs, linkSync }, linkSync };
});

const folder = mkdtempSync(join(tmpdir(), "rapport-backup-no-links-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("store.backup where hard links are refused", () => {
  it("puts the copy in place all the same, still refusing to overwrite a file without replace", async () => {
    const store = await createSqliteStore({ path: join(folder, "rapport.db") });
    try {
      const tenant = await store.tenants.create({ name: "Acme", tier: "standard" });
      const copy = join(folder, "copy.db");
      const result = await store.backup(copy);
      expect(result.path).toBe(copy);
      const reader = new SqliteDatabase(copy, { readonly: true });
      expect(reader.prepare("select name from tenants where uuid = ?").pluck().get(tenant.uuid)).toBe("Acme");
      reader.close();
      writeFileSync(join(folder, "kept.db"), "an older backup");
      await expect(store.backup(join(folder, "kept.db"))).rejects.toThrow(ConflictError);
      expect(readdirSync(folder).filter((name) => name.endsWith(".partial"))).toEqual([]);
    } finally {
      await store.close();
    }
  });
});
