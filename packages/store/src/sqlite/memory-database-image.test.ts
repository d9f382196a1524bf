import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { createSqliteStore } from "./create-sqlite-store.js";
import { createMemoryDatabaseImage } from "./memory-database-image.js";

const schemaOf = (sqlite: SqliteDatabase.Database) =>
  sqlite.prepare("select type, name, sql from sqlite_master where name not like 'sqlite_stat%' order by type, name").all();

describe("createMemoryDatabaseImage", () => {
  it("opens empty databases until one is kept, then copies of the kept one as it was when kept", () => {
    const image = createMemoryDatabaseImage();
    const first = image.open();
    expect(schemaOf(first)).toEqual([]);
    expect(image.pages()).toBeNull();
    first.exec("create table notes (body text); insert into notes values ('kept')");
    image.keep(first);
    first.exec("insert into notes values ('after keeping')");

    expect(new SqliteDatabase(image.pages()!).prepare("select body from notes").pluck().all()).toEqual(["kept"]);
    const copy = image.open();
    expect(copy.prepare("select body from notes").pluck().all()).toEqual(["kept"]);
    copy.exec("insert into notes values ('in the copy')");
    const next = image.open();
    expect(next.prepare("select body from notes").pluck().all()).toEqual(["kept"]);

    const other = image.open();
    other.exec("create table others (id integer)");
    image.keep(other);
    expect(schemaOf(image.open()).map((entry) => (entry as { name: string }).name)).toEqual(["notes"]);
    for (const database of [first, copy, next, other]) database.close();
  });
});

describe("createSqliteStore(':memory:')", () => {
  it("starts each in-memory store migrated, with none of another in-memory store's rows", async () => {
    const first = await createSqliteStore({ path: ":memory:" });
    const tenant = await first.tenants.create({ name: "Acme", tier: "standard" });
    await first.persons.create({ tenant_uuid: tenant.uuid, name: "Zelda Quintero" });
    const second = await createSqliteStore({ path: ":memory:" });
    try {
      expect(await second.tenants.get(tenant.uuid)).toBeNull();
      expect(await second.tenants.list()).toEqual([]);
      const own = await second.tenants.create({ name: "Globex", tier: "standard" });
      const person = await second.persons.create({ tenant_uuid: own.uuid, name: "Ada Lovelace", emails: ["ada@globex.example"] });
      expect((await second.persons.get(own.uuid, person.uuid))?.emails).toMatchObject([{ address: "ada@globex.example", is_primary: true }]);
      expect((await first.tenants.list()).map((each) => each.name)).toEqual(["Acme"]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
