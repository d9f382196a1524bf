/** `rapport persons erase` names the notes and tasks linked to the person that it keeps, text and all. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { afterAll, describe, expect, it } from "vitest";
import { runRapportInProcess } from "../testing/in-process-cli.js";
import { ERASED_COPIES_NOTE } from "./admin-actions.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-erase-kept-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("rapport persons erase", () => {
  it("names the live notes and tasks linked to the person, which it keeps with their text, and none for a person without", async () => {
    const database = join(folder, "kept.db");
    const tenant = JSON.parse((await runRapportInProcess(database, "--json", "tenants", "create", "--name", "Recruiters")).stdout) as { uuid: string };
    const store = await createSqliteStore({ path: database });
    const viewer = { user_uuid: null };
    let candidate: string;
    let other: string;
    let screening: string;
    let shared: string;
    let callBack: string;
    try {
      candidate = (await store.persons.create({ tenant_uuid: tenant.uuid, name: "Forget Me", emails: ["forget.me@hooli.example"] })).uuid;
      other = (await store.persons.create({ tenant_uuid: tenant.uuid, name: "Keep Me" })).uuid;
      const about = (uuid: string) => [{ entity_type: "PERSON" as const, entity_uuid: uuid }];
      screening = (await store.notes.create({ tenant_uuid: tenant.uuid, content: "Forget Me: expects 150k, lives at 12 Main St", associations: about(candidate) }, viewer)).uuid;
      shared = (await store.notes.create({ tenant_uuid: tenant.uuid, content: "Panel: Forget Me and Keep Me", associations: [...about(candidate), ...about(other)] }, viewer)).uuid;
      const deleted = (await store.notes.create({ tenant_uuid: tenant.uuid, content: "old", associations: about(candidate) }, viewer)).uuid;
      await store.notes.delete(tenant.uuid, deleted);
      await store.notes.create({ tenant_uuid: tenant.uuid, content: "Keep Me only", associations: about(other) }, viewer);
      callBack = (await store.tasks.create({ tenant_uuid: tenant.uuid, title: "Call Forget Me back", scope: "WORKSPACE", associations: about(candidate) }, viewer)).uuid;
    } finally {
      await store.close();
    }

    const erased = await runRapportInProcess(database, "--json", "persons", "erase", "--tenant", tenant.uuid, "--person", candidate);
    expect(erased.code, erased.stderr).toBe(0);
    const result = JSON.parse(erased.stdout) as { notes_kept: string[]; tasks_kept: string[] };
    expect({ ...result, notes_kept: [...result.notes_kept].sort() }).toEqual({ uuid: candidate, erased: true, notes_kept: [screening, shared].sort(), tasks_kept: [callBack] });

    const plain = await runRapportInProcess(database, "persons", "erase", "--tenant", tenant.uuid, "--person", other);
    expect(plain.code, plain.stderr).toBe(0);
    const lines = plain.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe(`erased person ${other}`);
    expect(lines[1]).toMatch(/^ {2}2 notes linked to them are kept with the text written in them, which may still speak of the person: review each/);
    expect(lines.slice(2, 4)).toContain(`    note ${shared}`);
    expect(lines.slice(2, 4).every((line) => /^ {4}note [0-9a-f-]{36}$/.test(line))).toBe(true);
    expect(lines).toHaveLength(5);
    expect(lines.at(-1)).toBe(ERASED_COPIES_NOTE);

    const bare = (await createSqliteStore({ path: database }).then(async (opened) => {
      try {
        return (await opened.persons.create({ tenant_uuid: tenant.uuid, name: "Nobody Noted" })).uuid;
      } finally {
        await opened.close();
      }
    }));
    expect(await runRapportInProcess(database, "persons", "erase", "--tenant", tenant.uuid, "--person", bare)).toMatchObject({ code: 0, stdout: `erased person ${bare}\n${ERASED_COPIES_NOTE}\n` });
  });
});
