/** `rapport persons export`: a person's personal data as JSON, on standard output or in a file. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runRapport } from "../testing/built-cli.js";
import { runRapportInProcess } from "../testing/in-process-cli.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-persons-export-"));
const database = join(folder, "export.db");
afterAll(() => rmSync(folder, { recursive: true, force: true }));
// The document on standard output is checked through the built command (a real pipe); the rest in this process.
const rapport = (...args: string[]) => runRapportInProcess(database, ...args);
const rapportProcess = (...args: string[]) => runRapport(database, ...args);

let tenantUuid: string;
let zeldaUuid: string;
let yuriUuid: string;
let ada: { uuid: string; person_uuid: string };

beforeAll(async () => {
  const store = await createSqliteStore({ path: database });
  try {
    tenantUuid = (await store.tenants.create({ name: "Export", tier: "standard" })).uuid;
    ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@export.example", role: "administrator" });
    const zelda = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zelda Quintero", emails: ["zelda@quintero.example"] });
    const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park", emails: ["cleo@globex.example"] });
    await store.emails.ingest(tenantUuid, { message_id: "export-1", subject: "Hello", sent_at: 1, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: zelda.uuid }, { person_uuid: cleo.uuid }] });
    const yuri = await store.persons.create({ tenant_uuid: tenantUuid, name: "Yuri" });
    await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: zelda.uuid, superseded_uuid: yuri.uuid, preview: false, merged_by_user_uuid: null });
    zeldaUuid = zelda.uuid;
    yuriUuid = yuri.uuid;
  } finally {
    await store.close();
  }
});

describe("rapport persons export", { timeout: 60_000 }, () => {
  it("prints the person's document on standard output, other persons only counted", async () => {
    const exported = await rapportProcess("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid.toUpperCase());
    expect(exported.code, exported.stderr).toBe(0);
    const document = JSON.parse(exported.stdout);
    expect(document).toMatchObject({
      tenant_uuid: tenantUuid,
      person_uuid: zeldaUuid,
      persons: [{ uuid: zeldaUuid, name: "Zelda Quintero" }, { uuid: yuriUuid, name: "Yuri" }],
      email_addresses: [{ address: "zelda@quintero.example" }],
      emails: [{ message_id: "export-1", roles: ["to"], other_participant_count: 2 }],
      derived: { relationships: [{ user_uuid: ada.uuid, user_name: "Ada" }] },
    });
    expect(exported.stdout).not.toContain("cleo");
    // The same document with --json: it is JSON already (made at another time).
    const again = JSON.parse((await rapportProcess("--json", "persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid)).stdout);
    expect({ ...again, exported_at: 0, derived: { ...again.derived, computed_at: 0 } }).toEqual({ ...document, exported_at: 0, derived: { ...document.derived, computed_at: 0 } });
  });

  it("writes the document to --out, readable by its owner only, and replaces a file only with --force", async () => {
    const out = join(folder, "zelda.json");
    const written = await rapport("--json", "persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid, "--out", out);
    expect(written.code, written.stderr).toBe(0);
    const bytes = statSync(out).size;
    expect(JSON.parse(written.stdout)).toEqual({ uuid: zeldaUuid, path: out, bytes });
    expect(JSON.parse(readFileSync(out, "utf8"))).toMatchObject({ person_uuid: zeldaUuid });
    expect(statSync(out).mode & 0o777).toBe(0o600);

    writeFileSync(out, "kept");
    expect(await rapport("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid, "--out", out)).toMatchObject({
      code: 1,
      stderr: `rapport: ${out} exists: pass --force to replace it\n`,
    });
    expect(readFileSync(out, "utf8")).toBe("kept");
    const replaced = await rapport("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid, "--out", out, "--force");
    expect(replaced).toMatchObject({ code: 0, stdout: `exported person ${zeldaUuid} to ${out}: ${statSync(out).size} bytes\n` });
    expect(JSON.parse(readFileSync(out, "utf8"))).toMatchObject({ person_uuid: zeldaUuid });
  });

  it("refuses the database itself, one of its files or a folder as --out, even with --force, and leaves them as they were", async () => {
    const linkedFolder = join(folder, "linked");
    symlinkSync(folder, linkedFolder);
    for (const out of [database, `${database}-wal`, `${database}-journal`, join(linkedFolder, "export.db"), join(folder, "sub", "..", "export.db")]) {
      expect(await rapport("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid, "--out", out, "--force"), out).toMatchObject({
        code: 1,
        stdout: "",
        stderr: `rapport: ${out.includes("..") ? database : out} is the database itself (or one of its files); name another file\n`,
      });
    }
    expect(readFileSync(database).subarray(0, 16).toString("latin1")).toBe("SQLite format 3\0");
    // Still the database, with its records.
    expect((await rapport("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid)).code).toBe(0);

    const outFolder = join(folder, "exports");
    mkdirSync(outFolder);
    for (const flags of [[], ["--force"]]) {
      expect(await rapport("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid, "--out", outFolder, ...flags), flags.join()).toMatchObject({
        code: 1,
        stderr: `rapport: ${outFolder} is a folder; name a file\n`,
      });
    }
    expect(statSync(outFolder).isDirectory()).toBe(true);
  });

  it("refuses an unknown person, a merged-away one, another tenant and a lone --force in one line", async () => {
    const stranger = "00000000-0000-4000-8000-000000000000";
    expect(await rapport("persons", "export", "--tenant", tenantUuid, "--person", stranger)).toMatchObject({
      code: 1,
      stdout: "",
      stderr: `rapport: person ${stranger} not found in tenant ${tenantUuid}\n`,
    });
    expect(await rapport("persons", "export", "--tenant", tenantUuid, "--person", yuriUuid)).toMatchObject({
      code: 1,
      stderr: `rapport: person ${yuriUuid} not found in tenant ${tenantUuid}: it was merged into person ${zeldaUuid}, export that one\n`,
    });
    expect(await rapport("persons", "export", "--tenant", stranger, "--person", zeldaUuid)).toMatchObject({ code: 1, stderr: `rapport: tenant ${stranger} not found\n` });
    expect(await rapport("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid, "--force")).toMatchObject({
      code: 1,
      stderr: "rapport: --force applies only with --out\n",
    });
    expect(await rapport("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid, "--out", join(folder, "missing", "x.json"))).toMatchObject({
      code: 1,
      stderr: `rapport: cannot write ${join(folder, "missing", "x.json")}: folder ${join(folder, "missing")} does not exist\n`,
    });
  });

  it.skipIf(process.platform !== "linux")("says a folder takes no new file and refuses a device, in one line, leaving nothing", async () => {
    const pipe = join(folder, `pipe-${randomUUID()}`);
    execFileSync("mkfifo", [pipe]);
    // procfs exists but takes no file: the create answers ENOENT, once an "unexpected failure".
    expect(await rapport("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid, "--out", "/proc/zelda.json")).toEqual({
      code: 1,
      stdout: "",
      stderr: "rapport: cannot write /proc/zelda.json: no file can be created in the folder /proc (ENOENT)\n",
    });
    // Renamed over, a device (or this pipe) would become a regular file holding the person's data.
    expect(await rapport("persons", "export", "--tenant", tenantUuid, "--person", zeldaUuid, "--out", pipe, "--force")).toEqual({
      code: 1,
      stdout: "",
      stderr: `rapport: ${pipe} is not a regular file (a device, a pipe or a socket): name a file, which is replaced whole when written\n`,
    });
    expect(statSync(pipe).isFIFO()).toBe(true);
  });
});
