/** An erased person's bytes, read from the database file and its WAL as a hex editor would: none of them are left. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import SqliteDatabase from "better-sqlite3";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { compactDatabase } from "../sqlite/compact-database.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { pageRegionAt } from "../testing/page-regions.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-erase-bytes-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const NOW = Date.UTC(2026, 11, 5);

const NAME = "Xanthe Qvortrup";
const ADDRESS = "xanthe.qvortrup@kvetchmail.example";
const JOB_TITLE = "Zymurgist";
// Longer than a page: the body spills onto overflow pages, which the erasure frees whole.
const BODY = "Qvortrup allergy memo: zolmitriptan. ".repeat(200);
const GIVEN = [NAME, ADDRESS, JOB_TITLE, "zolmitriptan"];
/** Her distinctive strings as she gave them and lower-cased, as the store folds names and addresses. */
const NEEDLES = [...new Set([...GIVEN, "Xanthe", "Qvortrup", "kvetchmail"].flatMap((value) => [value, value.toLowerCase()]))];
/**
 * Terms of the trigram name index found in no other value of the fixture. The index stores terms after the
 * common prefix of the term before them, so a trigram need not appear whole: enough of them do before erasure.
 */
const NAME_TRIGRAMS = ["qvo", "rtr", "tru", "rup", "xan"];

/** The database file's bytes followed by its WAL's and its WAL index's (both absent once the last connection closed). */
function fileBytes(path: string): Buffer {
  const companions = [`${path}-wal`, `${path}-shm`].filter((companion) => existsSync(companion));
  return Buffer.concat([readFileSync(path), ...companions.map((companion) => readFileSync(companion))]);
}

const found = (bytes: Buffer, needles: readonly string[]) => needles.filter((needle) => bytes.includes(Buffer.from(needle, "utf8")));

/**
 * The needles still in the file and its WAL once the erasure's WAL truncation has run, each with where it was found
 * (which table's page and which part of it, a free page, or which WAL frame), leaving out those in the unallocated
 * space of a b-tree page: SQLite leaves there the old bytes of rows it moved to another page when it split or merged
 * pages (a copy made before the erasure, which no statement can reach), until it writes over them or a
 * `compactDatabase` rewrites the file (seen about once in 40 runs: "xanthe" in `person_emails_by_person`). The
 * truncation runs at once, unless a reader held the WAL at that moment, when the store tries again a second later,
 * then ten seconds later (wal-truncation.ts): the wait ends when the needles are gone, and gives up after both retries,
 * which a loaded machine may run late.
 */
async function foundAfterTruncation(path: string, needles: readonly string[]): Promise<string[]> {
  const deadline = Date.now() + 20_000;
  let left = reachable(path, needles);
  while (left.length > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    left = reachable(path, needles);
  }
  return left;
}

/** The places of `needles` in the file and its WAL but the unallocated space of a page. */
function reachable(path: string, needles: readonly string[]): string[] {
  const bytes = fileBytes(path);
  return found(bytes, needles).flatMap((needle) => {
    const places = placesOf(path, needle).filter((place) => !place.includes(": unallocated"));
    return places.length > 0 ? [`${needle}: ${places.join(", ")}`] : [];
  });
}

/** Where `needle`'s bytes are: a page of the database file, the table or index owning it and the page's region, or a WAL frame. */
function placesOf(path: string, needle: string): string[] {
  const places: string[] = [];
  const sqlite = new SqliteDatabase(path, { readonly: true });
  try {
    const pageSize = Number(sqlite.pragma("page_size", { simple: true }));
    const owner = sqlite.prepare("select name from dbstat where pageno = ?").pluck();
    const main = readFileSync(path);
    for (let at = main.indexOf(needle); at >= 0; at = main.indexOf(needle, at + 1)) {
      const page = Math.floor(at / pageSize) + 1;
      const first = pageRegionAt(main, pageSize, at);
      const region = first === pageRegionAt(main, pageSize, at + Buffer.byteLength(needle) - 1) ? first : `${first} and on`;
      places.push(`file page ${page} (${(owner.get(page) as string | undefined) ?? "free"}: ${region})`);
    }
  } finally {
    sqlite.close();
  }
  const wal = existsSync(`${path}-wal`) ? readFileSync(`${path}-wal`) : Buffer.alloc(0);
  if (wal.length >= 32) {
    const frameSize = wal.readUInt32BE(8) + 24;
    for (let at = wal.indexOf(needle); at >= 0; at = wal.indexOf(needle, at + 1)) {
      const frame = Math.floor((at - 32) / frameSize);
      places.push(`WAL frame ${frame} (page ${wal.readUInt32BE(32 + frame * frameSize)})`);
    }
  }
  return places;
}

/** A tenant of 150 persons and their emails, Xanthe among them with her address, title and an email's long body. */
async function tenantWithXanthe(store: Store) {
  const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "administrator" });
  await store.transaction(async (transaction) => {
    for (let index = 0; index < 150; index += 1) {
      const person = await transaction.persons.create({ tenant_uuid: tenantUuid, name: `Contact ${index}`, emails: [`contact${index}@acme.example`] });
      await transaction.emails.ingest(tenantUuid, { message_id: `c-${index}`, subject: "Hello", sent_at: NOW - index, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: person.uuid }] });
    }
  });
  const xanthe = await store.persons.create({ tenant_uuid: tenantUuid, first_name: "Xanthe", last_name: "Qvortrup", emails: [ADDRESS], job_title: JOB_TITLE });
  await store.emails.ingest(tenantUuid, { message_id: "to-xanthe", subject: "Results", sent_at: NOW, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: xanthe.uuid }] });
  await store.emailBodies.put(tenantUuid, (await store.emails.get(tenantUuid, "to-xanthe"))!.uuid, BODY);
  // Her name indexed for search: the trigram index holds her terms.
  await store.nameSearch.catchUp(tenantUuid);
  return { tenantUuid, xanthe, ada };
}

describe("persons.erase, in the bytes of the database file", () => {
  it("leaves none of the person's strings in the file or its WAL but SQLite's copies in pages' unallocated space, open and closed", async () => {
    const path = join(folder, "open-and-closed.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let closed = false;
    try {
      const { tenantUuid, xanthe } = await tenantWithXanthe(store);
      expect(found(fileBytes(path), GIVEN)).toEqual(GIVEN);
      expect(found(fileBytes(path), NAME_TRIGRAMS).length).toBeGreaterThanOrEqual(3);

      expect(await store.persons.erase(tenantUuid, xanthe.uuid)).toBe(true);

      expect(await foundAfterTruncation(path, NEEDLES)).toEqual([]);
      expect(await foundAfterTruncation(path, NAME_TRIGRAMS)).toEqual([]);
      // The store keeps working on the truncated WAL.
      const after = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park" });
      expect(await store.persons.get(tenantUuid, after.uuid)).not.toBeNull();
      await store.close();
      closed = true;
      expect(reachable(path, NEEDLES)).toEqual([]);
      expect(reachable(path, NAME_TRIGRAMS)).toEqual([]);
      // Compacted, the file holds none of them anywhere.
      compactDatabase(path);
      expect(found(fileBytes(path), [...NEEDLES, ...NAME_TRIGRAMS])).toEqual([]);
    } finally {
      if (!closed) await store.close();
    }
  });

  it("truncates the WAL after the commit of a caller's transaction that erases", async () => {
    const path = join(folder, "in-a-transaction.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    try {
      const { tenantUuid, xanthe } = await tenantWithXanthe(store);
      await store.transaction(async (transaction) => {
        expect(await transaction.persons.erase(tenantUuid, xanthe.uuid)).toBe(true);
        // Not before the commit: the erasure may still be rolled back.
        expect(found(fileBytes(path), GIVEN)).toEqual(GIVEN);
      });
      expect(await foundAfterTruncation(path, NEEDLES)).toEqual([]);
      expect(await foundAfterTruncation(path, NAME_TRIGRAMS)).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("leaves none of what earlier edits replaced (a former name, a removed address, an address written again) but copies SQLite moved", async () => {
    const path = join(folder, "edited.db");
    const store = await createSqliteStore({ path, now: () => NOW });
    let closed = false;
    try {
      const { tenantUuid, xanthe } = await tenantWithXanthe(store);
      await store.persons.update(tenantUuid, xanthe.uuid, { first_name: "Xanthe", last_name: "Brightwater", emails: [{ address: "xanthe@oldpostbox.example" }, { address: ADDRESS }] });
      await store.nameSearch.catchUp(tenantUuid);
      await store.persons.update(tenantUuid, xanthe.uuid, { first_name: "Xanthe", last_name: "Qvortrup", emails: [{ address: ADDRESS }] });
      await store.nameSearch.catchUp(tenantUuid);
      const former = ["Brightwater", "oldpostbox"];
      expect(found(fileBytes(path), former)).toEqual(former);

      expect(await store.persons.erase(tenantUuid, xanthe.uuid)).toBe(true);

      const everything = [...NEEDLES, ...former, ...former.map((value) => value.toLowerCase())];
      expect(await foundAfterTruncation(path, everything)).toEqual([]);
      expect(await foundAfterTruncation(path, NAME_TRIGRAMS)).toEqual([]);
      await store.close();
      closed = true;
      compactDatabase(path);
      expect(found(fileBytes(path), [...everything, ...NAME_TRIGRAMS])).toEqual([]);
    } finally {
      if (!closed) await store.close();
    }
  });

  it("truncates the WAL beside another process's idle store, as `rapport persons erase` beside a server", async () => {
    const path = join(folder, "beside-a-server.db");
    const server = await createSqliteStore({ path, now: () => NOW });
    const command = await createSqliteStore({ path, now: () => NOW });
    try {
      const { tenantUuid, xanthe } = await tenantWithXanthe(server);
      expect(await server.persons.get(tenantUuid, xanthe.uuid)).not.toBeNull();
      expect(await command.persons.erase(tenantUuid, xanthe.uuid)).toBe(true);
      expect(await foundAfterTruncation(path, NEEDLES)).toEqual([]);
      expect(await foundAfterTruncation(path, NAME_TRIGRAMS)).toEqual([]);
    } finally {
      await command.close();
      await server.close();
    }
  });
});
