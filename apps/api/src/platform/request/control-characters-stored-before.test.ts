/**
 * Text stored before the control-character rule (a database the rule's release had not opened yet) is cleaned when
 * the server opens it, so a client that reads a record and writes it back as read is not refused a value it never typed.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { buildTenant, createTestContext } from "../../testing/test-harness.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-stored-controls-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("text stored before the control-character rule", { timeout: 60_000 }, () => {
  it("is cleaned when the database is opened: a person and a note read back and written as read are taken", async () => {
    const databasePath = join(folder, "rapport.db");
    const before = await createTestContext({ databasePath });
    const { key } = await buildTenant(before.services);
    const person = (await before.json("/v1/persons", { key, method: "POST", body: { name: "Ada Lovelace", job_title: "CTO", tags: ["vip"] } })).body!;
    const note = (await before.json("/v1/notes", { key, method: "POST", body: { title: "Call", content: "Dear Ada" } })).body!;
    await before.close();

    // What the release before the rule could store, and the database as that release left it.
    const raw = new SqliteDatabase(databasePath);
    raw.prepare("update persons set name = ?, job_title = ?, tags = ? where uuid = ?").run("Ada\u001b[31m\r\nLovelace", "CTO\tBoard", JSON.stringify(["vip\u0007"]), person["uuid"]);
    raw.prepare("update notes set title = ?, content = ? where uuid = ?").run("Call\u0085", "Dear Ada,\r\n\tthanks\u0007", note["uuid"]);
    raw.prepare("delete from kysely_migration where name = '0056-control-characters-taken-out'").run();
    raw.close();

    const after = await createTestContext({ databasePath });
    try {
      const read = (await after.json(`/v1/persons/${person["uuid"]}`, { key })).body!;
      expect(read).toMatchObject({ name: "Ada[31m Lovelace", job_title: "CTO Board", tags: ["vip"] });
      const written = await after.json(`/v1/persons/${person["uuid"]}`, { key, method: "PUT", body: { name: read["name"], job_title: read["job_title"], tags: read["tags"] } });
      expect(written.status, JSON.stringify(written.body)).toBe(200);

      const readNote = (await after.json(`/v1/notes/${note["uuid"]}`, { key })).body!;
      expect(readNote).toMatchObject({ title: "Call", content: "Dear Ada,\r\n\tthanks" });
      const writtenNote = await after.json(`/v1/notes/${note["uuid"]}`, { key, method: "PATCH", body: { title: readNote["title"], content: readNote["content"] } });
      expect(writtenNote.status, JSON.stringify(writtenNote.body)).toBe(200);
    } finally {
      await after.close();
    }
  });
});
