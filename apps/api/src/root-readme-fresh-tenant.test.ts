/**
 * Runs the repository README's "A fresh tenant from scratch" commands with the built `rapport`, each `<tenant uuid>`
 * the one the first command printed: a tenant of the tier it names, its administrator, a key.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runRapport } from "./testing/built-cli.js";
import { shellWords } from "./testing/shell-words.js";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const folder = mkdtempSync(join(tmpdir(), "rapport-readme-fresh-tenant-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The commands of the `sh` block after the README line `heading`. */
function commandsAfter(heading: string): string[] {
  const block = /```sh\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf(heading)))?.[1] ?? "";
  return block.split("\n").filter((line) => line.trim() !== "");
}

const RAPPORT = "npx --yes pnpm@10.34.9 rapport ";

describe("the README's fresh tenant", () => {
  it("is made by its three commands, run as written", async () => {
    const commands = commandsAfter("A fresh tenant from scratch:");
    expect(commands).toHaveLength(3);
    const database = join(folder, "fresh.db");
    let tenantUuid: string | null = null;
    const outputs: string[] = [];
    for (const command of commands) {
      expect(command.startsWith(RAPPORT), command).toBe(true);
      const line = command.slice(RAPPORT.length);
      if (line.includes("<tenant uuid>")) expect(tenantUuid, "the tenant's uuid, from the command before").not.toBeNull();
      const { code, stdout, stderr } = await runRapport(database, ...shellWords(line.replaceAll("<tenant uuid>", tenantUuid ?? ""), {}));
      expect(code, stderr).toBe(0);
      tenantUuid ??= /created tenant ([0-9a-f-]{36})/.exec(stdout)?.[1] ?? null;
      outputs.push(stdout);
    }
    expect(outputs[0]).toContain('"Acme Capital" (professional: 20 req/s per key, 100000 req/month)');
    expect(outputs[1]).toMatch(/^created administrator [0-9a-f-]{36} Ada Park <ada@acme\.example>/);
    expect(outputs[2]).toMatch(/\npk_[A-Za-z0-9_-]+\n/);
  });

  it("gives a custom tier the Standard tier's value for a limit not given, as the command table says", async () => {
    expect(readme).toContain("(one not given is the Standard tier's: 5 per second, 10,000 a month)");
    const database = join(folder, "custom.db");
    const created = await runRapport(database, "--json", "tenants", "create", "--name", "Halvorsen", "--tier", "custom", "--per-second", "9");
    expect(JSON.parse(created.stdout)).toMatchObject({ tier: "custom", limits: { per_second: 9, monthly: 10_000 } });
    const onlyMonthly = await runRapport(database, "--json", "tenants", "create", "--name", "Brightwater", "--tier", "custom", "--monthly", "99");
    expect(JSON.parse(onlyMonthly.stdout)).toMatchObject({ limits: { per_second: 5, monthly: 99 } });
  });
});
