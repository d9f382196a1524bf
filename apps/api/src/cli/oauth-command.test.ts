/** `rapport oauth rotate-keys` as an operator meets it: its help, what it prints, and its errors. */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runRapport } from "../testing/built-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-oauth-command-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport oauth rotate-keys", () => {
  it("says in its help that running servers follow without a restart, and what --revoke-old does", async () => {
    const help = await runRapport(join(folder, "unused.db"), "oauth", "rotate-keys", "--help");
    expect(help.code).toBe(0);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("take the new keys at their next OAuth request, without a restart");
    expect(help.stdout).not.toMatch(/Restart every/);
    expect(help.stdout.replace(/\s+/g, " ")).toContain("--revoke-old delete the replaced keys at once");
  });

  it("prints the new key, the keys still verifying, and that running servers follow", async () => {
    const database = join(folder, "rotated.db");
    expect((await runRapport(database, "tenants", "list")).code).toBe(0);
    const first = await runRapport(database, "--json", "oauth", "rotate-keys");
    const { signing_keys: firstKeys } = JSON.parse(first.stdout) as { signing_keys: { current: string } };
    const second = await runRapport(database, "oauth", "rotate-keys");
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toMatch(/^new signing key \S+ \(signs access and ID tokens from now on, for every tenant\)$/m);
    expect(second.stdout).toContain(`still verifying the tokens they signed (for up to 1 hour): ${firstKeys.current}`);
    expect(second.stdout).toContain("replaced cookie keys still verifying the sign-in sessions they signed (for up to 14 days): 1");
    expect(second.stdout.trim().split("\n").at(-1)).toBe(
      "running servers on this database use the new keys from their next OAuth request: no restart needed",
    );
    expect(JSON.parse(first.stdout)).not.toHaveProperty("restart_required");
    const revoked = await runRapport(database, "oauth", "rotate-keys", "--revoke-old");
    expect(revoked.stdout).toMatch(/^ {2}revoked: \S+, \S+$/m);
    expect(revoked.stdout).toContain("cookie keys revoked: 2");
  });

  it("refuses a database file that does not exist, without creating it", async () => {
    const missing = join(folder, "missing.db");
    const refused = await runRapport(missing, "oauth", "rotate-keys");
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toBe(`rapport: no database at ${missing} (chosen by --db, RAPPORT_DB or the default ./data/rapport.db)\n`);
    expect(existsSync(missing)).toBe(false);
  });

  it("refuses a file that is not a database in one line", async () => {
    const notDatabase = join(folder, "notes.txt");
    writeFileSync(notDatabase, "not a database, just some notes that are long enough to read as a file header\n".repeat(20));
    const refused = await runRapport(notDatabase, "oauth", "rotate-keys");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^rapport: .*notes\.txt is not a SQLite database.*\n$/);
  });
});
