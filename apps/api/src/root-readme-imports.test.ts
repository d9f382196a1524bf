/**
 * Runs the repository README's "Bring your own data" commands with the built `rapport`, as written, on files of the
 * names they give (an mbox, a calendar, contacts, a LinkedIn connections export, a CRM's accounts), each placeholder
 * the tenant's or its user's uuid: every command is accepted, and each imports what its kind reads, contacts first (as
 * listed); a person met in the mail keeps the card's title and company. And its two
 * `curl` lines: an upload, then its job followed to the end.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createSqliteStore } from "@rapport/store";
import { afterAll, describe, expect, it } from "vitest";
import { csvFile, icsFile, mailMessage, mboxFile, vcard, vevent } from "./imports/testing/archive-builders.js";
import { CLI_PATH } from "./testing/built-cli.js";
import { runRapportInProcess } from "./testing/in-process-cli.js";
import { runReadmeCommand } from "./testing/run-readme-command.js";
import { shellWords } from "./testing/shell-words.js";
import { buildTenant, createTestContext } from "./testing/test-harness.js";

const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
const folder = mkdtempSync(join(tmpdir(), "rapport-readme-imports-"));
const database = join(folder, "rapport.db");
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const run = promisify(execFile);

/** The `rapport import ...` lines of the section's first `sh` block (the line defining `rapport` left out). */
function importCommands(): string[] {
  const section = readme.slice(readme.indexOf("## Bring your own data\n"));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
  return block.split("\n").filter((line) => line.startsWith("rapport import "));
}

/** The archives the commands name, in the folder they run in. */
function writeArchives(): void {
  writeFileSync(
    join(folder, "All mail Including Spam and Trash.mbox"),
    mboxFile([
      mailMessage({ messageId: "<intro@x>", from: "Ada Park <ada@acme.example>", to: ["Jordan Blake <jordan@northwind.example>"], date: "Thu, 1 Oct 2026 09:00:00 +0000", subject: "Intro" }),
      mailMessage({ messageId: "<reply@x>", from: "jordan@northwind.example", to: ["ada@acme.example"], date: "Thu, 1 Oct 2026 10:00:00 +0000", subject: "Re: Intro" }),
    ]),
  );
  writeFileSync(
    join(folder, "calendar.ics"),
    icsFile([vevent(["UID:readme@x", "DTSTART:20261110T150000Z", "DTEND:20261110T160000Z", "SUMMARY:Call", "ORGANIZER:mailto:ada@acme.example", "ATTENDEE:mailto:dana@initech.example"])]),
  );
  // Jordan, whom the mail writes to, too: the card gives what the mail cannot, a title and a company.
  writeFileSync(
    join(folder, "contacts.vcf"),
    `${vcard("3.0", ["FN:Zoë Price", "N:Price;Zoë;;;", "EMAIL:zoe@globex.example", "ORG:Globex"])}\n` +
      `${vcard("3.0", ["FN:Jordan Blake", "N:Blake;Jordan;;;", "EMAIL:jordan@northwind.example", "ORG:Northwind", "TITLE:CEO"])}\n`,
  );
  // As LinkedIn exports it: notes above the header.
  writeFileSync(
    join(folder, "Connections.csv"),
    `Notes:\n"When exporting your connection data, you may notice that some of the email addresses are missing."\n\n${csvFile([
      ["First Name", "Last Name", "URL", "Email Address", "Company", "Position", "Connected On"],
      ["Sam", "Rivera", "https://www.linkedin.com/in/samrivera", "", "Northwind", "CTO", "01 Dec 2026"],
    ])}`,
  );
  writeFileSync(join(folder, "accounts.csv"), csvFile([["Account", "Web"], ["Acme Robotics", "acme-robotics.example"]]));
}

describe("the README's import commands", () => {
  it("import what they name, each accepted as written", async () => {
    const commands = importCommands();
    // Contacts first, as the README lists them.
    expect(commands.map((command) => shellWords(command, {})[2])).toEqual(["vcf", "csv", "csv", "mbox", "mbox", "ics"]);
    writeArchives();
    const tenant = JSON.parse((await runRapportInProcess(database, "--json", "tenants", "create", "--name", "Acme")).stdout) as { uuid: string };
    const user = JSON.parse((await runRapportInProcess(database, "--json", "users", "create", "--tenant", tenant.uuid, "--name", "Ada Park", "--email", "ada@acme.example")).stdout) as { uuid: string };
    const summaries: Array<Record<string, unknown>> = [];
    // From the folder holding the files, as a reader runs them beside their exports: the first as the built command,
    // the others in this process, moved there meanwhile (a test worker is a process of its own).
    const workingFolder = process.cwd();
    try {
      for (const [index, command] of commands.entries()) {
        const line = command.replaceAll("<tenant uuid>", tenant.uuid).replaceAll("<user uuid>", user.uuid);
        const args = ["--json", ...shellWords(line, {}).slice(1)];
        if (index === 0) {
          summaries.push(JSON.parse((await run(process.execPath, [CLI_PATH, "--db", database, ...args], { cwd: folder })).stdout) as Record<string, unknown>);
          continue;
        }
        process.chdir(folder);
        const imported = await runRapportInProcess(database, ...args);
        expect(imported.code, `${line}: ${imported.stderr}`).toBe(0);
        summaries.push(JSON.parse(imported.stdout) as Record<string, unknown>);
      }
    } finally {
      process.chdir(workingFolder);
    }
    const [contacts, connections, accounts, dryRun, mail, calendar] = summaries;
    expect(dryRun).toMatchObject({ dry_run: true, emails: { new: 2 } });
    expect(mail).toMatchObject({ dry_run: false, emails: { new: 2 }, owner: { user_uuid: user.uuid } });
    expect(calendar).toMatchObject({ meetings: { new: 1 } });
    expect(contacts).toMatchObject({ persons: { created: 2 } });
    expect(connections).toMatchObject({ persons: { created: 1 } });
    expect(accounts).toMatchObject({ companies: { created: 1 } });
    // Jordan, met in the mail, keeps the card's title and company, which the mail imported after left as they were.
    const store = await createSqliteStore({ path: database });
    try {
      const jordanUuid = (await store.persons.findByEmails(tenant.uuid, ["jordan@northwind.example"])).get("jordan@northwind.example");
      const jordan = await store.persons.get(tenant.uuid, jordanUuid!);
      expect(jordan).toMatchObject({ name: "Jordan Blake", job_title: "CEO" });
      expect((await store.companies.get(tenant.uuid, jordan!.primary_company_uuid!))?.company_name).toBe("Northwind");
    } finally {
      await store.close();
    }
  });
});

describe("the README's import over HTTP", () => {
  it("uploads the archive as a dry run and follows the job by the uuid the upload answered", async () => {
    const section = readme.slice(readme.indexOf("Over HTTP, a web or agent client uploads one archive"));
    const [upload, follow, ...others] = (/```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "").split("\n").filter((line) => line.startsWith("curl "));
    expect(others).toEqual([]);
    writeFileSync(
      join(folder, "inbox.mbox"),
      mboxFile([mailMessage({ messageId: "<http@x>", from: "ada@acme.example", to: ["jordan@northwind.example"], date: "Thu, 1 Oct 2026 09:00:00 +0000", subject: "Intro" })]),
    );
    const context = await createTestContext();
    try {
      const acme = await buildTenant(context.services);
      const options = { variables: { RAPPORT_KEY: acme.key }, folder, send: (url: string, init: RequestInit) => context.app.request(url, init) };
      const queued = await runReadmeCommand(upload!, options);
      expect(queued.status, queued.text).toBe(202);
      const job = JSON.parse(queued.text) as { uuid: string; dry_run: boolean; file_name: string };
      expect(job).toMatchObject({ dry_run: true, file_name: "inbox.mbox" });
      expect(follow).toContain("<import uuid>");
      await context.services.importJobs.settled();
      const followed = await runReadmeCommand(follow!.replace("<import uuid>", job.uuid), options);
      expect(followed.status).toBe(200);
      expect(JSON.parse(followed.text)).toMatchObject({ uuid: job.uuid, status: "succeeded", summary: { dry_run: true, emails: { new: 1 } } });
    } finally {
      await context.close();
    }
  });
});
