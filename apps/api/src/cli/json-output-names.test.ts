/** `rapport --json`: every command's document names its fields in snake_case, as the API does (run in this process). */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, describe, expect, it } from "vitest";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const DAY = 86_400_000;
const folder = mkdtempSync(join(tmpdir(), "rapport-json-names-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const SNAKE_CASE = /^[a-z0-9]+(_[a-z0-9]+)*$/;

/** Every key of a JSON document not in snake_case, as a path. */
function otherNames(value: unknown, path = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => otherNames(item, `${path}[${index}]`));
  if (value === null || typeof value !== "object") return [];
  return Object.entries(value).flatMap(([key, item]) => [...(SNAKE_CASE.test(key) ? [] : [`${path}.${key}`]), ...otherNames(item, `${path}.${key}`)]);
}

describe("rapport --json", () => {
  it("names every field of every command's document in snake_case", async () => {
    const database = join(folder, "names.db");
    // A deletion recorded long ago, so history prune has something to report.
    let now = Date.now() - 100 * DAY;
    const setup = await createSqliteStore({ path: database, now: () => now });
    const tenantUuid = (await setup.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const note = await setup.notes.create({ tenant_uuid: tenantUuid, content: "Call notes" }, { user_uuid: null });
    await setup.notes.delete(tenantUuid, note.uuid);
    now = Date.now();
    await setup.close();

    const json = async (...args: string[]) => {
      const { code, stdout, stderr } = await runRapportInProcess(database, "--json", ...args);
      expect(code, `${args.join(" ")}: ${stderr}`).toBe(0);
      return JSON.parse(stdout) as unknown;
    };
    const created = (await json("tenants", "create", "--name", "Custom", "--tier", "custom", "--per-second", "9")) as { limits: unknown };
    expect(created.limits).toEqual({ per_second: 9, monthly: 10_000 });
    const user = (await json("users", "create", "--tenant", tenantUuid, "--name", "Ada Park", "--email", "ada@acme.example", "--role", "administrator")) as { uuid: string };
    const key = (await json("keys", "create", "--tenant", tenantUuid, "--label", "sync")) as { uuid: string };
    const usersFile = join(folder, "users.csv");
    writeFileSync(usersFile, "name,email\nAda Park,ada@acme.example\nBo Chen,bo@acme.example\n");
    const pruned = (await json("history", "prune", "--older-than", "30")) as { pruned: unknown[] };
    expect(pruned.pruned).toEqual([
      { tenant_uuid: tenantUuid, log: "record_deletions", removed: 1, pruned_through_sequence: expect.any(Number), pruned_through_time: expect.any(Number) },
    ]);
    const documents: Record<string, unknown> = {
      "tenants create": created,
      "tenants list": await json("tenants", "list"),
      "users create": user,
      "users list": await json("users", "list", "--tenant", tenantUuid),
      "users deactivate": await json("users", "deactivate", "--tenant", tenantUuid, "--user", user.uuid),
      "users import": await json("users", "import", usersFile, "--tenant", tenantUuid, "--keys"),
      "users access": await json("users", "access", "--tenant", tenantUuid),
      "keys create": key,
      "keys list": await json("keys", "list", "--tenant", tenantUuid),
      "keys rotate": await json("keys", "rotate", "--tenant", tenantUuid, "--key-id", key.uuid),
      "keys prune": await json("keys", "prune", "--older-than", "1"),
      "history prune": pruned,
      "oauth list-grants": await json("oauth", "list-grants"),
      "seed demo": await json("seed", "demo"),
      status: await json("status"),
      backup: await json("backup", "--to", join(folder, "names-backup.db")),
      compact: await json("compact"),
    };
    expect(Object.fromEntries(Object.entries(documents).map(([command, document]) => [command, otherNames(document)]))).toEqual(
      Object.fromEntries(Object.keys(documents).map((command) => [command, []])),
    );
  });
});
