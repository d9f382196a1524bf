/** The built `rapport import`: dry run, import, re-run, stdin, progress lines, errors in one line, Ctrl-C. */
import { execFile, spawn } from "node:child_process";
import SqliteDatabase from "better-sqlite3";
import iconv from "iconv-lite";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { createSqliteStore } from "@rapport/store";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeLargeMbox } from "../imports/benchmark/write-large-mbox.js";
import { csvFile, icsFile, mailMessage, mboxFile, vcard, vevent } from "../imports/testing/archive-builders.js";
import { endedWithTest } from "../testing/ended-with-test.js";
import { runRapportInProcessWatchingStderr, runRapportInProcessWithInput } from "../testing/in-process-cli.js";

const cliPath = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));
const folder = mkdtempSync(join(tmpdir(), "rapport-import-cli-"));
const database = join(folder, "cli.db");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const run = promisify(execFile);
// What an import prints and writes is checked in this process; standard input from a pipe, the entry point and
// Ctrl-C run the built command (rapportProcess, spawn).
const rapport = (args: string[], input: string | Buffer = "") => runRapportInProcessWithInput(input, database, ...args);

/** Runs the built command, `input` (if any) on its standard input. */
async function rapportProcess(args: string[], input?: string | Buffer) {
  const child = run(process.execPath, [cliPath, "--db", database, ...args]);
  if (input !== undefined) {
    child.child.stdin!.end(input);
  }
  try {
    const { stdout, stderr } = await child;
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A tenant of the test's own, Ada Park its user: what a test imports is not what another test, run before it, left. */
async function newTenant(): Promise<{ tenant: string; user: { uuid: string } }> {
  const tenant = JSON.parse((await rapport(["--json", "tenants", "create", "--name", "Acme"])).stdout).uuid as string;
  const user = JSON.parse((await rapport(["--json", "users", "create", "--tenant", tenant, "--name", "Ada Park", "--email", "ada@acme.example"])).stdout) as { uuid: string };
  return { tenant, user };
}

// The signal tests' mbox, written once: large enough that an import is still mid-way when the signal arrives.
const LARGE_MBOX_MESSAGES = 3_000;
const largeMboxPath = join(folder, "large.mbox");
beforeAll(() => writeLargeMbox(largeMboxPath, { messages: LARGE_MBOX_MESSAGES, correspondents: 100, owner: "ada@acme.example", bodyLines: 2 }));

/** Where the message after the first `count` of an mbox text starts: the line break before its "From " line. */
function nthMessageOffset(mbox: string, count: number): number {
  let offset = 0;
  for (let index = 0; index < count; index += 1) offset = mbox.indexOf("\nFrom ", offset + 1);
  return offset;
}

/** The emails stored for `tenantUuid`, read through a second connection. */
function emailCount(tenantUuid: string): number {
  const connection = new SqliteDatabase(database, { readonly: true });
  try {
    return (connection.prepare("select count(*) as count from emails where tenant_uuid = ?").get(tenantUuid) as { count: number }).count;
  } finally {
    connection.close();
  }
}

const inbox = mboxFile([
  mailMessage({ messageId: "<c1@x>", from: "Ada Park <ada@acme.example>", to: ["Jordan Blake <jordan@northwind.example>"], date: "Thu, 1 Oct 2026 09:00:00 +0000", subject: "Intro" }),
  mailMessage({ messageId: "<c2@x>", from: "jordan@northwind.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 10:00:00 +0000", subject: "Re: Intro", inReplyTo: "<c1@x>" }),
  "Subject: no sender\n\nbody\n",
]);
const inboxPath = join(folder, "inbox.mbox");
writeFileSync(inboxPath, inbox);

describe("rapport import", () => {
  it("dry-runs, imports and re-imports an mbox, with JSON summaries and plain progress lines", async () => {
    const { tenant, user } = await newTenant();
    const path = inboxPath;
    const dry = await rapport(["--json", "import", "mbox", path, "--tenant", tenant, "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, emails: { new: 2, known: 0 }, persons: { matched: 1, created: 1 }, problems: { count: 1 } });
    expect(dry.stderr).toMatch(/^import \(dry run, nothing written\): 3 items read \(2 to write, 1 problem\), 100% of 0\.0 MB/m);

    // UUIDs as tools that print them in upper case give them: the same tenant and user.
    const real = await rapport(["--json", "import", "mbox", path, "--tenant", tenant.toUpperCase(), "--user", user.uuid.toUpperCase()]);
    expect(JSON.parse(real.stdout)).toMatchObject({ dry_run: false, emails: { new: 2 }, persons: { created: 1 }, owner: { user_uuid: user.uuid, appearances: 2 } });
    // The person it created is already in the search's name indexes: nothing is left for the server.
    const store = await createSqliteStore({ path: database });
    try {
      expect(await store.nameSearch.catchUp(tenant)).toBe(0);
    } finally {
      await store.close();
    }

    // Through the built command: its entry point, the archive on a real pipe, the summary written out before it exits.
    const human = await rapportProcess(["import", "mbox", "-", "--tenant", tenant], inbox);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("mbox import of standard input: completed");
    expect(human.stdout).toContain("emails: 0 new, 2 already known");
    expect(human.stdout).toContain("message 3 (line 25): no sender address in the From header");
    expect(human.stdout).toContain(`proposed owner: Ada Park <ada@acme.example> (named in 2 items); pass --user ${user.uuid} to record it`);
  });

  it("imports a calendar and fails with one line on bad input", async () => {
    const { tenant, user } = await newTenant();
    const ics = join(folder, "calendar.ics");
    writeFileSync(ics, icsFile([vevent(["UID:cli@x", "DTSTART:20261110T150000Z", "SUMMARY:Call", "ORGANIZER:mailto:ada@acme.example", "ATTENDEE:mailto:dana@initech.example"])]));
    const imported = await rapport(["--json", "import", "ics", ics, "--tenant", tenant, "--since", "2026-11-01", "--until", "2026-11-30"]);
    expect(JSON.parse(imported.stdout)).toMatchObject({ meetings: { new: 1 } });
    // --until names the window's last day, which it includes whole (the help says so).
    const lastDay = join(folder, "last-day.ics");
    writeFileSync(lastDay, icsFile([vevent(["UID:cli-last@x", "DTSTART:20261110T150000Z", "SUMMARY:Late call", "ORGANIZER:mailto:ada@acme.example", "ATTENDEE:mailto:dana@initech.example"])]));
    const onLastDay = await rapport(["--json", "import", "ics", lastDay, "--tenant", tenant, "--dry-run", "--since", "2026-11-01", "--until", "2026-11-10"]);
    expect(JSON.parse(onLastDay.stdout)).toMatchObject({ meetings: { new: 1 }, skipped: {} });

    const people = join(folder, "people.csv");
    writeFileSync(people, "First Name,Email\nCli,cli-csv@x.example\n");
    for (const args of [
      ["import", "ics", inboxPath, "--tenant", tenant],
      ["import", "mbox", join(folder, "missing.mbox"), "--tenant", tenant],
      ["import", "zip", ics, "--tenant", tenant],
      ["import", "ics", ics, "--tenant", "00000000-0000-4000-8000-000000000000"],
      ["import", "ics", ics, "--tenant", tenant, "--user", "00000000-0000-4000-8000-000000000000"],
      ["import", "ics", ics, "--tenant", tenant, "--since", "yesterday"],
      ["import", "csv", ics, "--tenant", tenant, "--map", "Email"],
      ["import", "ics", ics, "--tenant", tenant, "--keep-bodies"],
      ["import", "csv", people, "--tenant", tenant, "--map", "Job=job_title"],
    ]) {
      const result = await rapport(args);
      expect(result.code, args.join(" ")).toBe(1);
      expect(result.stderr.trim().split("\n"), args.join(" ")).toHaveLength(1);
      expect(result.stderr, args.join(" ")).toMatch(/^rapport: /);
    }
    expect((await rapport(["import", "ics", inboxPath, "--tenant", tenant])).stderr).toContain('is not an iCalendar file: expected "BEGIN:VCALENDAR" at line 1');
    // An option the kind does not use, or a map naming a header the file lacks, is refused before anything is written.
    expect((await rapport(["import", "ics", ics, "--tenant", tenant, "--keep-bodies"])).stderr).toBe("rapport: keep_bodies (--keep-bodies) applies to mbox imports only, not to ics\n");
    expect((await rapport(["import", "mbox", inboxPath, "--tenant", tenant, "--since", "2026-01-01"])).stderr).toBe("rapport: since (--since) applies to ics imports only, not to mbox\n");
    expect((await rapport(["import", "csv", people, "--tenant", tenant, "--map", "Job=job_title"])).stderr).toContain('map names the header "Job", which');
    // What a new operator types first, the tenant's name and the user's address, is refused naming the command that lists the UUIDs.
    expect(await rapport(["import", "mbox", inboxPath, "--tenant", "Acme"])).toMatchObject({
      code: 1,
      stderr: "rapport: option '--tenant <uuid>' argument 'Acme' is invalid. must be a UUID, not a name: rapport tenants list shows each tenant's\n",
    });
    expect(await rapport(["import", "mbox", inboxPath, "--tenant", tenant, "--user", "ada@acme.example"])).toMatchObject({
      code: 1,
      stderr:
        "rapport: option '--user <uuid>' argument 'ada@acme.example' is invalid. must be a UUID, not a name or an email address: rapport users list --tenant <tenant uuid> shows each user's\n",
    });
    // Contacts have no owner: --user is refused, even naming a real user, before the file is read.
    expect(await rapport(["import", "csv", people, "--tenant", tenant, "--user", user.uuid])).toMatchObject({
      code: 1,
      stderr: "rapport: user_uuid (--user) applies to mbox, ics imports only, not to csv\n",
    });
    const store = await createSqliteStore({ path: database });
    try {
      const persons = await store.persons.list(tenant, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 100 });
      expect(persons.rows.some((person) => person.emails.some((email) => email.address === "cli-csv@x.example"))).toBe(false);
    } finally {
      await store.close();
    }
  });

  it("shows the batch size's default in its help, and --map's in words (it read `(default: [])`)", async () => {
    const help = await rapport(["import", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--batch-size <n>\s+items per transaction \(default: 200\)/);
    expect(help.stdout).toMatch(/--map <Header=field,\.\.\.>\s+csv: column mapping by header name\s+\(repeatable\)\s+\(default: the known\s+exports' headers\)/);
  });

  it("shows an archive's control characters as \\xNN in the summary and in the error line, never sends them to the terminal", async () => {
    const { tenant } = await newTenant();
    const escapes = "\u001b]0;owned\u0007\u001b[2J";
    const mbox = join(folder, "escapes.mbox");
    writeFileSync(mbox, mboxFile([mailMessage({ messageId: "<esc@x>", from: "ada@acme.example", to: ["jordan@northwind.example"], date: `${escapes}Monday`, subject: "Hi" })]));
    const summary = await rapport(["import", "mbox", mbox, "--tenant", tenant, "--dry-run"]);
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stdout).toContain("message 1 (line 1): unreadable Date header '\\x1b]0;owned\\x07\\x1b[2JMonday'");
    expect(summary.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    // --json keeps the text as it is, escaped by JSON.
    expect(JSON.parse((await rapport(["--json", "import", "mbox", mbox, "--tenant", tenant, "--dry-run"])).stdout).problems.first[0].message).toContain(escapes);

    const notCalendar = join(folder, "escapes.ics");
    writeFileSync(notCalendar, `${escapes}BEGIN\r\n`);
    const refused = await rapport(["import", "ics", notCalendar, "--tenant", tenant]);
    expect(refused).toMatchObject({ code: 1, stdout: "" });
    expect(refused.stderr).toBe(`rapport: ${notCalendar} is not an iCalendar file: expected "BEGIN:VCALENDAR" at line 1, found "\\x1b]0;owned\\x07\\x1b[2JBEGIN"\n`);
  });

  it("imports contacts in UTF-16: a vCard file, and Excel's Unicode Text from stdin", async () => {
    const { tenant } = await newTenant();
    const path = join(folder, "outlook.vcf");
    writeFileSync(path, Buffer.from(`\uFEFF${vcard("3.0", ["FN:Jürgen Müller", "N:Müller;Jürgen;;;", "EMAIL:jurgen@initech.example"])}\r\n`, "utf16le"));
    const cards = await rapport(["--json", "import", "vcf", path, "--tenant", tenant]);
    expect(cards.code).toBe(0);
    expect(JSON.parse(cards.stdout)).toMatchObject({ items: { read: 1, written: 1, failed: 0 }, persons: { created: 1 } });

    const table = csvFile([["First Name", "Last Name", "E-mail Address"], ["Zoë", "Price", "zoe@globex.example"], ["Jürgen", "Müller", "jurgen@initech.example"]], "\t");
    const rows = await rapport(["--json", "import", "csv", "-", "--tenant", tenant], Buffer.from(`\uFEFF${table}`, "utf16le"));
    expect(rows.code).toBe(0);
    // Jürgen, created from the vCard, is matched by his address.
    expect(JSON.parse(rows.stdout)).toMatchObject({ items: { read: 2, failed: 0 }, persons: { created: 1, matched: 1 } });
    const store = await createSqliteStore({ path: database });
    try {
      const page = await store.persons.list(tenant, { filters: {}, sort_by: "name", order: "asc", position: { kind: "offset", offset: 0 }, limit: 100 });
      expect(page.rows.map((person) => person.name)).toEqual(expect.arrayContaining(["Jürgen Müller", "Zoë Price"]));
    } finally {
      await store.close();
    }
  });

  it("fills the empty fields of a person mail brought in from a contacts CSV imported after it, the dry run telling the same", async () => {
    const { tenant, user } = await newTenant();
    const mail = mboxFile([mailMessage({ messageId: "<fill-1@x>", from: "lee@fabrikam.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 11:00:00 +0000", subject: "Hi" })]);
    expect((await rapport(["--json", "import", "mbox", "-", "--tenant", tenant, "--user", user.uuid], mail)).code).toBe(0);
    const path = join(folder, "fill.csv");
    writeFileSync(path, csvFile([["First Name", "Last Name", "E-mail Address", "Company", "Job Title"], ["Lee", "Fields", "lee@fabrikam.example", "Fabrikam Fill", "Buyer"]]));
    const dry = await rapport(["--json", "import", "csv", path, "--tenant", tenant, "--dry-run"]);
    const real = await rapport(["--json", "import", "csv", path, "--tenant", tenant]);
    const expected = { items: { read: 1, written: 1, unchanged: 0 }, persons: { matched: 1, created: 0 }, companies: { created: 1 } };
    expect(JSON.parse(dry.stdout)).toMatchObject({ dry_run: true, ...expected });
    expect(JSON.parse(real.stdout)).toMatchObject({ dry_run: false, ...expected });
    const store = await createSqliteStore({ path: database });
    try {
      const uuid = (await store.persons.findByEmails(tenant, ["lee@fabrikam.example"])).get("lee@fabrikam.example")!;
      const lee = (await store.persons.get(tenant, uuid))!;
      expect(lee).toMatchObject({ name: "Lee Fields", first_name: "Lee", last_name: "Fields", job_title: "Buyer" });
      expect((await store.companies.get(tenant, lee.primary_company_uuid!))?.company_name).toBe("Fabrikam Fill");
    } finally {
      await store.close();
    }
    const again = await rapport(["--json", "import", "csv", path, "--tenant", tenant]);
    expect(JSON.parse(again.stdout)).toMatchObject({ items: { written: 0, unchanged: 1 }, companies: { created: 0 } });
  });

  it("gives a matched contact's other addresses to its person and says how many, the dry run the same", async () => {
    const { tenant } = await newTenant();
    const path = join(folder, "more-addresses.vcf");
    writeFileSync(path, [vcard("3.0", ["FN:Kim Known", "EMAIL:kim@known.example"]), vcard("3.0", ["FN:Kim Known", "EMAIL:kim@known.example", "EMAIL:kim@home.example", "EMAIL:kim.k@home.example"])].join("\r\n"));
    const dry = await rapport(["import", "vcf", path, "--tenant", tenant, "--dry-run"]);
    expect(dry.stdout).toContain("\n  persons: 1 matched (1 to update), 1 to create, 0 skipped, 2 of their addresses to add to matched persons\n");
    const real = await rapport(["--json", "import", "vcf", path, "--tenant", tenant]);
    expect(JSON.parse(real.stdout)).toMatchObject({ persons: { matched: 1, created: 1, addresses_added: 2 } });
    const again = await rapport(["import", "vcf", path, "--tenant", tenant]);
    expect(again.stdout).toContain("\n  persons: 2 matched, 0 created, 0 skipped\n");
    const store = await createSqliteStore({ path: database });
    try {
      const found = await store.persons.findByEmails(tenant, ["kim@known.example", "kim@home.example", "kim.k@home.example"]);
      expect(new Set(found.values()).size).toBe(1);
      expect(found.size).toBe(3);
    } finally {
      await store.close();
    }
  });

  it("gives a contact's company without a domain its address's domain, but not a free-mail one, the dry run counting the same", async () => {
    const { tenant } = await newTenant();
    const path = join(folder, "domains.vcf");
    writeFileSync(path, [vcard("3.0", ["FN:Mo Tailspin", "EMAIL:mo@tailspin.example", "ORG:Tailspin Toys"]), vcard("3.0", ["FN:Ned Free", "EMAIL:ned@outlook.com", "ORG:Ned's Garage"])].join("\r\n"));
    const dry = await rapport(["--json", "import", "vcf", path, "--tenant", tenant, "--dry-run"]);
    const real = await rapport(["--json", "import", "vcf", path, "--tenant", tenant]);
    const expected = { items: { read: 2, written: 2 }, persons: { created: 2 }, companies: { created: 2 } };
    expect(JSON.parse(dry.stdout)).toMatchObject(expected);
    expect(JSON.parse(real.stdout)).toMatchObject(expected);
    const store = await createSqliteStore({ path: database });
    try {
      expect((await store.matchKeys.companyByName(tenant, "Tailspin Toys"))?.domain).toBe("tailspin.example");
      expect((await store.matchKeys.companyByName(tenant, "Ned's Garage"))?.domain).toBeNull();
    } finally {
      await store.close();
    }
  });

  it("reads each real folder of a folder import once, through symlinks that loop", async () => {
    const { tenant } = await newTenant();
    const message = (id: string) => mailMessage({ messageId: `<${id}@loop.example>`, from: "jordan@northwind.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 09:00:00 +0000" });
    const event = (uid: string) => icsFile([vevent([`UID:${uid}`, "DTSTART:20261112T150000Z", "SUMMARY:Loop", "ORGANIZER:mailto:ada@acme.example", "ATTENDEE:mailto:dana@initech.example"])]);
    const root = join(folder, "looped");
    mkdirSync(join(root, "sub"), { recursive: true });
    writeFileSync(join(root, "a.eml"), message("a"));
    writeFileSync(join(root, "sub", "b.eml"), message("b"));
    writeFileSync(join(root, "a.ics"), event("loop-a@x"));
    writeFileSync(join(root, "sub", "b.ics"), event("loop-b@x"));
    // sub/up leads back to the root, sub/again to sub itself, and twin to sub from the root: every file has many paths.
    symlinkSync("..", join(root, "sub", "up"), "dir");
    symlinkSync(".", join(root, "sub", "again"), "dir");
    symlinkSync("sub", join(root, "twin"), "dir");
    symlinkSync("missing", join(root, "broken.eml"));

    const mail = await rapport(["--json", "import", "mbox", root, "--tenant", tenant, "--dry-run"]);
    expect(mail.code).toBe(0);
    expect(JSON.parse(mail.stdout)).toMatchObject({ items: { read: 2, failed: 0 }, emails: { new: 2 } });
    const calendar = await rapport(["--json", "import", "ics", root, "--tenant", tenant, "--dry-run", "--since", "2026-11-01", "--until", "2026-11-30"]);
    expect(calendar.code).toBe(0);
    expect(JSON.parse(calendar.stdout)).toMatchObject({ items: { read: 2, failed: 0 }, meetings: { new: 2 } });
  }, 30_000);

  it.runIf(process.platform === "linux")("says in one line which file failed to read part-way, and what was written before it", async () => {
    const { tenant } = await newTenant();
    // /proc/self/mem fails to read at its start (EIO): a disk error met part-way, once an "unexpected failure: EIO".
    const then = "run the same import again once it reads (what is there is not written twice)";
    expect(await rapport(["import", "mbox", "/proc/self/mem", "--tenant", tenant])).toEqual({
      code: 1,
      stdout: "",
      stderr: `rapport: cannot read /proc/self/mem to its end: the disk or device failed to read it (EIO); 0 entries read before it, 0 items written, in whole batches; ${then}\n`,
    });
    const mail = join(folder, "failing-mail");
    mkdirSync(mail);
    writeFileSync(join(mail, "a.eml"), mailMessage({ messageId: "<before-failure@x.example>", from: "jordan@northwind.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 09:00:00 +0000" }));
    symlinkSync("/proc/self/mem", join(mail, "b.eml"));
    const failed = await rapport(["import", "mbox", mail, "--tenant", tenant]);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(
      new RegExp(`^(import: .*\\n)*rapport: cannot read ${join(mail, "b.eml")} to its end: the disk or device failed to read it \\(EIO\\); 1 entry read before it, 1 item written, in whole batches; `),
    );
    const again = await rapport(["--json", "import", "mbox", join(mail, "a.eml"), "--tenant", tenant]);
    expect(JSON.parse(again.stdout)).toMatchObject({ emails: { new: 0, known: 1 } });
    const contacts = join(folder, "failing-contacts");
    mkdirSync(contacts);
    writeFileSync(join(contacts, "a.vcf"), vcard("3.0", ["FN:Before Failure", "EMAIL:before@x.example"]));
    symlinkSync("/proc/self/mem", join(contacts, "b.vcf"));
    const cards = await rapport(["import", "vcf", contacts, "--tenant", tenant, "--dry-run"]);
    expect(cards.code).toBe(1);
    expect(cards.stderr).toContain(`rapport: cannot read ${join(contacts, "b.vcf")} to its end: the disk or device failed to read it (EIO); `);
    expect(cards.stderr).toContain(`to write (dry run); ${then}\n`);
  });

  it("imports calendars in UTF-16 and Windows-1252: a file, and a folder whose files differ in encoding", async () => {
    const { tenant } = await newTenant();
    const event = (uid: string, title: string) =>
      icsFile([vevent([`UID:${uid}`, "DTSTART:20261112T150000Z", `SUMMARY:${title}`, "ORGANIZER:mailto:ada@acme.example", "ATTENDEE:mailto:dana@initech.example"])]);
    const outlook = join(folder, "outlook.ics");
    writeFileSync(outlook, Buffer.from(`\uFEFF${event("outlook@x", "Jürgen’s review")}`, "utf16le"));
    const window = ["--since", "2026-11-01", "--until", "2026-11-30"];
    const file = await rapport(["--json", "import", "ics", outlook, "--tenant", tenant, ...window]);
    expect(file.code).toBe(0);
    expect(JSON.parse(file.stdout)).toMatchObject({ items: { read: 1, written: 1, failed: 0 }, meetings: { new: 1 } });

    const calendars = join(folder, "calendars");
    mkdirSync(calendars);
    writeFileSync(join(calendars, "a.ics"), Buffer.from(`\uFEFF${event("a@x", "Zoë 🚀 launch")}`, "utf16le").swap16());
    writeFileSync(join(calendars, "b.ics"), iconv.encode(event("b@x", "Café – €5"), "windows-1252"));
    const folderRun = await rapport(["--json", "import", "ics", calendars, "--tenant", tenant, ...window]);
    expect(folderRun.code).toBe(0);
    const summary = JSON.parse(folderRun.stdout);
    expect(summary).toMatchObject({ items: { read: 2, written: 2, failed: 0 }, meetings: { new: 2 } });
    expect(summary.bytes_read).toBe(summary.bytes_total);

    const store = await createSqliteStore({ path: database });
    try {
      const page = await store.meetings.list(tenant, { filters: {}, order: "asc", position: { kind: "offset", offset: 0 }, limit: 100 });
      const titles = new Map(page.rows.map((meeting) => [meeting.external_id, meeting.title]));
      expect(["outlook@x", "a@x", "b@x"].map((uid) => titles.get(uid))).toEqual(["Jürgen’s review", "Zoë 🚀 launch", "Café – €5"]);
    } finally {
      await store.close();
    }
  });

  /** Starts the built `rapport --json import mbox` of the large mbox into `tenantUuid`, stops it with `signal` after its first progress line. */
  async function interruptedImport(tenantUuid: string, signal: NodeJS.Signals) {
    const child = spawn(process.execPath, [cliPath, "--db", database, "--json", "import", "mbox", largeMboxPath, "--tenant", tenantUuid, "--batch-size", "20"]);
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    await new Promise<void>((resolve) =>
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("import: ")) resolve();
      }),
    );
    child.kill(signal);
    return { code: await exited, summary: JSON.parse(stdout), stderr };
  }

  it("stops cleanly on Ctrl-C, and a re-run finishes without duplicates", async () => {
    const { tenant } = await newTenant();
    const first = await interruptedImport(tenant, "SIGINT");
    expect(first.code).toBe(130);
    expect(first.summary.outcome).toBe("interrupted");
    expect(first.summary.emails.new).toBeGreaterThan(0);
    expect(first.summary.emails.new).toBeLessThan(LARGE_MBOX_MESSAGES);
    expect(first.stderr).toContain("stopping after the batch in flight (Ctrl-C again to quit at once)");

    const rest = JSON.parse((await rapport(["--json", "import", "mbox", largeMboxPath, "--tenant", tenant])).stdout);
    expect(rest).toMatchObject({ outcome: "completed", emails: { new: LARGE_MBOX_MESSAGES - first.summary.emails.new, known: first.summary.emails.new } });
  });

  it("stops after the batch in flight on Ctrl-C even when the whole archive arrived in one read", async () => {
    const whole = JSON.parse((await rapport(["--json", "tenants", "create", "--name", "Whole"])).stdout).uuid as string;
    // The archive is one chunk of standard input: nothing turns the event loop, where a signal is handled, but the
    // import's own yields. The real signal (not an emit) goes out once the first batch's progress line is written.
    let writtenAtSignal: number | undefined;
    const interrupted = await runRapportInProcessWatchingStderr(
      readFileSync(largeMboxPath),
      (written) => {
        if (writtenAtSignal !== undefined || !written.includes("import: ")) return;
        writtenAtSignal = emailCount(whole);
        process.kill(process.pid, "SIGINT");
      },
      database,
      ...["--json", "import", "mbox", "-", "--tenant", whole, "--batch-size", "20"],
    );
    expect(interrupted.code).toBe(130);
    const summary = JSON.parse(interrupted.stdout);
    expect(summary.outcome).toBe("interrupted");
    expect(writtenAtSignal).toBeGreaterThan(0);
    // At most the batch in flight (20 messages) after what was written when the signal went out, of 3,000.
    expect(summary.emails.new).toBeLessThanOrEqual(writtenAtSignal! + 20);
    expect(emailCount(whole)).toBe(summary.emails.new);
  });

  it("stops on Ctrl-C while a writer holds its standard input open with nothing more to send, not at the writer's end", async () => {
    const piped = JSON.parse((await rapport(["--json", "tenants", "create", "--name", "Piped"])).stdout).uuid as string;
    const child = endedWithTest(spawn(process.execPath, [cliPath, "--db", database, "--json", "import", "mbox", "-", "--tenant", piped, "--batch-size", "20"]));
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    // 100 messages, then the pipe stays open: the writer (a slow producer, a remote `cat`) has sent all it has for now.
    const sent = readFileSync(largeMboxPath, "utf8");
    child.stdin.write(sent.slice(0, nthMessageOffset(sent, 100) + 1));
    await new Promise<void>((resolve) =>
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("import: ")) resolve();
      }),
    );
    child.kill("SIGINT");
    // The pipe is ended only once the command has exited: one that waited for the writer's end would wait until the
    // test's time limit fails it (and ends it).
    expect(await exited).toBe(130);
    child.stdin.end();
    const summary = JSON.parse(stdout);
    expect(summary.outcome).toBe("interrupted");
    expect(emailCount(piped)).toBe(summary.emails.new);
  });

  // SIGTERM: a service manager's stop, docker stop; SIGHUP: the terminal or ssh session it ran in closed. The
  // database then holds exactly the emails the summary counts; the re-run after a stop is Ctrl-C's test.
  it.each([["SIGTERM", 143], ["SIGHUP", 129]] as const)("stops the same way on %s, with the shell's exit code for it (%i)", async (signal, code) => {
    const stopped = JSON.parse((await rapport(["--json", "tenants", "create", "--name", `Stopped by ${signal}`])).stdout).uuid as string;
    const first = await interruptedImport(stopped, signal);
    expect(first.code).toBe(code);
    expect(first.summary.outcome).toBe("interrupted");
    expect(first.summary.emails.new).toBeGreaterThan(0);
    expect(first.summary.emails.new).toBeLessThan(LARGE_MBOX_MESSAGES);
    expect(first.stderr).toContain(`stopping after the batch in flight (${signal} again to quit at once)`);
    expect(emailCount(stopped)).toBe(first.summary.emails.new);
  });
});
