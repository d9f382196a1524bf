/** `rapport keys list` and `users list` with nothing to list: one line saying so, and `[]` with `--json`. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-empty-lists-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport lists with nothing in them", { timeout: 60_000 }, () => {
  it("say there is none in one line, and print [] with --json", async () => {
    const database = join(folder, "empty.db");
    const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
    const tenant = JSON.parse((await rapport("--json", "tenants", "create", "--name", "Acme")).stdout).uuid as string;
    expect(await rapport("keys", "list", "--tenant", tenant)).toEqual({ code: 0, stdout: `no working keys in tenant ${tenant}\n`, stderr: "" });
    expect((await rapport("keys", "list", "--tenant", tenant, "--all")).stdout).toBe(`no keys in tenant ${tenant}\n`);
    expect((await rapport("keys", "list", "--tenant", tenant, "--unused-for", "30")).stdout).toBe(`no working keys unused for 30 days in tenant ${tenant}\n`);
    expect(await rapport("users", "list", "--tenant", tenant)).toEqual({ code: 0, stdout: `no users in tenant ${tenant}\n`, stderr: "" });
    expect((await rapport("--json", "keys", "list", "--tenant", tenant)).stdout).toBe("[]\n");
    expect((await rapport("--json", "users", "list", "--tenant", tenant)).stdout).toBe("[]\n");
  });
});
