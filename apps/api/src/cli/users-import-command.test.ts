/** `rapport users import` as an operator setting up a team meets it: all rows or none, skipped users listed, keys printed once. */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runRapport } from "../testing/built-cli.js";
import { runRapportInProcess, runRapportInProcessWithInput } from "../testing/in-process-cli.js";
import { createTestContext } from "../testing/test-harness.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-users-import-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const database = join(folder, "users.db");
// What an import prints and writes is checked in this process; the first test imports through the built command.
const rapport = (...args: string[]) => runRapportInProcess(database, ...args);

let files = 0;
function usersFile(text: string, extension = "csv"): string {
  const path = join(folder, `users-${++files}.${extension}`);
  writeFileSync(path, text);
  return path;
}

async function newTenant(): Promise<string> {
  return JSON.parse((await rapport("--json", "tenants", "create", "--name", `Acme ${Math.random()}`)).stdout).uuid;
}

async function usersOf(tenant: string): Promise<Array<{ uuid: string; name: string; email: string; role: string; is_active: boolean }>> {
  return JSON.parse((await rapport("--json", "users", "list", "--tenant", tenant)).stdout);
}

describe("rapport users import", { timeout: 60_000 }, () => {
  it("reads the users from standard input for -, CSV or JSON lines as their text says, all or none as from a file", async () => {
    const tenant = await newTenant();
    const piped = await runRapportInProcessWithInput("name,email\nDee Ives,dee@acme.example\n", database, "users", "import", "-", "--tenant", tenant);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stdout).toMatch(/^created 1 user in tenant /);
    const lines = '{"name": "Eli Fox", "email": "eli@acme.example", "role": "administrator"}\n';
    expect((await runRapportInProcessWithInput(lines, database, "users", "import", "-", "--tenant", tenant)).code).toBe(0);
    expect((await usersOf(tenant)).map((user) => [user.email, user.role])).toEqual(
      expect.arrayContaining([
        ["dee@acme.example", "member"],
        ["eli@acme.example", "administrator"],
      ]),
    );
    const refused = await runRapportInProcessWithInput("name,email\nNo Address,\n", database, "users", "import", "-", "--tenant", tenant);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/line 2: /);
    expect(await usersOf(tenant)).toHaveLength(2);
  });


  it("creates the file's users, skipping and listing those the tenant has already", async () => {
    const tenant = await newTenant();
    const existing = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant, "--name", "Ada Park", "--email", "ada@acme.example")).stdout);
    const file = usersFile("name,email,role\nAda Park,ADA@acme.example,administrator\nBo Chen,bo@acme.example,administrator\nCy Diaz,cy@acme.example,\n");
    const imported = await runRapport(database, "users", "import", file, "--tenant", tenant);
    expect(imported.code, imported.stderr).toBe(0);
    const users = await usersOf(tenant);
    const bo = users.find((user) => user.email === "bo@acme.example")!;
    const cy = users.find((user) => user.email === "cy@acme.example")!;
    expect(imported.stdout.split("\n")).toEqual([
      `created 2 users in tenant ${tenant}; 1 already users, left as they are`,
      `line 3: created administrator ${bo.uuid} Bo Chen <bo@acme.example>`,
      `line 4: created member ${cy.uuid} Cy Diaz <cy@acme.example>`,
      `line 2: skipped ada@acme.example: already user ${existing.uuid} (member, active)`,
      "",
    ]);
    expect(users).toHaveLength(3);
    // The existing user is left as they were: the file's role is not applied to them.
    expect(users.find((user) => user.uuid === existing.uuid)).toMatchObject({ role: "member", name: "Ada Park" });

    // Run again, the whole file is skipped: nothing is created twice.
    const again = JSON.parse((await rapport("--json", "users", "import", file, "--tenant", tenant)).stdout);
    expect(again).toMatchObject({ tenant_uuid: tenant, dry_run: false, created: [] });
    expect(again.skipped.map((each: { line: number; uuid: string }) => [each.line, each.uuid])).toEqual([
      [2, existing.uuid],
      [3, bo.uuid],
      [4, cy.uuid],
    ]);
    expect(await usersOf(tenant)).toHaveLength(3);
  });

  it("writes nothing when any row is wrong, naming each by its line", async () => {
    const tenant = await newTenant();
    const file = usersFile(["name,email,role", "Ada Park,ada@acme.example,", "Bo Chen,bo@,member", "Cy Diaz,cy@acme.example,owner", "Di,ada@acme.example,"].join("\n"));
    const refused = await rapport("users", "import", file, "--tenant", tenant);
    expect(refused).toEqual({
      code: 1,
      stdout: "",
      stderr: [
        "line 3: email bo@ is not an email address",
        'line 4: role "owner" is not one of member, administrator',
        "line 5: email ada@acme.example is on line 2 already",
        "rapport: 3 of 4 rows refused (listed above); nothing was written: fix them and run the command again",
        "",
      ].join("\n"),
    });
    expect(await usersOf(tenant)).toEqual([]);
  });

  it("rolls back the users created before a row the store refuses", async () => {
    const tenant = await newTenant();
    const ada = JSON.parse((await rapport("--json", "users", "create", "--tenant", tenant, "--name", "Ada Park", "--email", "ada@acme.example")).stdout);
    const key = JSON.parse((await rapport("--json", "keys", "create", "--tenant", tenant)).stdout).key;
    // Ada's person has a second address: a user with it would take her person from her.
    const app = await createTestContext({ databasePath: database, start: Date.now() });
    try {
      const updated = await app.json(`/v1/persons/${ada.person_uuid}`, { key, method: "PUT", body: { emails: ["ada@acme.example", "ada.park@acme.example"] } });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    } finally {
      await app.close();
    }
    const file = usersFile('{"name":"Bo Chen","email":"bo@acme.example"}\n{"name":"Ada P.","email":"ada.park@acme.example"}\n', "jsonl");
    const refused = await rapport("users", "import", file, "--tenant", tenant, "--keys");
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe("");
    expect(refused.stderr.split("\n")).toEqual([
      `line 2: ada.park@acme.example is an address of person ${ada.person_uuid}, which is user ${ada.uuid}'s own (an active user)`,
      "rapport: 1 of 2 rows refused (listed above); nothing was written: fix them and run the command again",
      "",
    ]);
    expect((await usersOf(tenant)).map((user) => user.email)).toEqual(["ada@acme.example"]);
    expect(JSON.parse((await rapport("--json", "keys", "list", "--tenant", tenant)).stdout)).toHaveLength(1);
  });

  it("creates a key bound to each new user with --keys, printed once, that works for that user", async () => {
    const tenant = await newTenant();
    await rapport("users", "create", "--tenant", tenant, "--name", "Ada Park", "--email", "ada@acme.example");
    const file = usersFile("email,name\nada@acme.example,Ada Park\nbo@acme.example,Bo Chen\ncy@acme.example,Cy Diaz\n");
    const text = await rapport("users", "import", file, "--tenant", tenant, "--keys", "--read-only", "--key-label", "onboarding");
    expect(text.code, text.stderr).toBe(0);
    const lines = text.stdout.trim().split("\n");
    expect(lines[0]).toBe(`created 2 users in tenant ${tenant}, each with a read-only key bound to them; 1 already users, left as they are`);
    expect(lines[2]).toMatch(/^ {2}key \S+ pk_[\w-]{43}$/);
    expect(lines.at(-1)).toBe("store the keys now: they are not shown again");

    const second = usersFile("email,name\ndi@acme.example,Di Eng\n");
    const json = JSON.parse((await rapport("--json", "users", "import", second, "--tenant", tenant, "--keys")).stdout);
    const [created] = json.created;
    expect(created).toMatchObject({ line: 2, email: "di@acme.example", role: "member", key: { read_only: false, label: null, key: expect.stringMatching(/^pk_/) } });

    const keys = JSON.parse((await rapport("--json", "keys", "list", "--tenant", tenant)).stdout) as Array<Record<string, unknown>>;
    expect(keys.map((key) => [key.user_uuid, key.label, key.read_only])).toEqual(
      expect.arrayContaining([[created.uuid, null, false]]),
    );
    expect(keys.filter((key) => key.label === "onboarding")).toHaveLength(2);
    const app = await createTestContext({ databasePath: database, start: Date.now() });
    try {
      const me = await app.json("/v1/me", { key: created.key.key });
      expect(me.status).toBe(200);
      expect(me.body?.user).toMatchObject({ uuid: created.uuid, email: "di@acme.example" });
    } finally {
      await app.close();
    }
  });

  it("says what it would do with --dry-run and writes nothing, no key included", async () => {
    const tenant = await newTenant();
    const file = usersFile('{"name":"Bo Chen","email":"bo@acme.example","role":"administrator"}\n', "ndjson");
    const dry = await rapport("users", "import", file, "--tenant", tenant, "--dry-run", "--keys");
    expect(dry).toEqual({
      code: 0,
      stdout: [
        `dry run: would create 1 user in tenant ${tenant}, each with a key bound to them; 0 already users; nothing was written`,
        "line 1: would create administrator Bo Chen <bo@acme.example>",
        "",
      ].join("\n"),
      stderr: "",
    });
    expect(JSON.parse((await rapport("--json", "users", "import", file, "--tenant", tenant, "--dry-run")).stdout)).toEqual({
      tenant_uuid: tenant,
      dry_run: true,
      created: [{ line: 1, name: "Bo Chen", email: "bo@acme.example", role: "administrator" }],
      skipped: [],
    });
    expect(await usersOf(tenant)).toEqual([]);
    expect(JSON.parse((await rapport("--json", "keys", "list", "--tenant", tenant)).stdout)).toEqual([]);
  });

  it("reads a CSV as Excel saves it, in UTF-16 or Windows-1252", async () => {
    const tenant = await newTenant();
    const utf16 = join(folder, "utf16.csv");
    writeFileSync(utf16, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("name\temail\nJosé Núñez\tjose@acme.example\n", "utf16le")]));
    const windows1252 = join(folder, "windows-1252.csv");
    writeFileSync(windows1252, Buffer.from("name;email\nRen\xe9e Dupr\xe9;renee@acme.example\n", "latin1"));
    for (const file of [utf16, windows1252]) expect((await rapport("users", "import", file, "--tenant", tenant)).code).toBe(0);
    expect((await usersOf(tenant)).map((user) => user.name).sort()).toEqual(["José Núñez", "Renée Dupré"]);
    // Excel's plain CSV on a Russian Windows (Windows-1251) would read garbled: refused in one line, saying what to do.
    const windows1251 = join(folder, "windows-1251.csv");
    writeFileSync(windows1251, Buffer.from("name;email\n\xc8\xe2\xe0\xed \xcf\xe5\xf2\xf0\xee\xe2;ivan@acme.example\n", "latin1"));
    const refused = await rapport("users", "import", windows1251, "--tenant", tenant);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/^rapport: the users file .*windows-1251\.csv is not UTF-8 or UTF-16 text, .*"CSV UTF-8"/) });
  });

  it("refuses a missing file, an unknown tenant and key options without --keys", async () => {
    const tenant = await newTenant();
    const file = usersFile("name,email\nBo,bo@acme.example\n");
    expect(await rapport("users", "import", join(folder, "none.csv"), "--tenant", tenant)).toMatchObject({ code: 1, stderr: `rapport: no users file at ${join(folder, "none.csv")}\n` });
    expect(await rapport("users", "import", file, "--tenant", tenant, "--read-only")).toMatchObject({ code: 1, stderr: "rapport: --read-only and --key-label apply only with --keys\n" });
    const unknown = "0b9f6a3e-8c1d-4e2f-9a7b-1c2d3e4f5a6b";
    expect(await rapport("users", "import", file, "--tenant", unknown)).toMatchObject({ code: 1, stderr: `rapport: tenant ${unknown} not found\n` });
    expect(await usersOf(tenant)).toEqual([]);
  });
});
