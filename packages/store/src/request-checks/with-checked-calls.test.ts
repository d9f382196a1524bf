/** Every repository call of the store refuses malformed arguments with an InvalidInputError naming the call and the field. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { untyped } from "../testing/refused-writes.js";
import type { Store } from "../store.js";
import { REPOSITORY_CALL_SHAPES } from "./repository-call-shapes.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-checked-calls-"));
const path = join(folder, "rapport.db");
let store: Store;
let tenantUuid = "";
/** A connection of its own: its `data_version` moves when the store commits anything. */
let observer: SqliteDatabase.Database;
const dataVersion = () => observer.pragma("data_version", { simple: true }) as number;

beforeAll(async () => {
  store = await createSqliteStore({ path });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  observer = new SqliteDatabase(path, { readonly: true });
});
afterAll(async () => {
  observer.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Calls `repository.call` with `args` as plain JavaScript would, a thrown refusal (a synchronous call's) as a rejection. */
function call(repository: string, name: string, args: unknown[]): Promise<unknown> {
  try {
    const method = (store as unknown as Record<string, Record<string, unknown>>)[repository]![name];
    return Promise.resolve(untyped(method).apply((store as unknown as Record<string, unknown>)[repository], args));
  } catch (error) {
    return Promise.reject(error);
  }
}

async function expectRefused(repository: string, name: string, args: unknown[], field: string): Promise<InvalidInputError> {
  const before = dataVersion();
  const error = await call(repository, name, args).then(
    () => expect.fail(`${repository}.${name} answered`),
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(InvalidInputError);
  expect((error as Error).message).toContain(`${repository}.${name}: "${field}" `);
  expect(dataVersion()).toBe(before);
  return error as InvalidInputError;
}

const page = { position: { kind: "offset", offset: 0 }, limit: 10 };
const viewer = { user_uuid: null };

/** A request each list call answers, and the sort field it refuses when misspelled (none: it has no `sort_by`). */
const listCalls: Array<{ repository: string; request: () => unknown[]; sortBy?: string }> = [
  { repository: "persons", request: () => [tenantUuid, { ...page, filters: {}, sort_by: "name", order: "asc" }], sortBy: "nme" },
  { repository: "companies", request: () => [tenantUuid, { ...page, filters: {}, sort_by: "company_name", order: "asc" }], sortBy: "name" },
  { repository: "users", request: () => [tenantUuid, { ...page, sort_by: "name", order: "asc" }], sortBy: "email" },
  { repository: "emails", request: () => [tenantUuid, { ...page, filters: {}, order: "desc" }] },
  { repository: "meetings", request: () => [tenantUuid, { ...page, filters: {}, sort_by: "starts_at", order: "asc" }], sortBy: "start" },
  { repository: "entityLists", request: () => [tenantUuid, { ...page, sort_by: "name", order: "asc" }], sortBy: "created_at" },
  { repository: "opportunities", request: () => [tenantUuid, { ...page, filters: {}, sort_by: "name", order: "asc", viewer }], sortBy: "nme" },
  { repository: "notes", request: () => [tenantUuid, { ...page, sort_by: "created_at", order: "desc", viewer }], sortBy: "content" },
  { repository: "tasks", request: () => [tenantUuid, { ...page, filters: {}, sort_by: "created_at", order: "desc", viewer }], sortBy: "due" },
  { repository: "deletions", request: () => [tenantUuid, { ...page, viewer }] },
  { repository: "interactions.feed", request: () => [tenantUuid, { ...page }] },
];

const [repositoryOf, callOf] = [(name: string) => name.split(".")[0]!, (name: string) => name.split(".")[1] ?? "list"];

describe("list calls", () => {
  it.each(listCalls)("$repository answers its well-formed request", async ({ repository, request }) => {
    await expect(call(repositoryOf(repository), callOf(repository), request())).resolves.toMatchObject({ rows: [], hasMore: false });
  });

  it.each(listCalls)("$repository refuses no request at all", async ({ repository }) => {
    await expectRefused(repositoryOf(repository), callOf(repository), [tenantUuid], "request");
  });

  it.each(listCalls.filter((list) => list.sortBy !== undefined))("$repository refuses an unknown sort field", async ({ repository, request, sortBy }) => {
    const [tenant, valid] = request() as [string, Record<string, unknown>];
    const error = await expectRefused(repository, "list", [tenant, { ...valid, sort_by: sortBy }], "request.sort_by");
    expect(error.message).toMatch(new RegExp(`"request\\.sort_by" must be one of [a-z_, ]+; got "${sortBy}"$`));
  });

  it.each(listCalls)("$repository refuses a limit that is not a whole number of rows from one", async ({ repository, request }) => {
    const [tenant, valid] = request() as [string, Record<string, unknown>];
    for (const limit of [-1, 0, 1.5, "10", Number.NaN, undefined]) {
      await expectRefused(repositoryOf(repository), callOf(repository), [tenant, { ...valid, limit }], "request.limit");
    }
  });

  it.each(listCalls)("$repository refuses a page position it cannot start from", async ({ repository, request }) => {
    const [tenant, valid] = request() as [string, Record<string, unknown>];
    const [repositoryName, callName] = [repositoryOf(repository), callOf(repository)];
    await expectRefused(repositoryName, callName, [tenant, { ...valid, position: { kind: "offset", offset: -1 } }], "request.position.offset");
    await expectRefused(repositoryName, callName, [tenant, { ...valid, position: { kind: "page", offset: 0 } }], "request.position.kind");
    await expectRefused(repositoryName, callName, [tenant, { ...valid, position: { kind: "after", key: "abc" } }], "request.position.key");
    await expectRefused(repositoryName, callName, [tenant, { ...valid, position: undefined }], "request.position");
  });

  it("refuses a cursor key of another list's length with an InvalidInputError, writing nothing", async () => {
    const before = dataVersion();
    const request = { filters: {}, sort_by: "name", order: "asc", position: { kind: "after", key: ["Ada"] }, limit: 10 };
    await expect(call("persons", "list", [tenantUuid, request])).rejects.toThrow(InvalidInputError);
    expect(dataVersion()).toBe(before);
  });

  it("names the filter of a wrong type, and says what it must be", async () => {
    const request = { ...page, filters: { uuids: "not-a-list" }, sort_by: "name", order: "asc" };
    const filter = await expectRefused("persons", "list", [tenantUuid, request], "request.filters.uuids");
    expect(filter.message).toBe('persons.list: "request.filters.uuids" must be an array; got "not-a-list"');
    const uuid = await expectRefused("persons", "getMany", [tenantUuid, ["a", 3]], "uuids[1]");
    expect(uuid.message).toBe('persons.getMany: "uuids[1]" must be a string; got 3');
    const missing = await expectRefused("persons", "list", [tenantUuid], "request");
    expect(missing.message).toBe('persons.list: "request" is required');
    const limit = await expectRefused("persons", "list", [tenantUuid, { ...request, filters: {}, limit: -1 }], "request.limit");
    expect(limit.message).toBe('persons.list: "request.limit" must be 1 or more; got -1');
  });
});

describe("every call", () => {
  const shaped = Object.entries(REPOSITORY_CALL_SHAPES).flatMap(([repository, calls]) =>
    Object.entries(calls).map(([name, shape]) => ({ repository, name, shape })),
  );

  it("has a shape for each repository function of the store, and no shape for a call that does not exist", () => {
    const functions = Object.entries(REPOSITORY_CALL_SHAPES).flatMap(([repository, calls]) => {
      const members = (store as unknown as Record<string, Record<string, unknown>>)[repository];
      expect(members, repository).toBeTypeOf("object");
      return Object.keys(calls).filter((name) => typeof members![name] === "function").map((name) => `${repository}.${name}`);
    });
    expect(functions).toEqual(shaped.map(({ repository, name }) => `${repository}.${name}`));
  });

  it.each(shaped.filter(({ shape }) => shape.names.length > 0))(
    "$name of $repository refuses arguments of no type it takes, naming its first argument",
    async ({ repository, name, shape }) => {
      await expectRefused(repository, name, shape.names.map(() => Symbol("malformed")), shape.names[0]!);
    },
  );

  it("refuses a write's missing input before anything is written", async () => {
    await expectRefused("persons", "create", [], "input");
    const tier = await expectRefused("tenants", "create", [{ name: "Initech", tier: "gold" }], "tier");
    expect(tier.message).toBe('tenants.create: "tier" must be one of standard, professional, enterprise, custom; got "gold"');
    await expectRefused("companies", "update", [tenantUuid, "uuid", null], "changes");
    await expectRefused("entityLists", "addMembers", [tenantUuid, "uuid", "not-a-list", null], "entityUuids");
    await expectRefused("emails", "ingestMany", [tenantUuid, [{}, "message"]], "inputs[1]");
  });

  it("refuses a tenant graph call for a tenant uuid that is not a string, which loaded an empty graph kept under it", async () => {
    const refusal = await expectRefused("graphs", "forTenant", [42], "tenantUuid");
    expect(refusal.message).toBe('graphs.forTenant: "tenantUuid" must be a string; got 42');
    expect(() => store.graphs.hydrated(42 as never)).toThrow(InvalidInputError);
    expect(store.graphs.loadedTenants()).not.toContain(42);
  });

  it("refuses an email's or a meeting's time no Date holds, which every later load of the tenant's graph refused", async () => {
    const email = { message_id: "<far@acme.example>", sent_at: 1e20, from: { email: "ada@acme.example" }, to: [{ email: "ben@acme.example" }] };
    const sentAt = await expectRefused("emails", "ingest", [tenantUuid, email], "sent_at");
    expect(sentAt.message).toBe('emails.ingest: "sent_at" must be 8640000000000000 or less; got 100000000000000000000');
    const [item] = await store.emails.ingestMany(tenantUuid, [{ ...email, sent_at: -8.64e15 - 1 }]);
    expect(item).toMatchObject({ status: "ERROR", error: { message: 'emails.ingest: "sent_at" must be -8640000000000000 or more; got -8640000000000001' } });
    await expectRefused("meetings", "create", [tenantUuid, { title: "Far", starts_at: 8.64e15 + 1, attendees: [] }], "starts_at");
    await expectRefused("meetings", "update", [tenantUuid, "uuid", { ends_at: 1e300 }], "ends_at");
    await store.emails.ingest(tenantUuid, { ...email, sent_at: 8.64e15 });
    expect((await store.graphs.forTenant(tenantUuid)).interactionCount).toBe(1);
  });

  it("refuses inside a transaction too, and the transaction's other writes roll back with it", async () => {
    const before = dataVersion();
    const transaction = store.transaction(async (inside) => {
      await inside.settings.set("checked-calls", "written");
      return untyped(inside.persons.list)(tenantUuid, { sort_by: "nme" });
    });
    await expect(transaction).rejects.toThrow(/^persons\.list: "request\.(filters|position)"/);
    expect(dataVersion()).toBe(before);
    await expect(store.settings.get("checked-calls")).resolves.toBeNull();
  });
});
