/** `serve --demo` (what `npx pnpm start` runs) never adds the demo tenant and its keys to a database with tenants of its own. */
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { promisify } from "node:util";
import { CLI_PATH, runRapport } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-serve-demo-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport serve --demo", { timeout: 60_000 }, () => {
  it("is refused on a database with a tenant of its own, which it leaves as it was", async () => {
    const database = join(folder, "production.db");
    const tenant = JSON.parse((await runRapportInProcess(database, "--json", "tenants", "create", "--name", "Halvorsen Partners")).stdout) as { uuid: string };
    expect(await runRapport(database, "serve", "--demo", "--port", "0")).toEqual({
      code: 1,
      stdout: "",
      stderr:
        `rapport: --demo would add the demo tenant and its keys to ${database}, which has 1 tenant of its own; ` +
        "serve it without --demo, or try the demo on another database (--db ./data/demo.db)\n",
    });
    // No demo tenant, so none of its keys either.
    expect(JSON.parse((await runRapportInProcess(database, "--json", "tenants", "list")).stdout)).toEqual([expect.objectContaining({ uuid: tenant.uuid })]);
  });

  it("run by the start script, names the command that serves the database's tenants, and the demo's own database", async () => {
    const database = join(folder, "after-fresh-tenant.db");
    await runRapportInProcess(database, "tenants", "create", "--name", "Acme Capital");
    // What `npx pnpm start --port 8788` runs, in the environment pnpm gives a script.
    const started = await promisify(execFile)(process.execPath, [CLI_PATH, "serve", "--demo", "--db", database, "--port", "0"], {
      env: { ...process.env, npm_lifecycle_event: "start" },
    }).then(
      () => ({ code: 0, stderr: "" }),
      (error: { code: number; stderr: string }) => ({ code: error.code, stderr: error.stderr }),
    );
    expect(started).toEqual({
      code: 1,
      stderr:
        `rapport: npx pnpm start serves the demo: it would add the demo tenant and its keys to ${database}, which has 1 tenant of its own; ` +
        "serve your tenants with npx --yes pnpm@10.34.9 rapport serve (it takes the same options, --port too), " +
        "or try the demo on another database (npx --yes pnpm@10.34.9 start --db ./data/demo.db)\n",
    });
  });
});
