/** `serve --demo` (what `npx pnpm start` runs) never adds the demo tenant and its keys to a database with tenants of its own. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runRapport } from "../testing/built-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-serve-demo-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport serve --demo", { timeout: 60_000 }, () => {
  it("is refused on a database with a tenant of its own, which it leaves as it was", async () => {
    const database = join(folder, "production.db");
    const tenant = JSON.parse((await runRapport(database, "--json", "tenants", "create", "--name", "Halvorsen Partners")).stdout) as { uuid: string };
    expect(await runRapport(database, "serve", "--demo", "--port", "0")).toEqual({
      code: 1,
      stdout: "",
      stderr:
        `rapport: --demo would add the demo tenant and its keys to ${database}, which has 1 tenant of its own; ` +
        "serve it without --demo, or try the demo on another database (--db ./data/demo.db)\n",
    });
    // No demo tenant, so none of its keys either.
    expect(JSON.parse((await runRapport(database, "--json", "tenants", "list")).stdout)).toEqual([expect.objectContaining({ uuid: tenant.uuid })]);
  });
});
