/** The in-process `rapport` of the tests answers as the built command does: output, one-line errors, exit codes, input. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runRapport } from "./built-cli.js";
import { runRapportInProcess, runRapportInProcessWithInput } from "./in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-in-process-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("runRapportInProcess", { timeout: 60_000 }, () => {
  it("gives what the built command gives: a created database's notice, JSON, a refusal, a usage error, a group's help", async () => {
    const tenant = await runRapportInProcess(join(folder, "in-process.db"), "--json", "tenants", "create", "--name", "Same");
    const tenantByProcess = await runRapport(join(folder, "process.db"), "--json", "tenants", "create", "--name", "Same");
    const withoutUuids = (text: string) => text.replaceAll(/[\w-]+\.db/g, "<db>").replaceAll(/"(uuid|created_at|updated_at)": ("[^"]*"|\d+)/g, '"$1": _');
    expect(tenant.code).toBe(0);
    expect({ ...tenant, stdout: withoutUuids(tenant.stdout), stderr: withoutUuids(tenant.stderr) }).toEqual({
      ...tenantByProcess,
      stdout: withoutUuids(tenantByProcess.stdout),
      stderr: withoutUuids(tenantByProcess.stderr),
    });
    const database = join(folder, "process.db");
    // Not --version: a build stamps its commit, which a run from source does not have (cli.test.ts).
    for (const args of [
      ["tenants", "list"],
      ["users", "list", "--tenant", "00000000-0000-4000-8000-000000000000"],
      ["tenants", "create", "--name", "X", "--tier", "gold"],
      ["users"],
    ]) {
      expect(await runRapportInProcess(database, ...args), args.join(" ")).toEqual(await runRapport(database, ...args));
    }
  });

  it("reads the input it is given as its standard input", async () => {
    const database = join(folder, "input.db");
    const tenant = JSON.parse((await runRapportInProcess(database, "--json", "tenants", "create", "--name", "Input")).stdout) as { uuid: string };
    const imported = await runRapportInProcessWithInput("Email,First Name\nada@example.com,Ada\n", database, "--json", "import", "csv", "-", "--tenant", tenant.uuid);
    expect(imported.code, imported.stderr).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({ items: { read: 1, written: 1 } });
  });
});
