/**
 * Random malformed calls of the store: a list call with one part of a well-formed request broken answers a page or is
 * refused with an InvalidInputError, and any call whose arguments do not fit its shape is refused so; neither writes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidInputError } from "../errors.js";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { untyped } from "../testing/refused-writes.js";
import type { Store } from "../store.js";
import { REPOSITORY_CALL_SHAPES } from "./repository-call-shapes.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-checked-calls-properties-"));
const path = join(folder, "rapport.db");
let store: Store;
let tenantUuid = "";
let personUuid = "";
let listUuid = "";
let observer: SqliteDatabase.Database;
const page = { position: { kind: "offset", offset: 0 } as const, limit: 5 };
/** Moves when the store commits anything (read on a connection of its own). */
const dataVersion = () => observer.pragma("data_version", { simple: true }) as number;

beforeAll(async () => {
  store = await createSqliteStore({ path });
  tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech", domain: "initech.example" });
  const ada = await store.persons.create({ tenant_uuid: tenantUuid, name: "Ada Lovelace", emails: ["ada@initech.example"], primary_company_uuid: company.uuid });
  personUuid = ada.uuid;
  await store.persons.create({ tenant_uuid: tenantUuid, name: "Grace Hopper", emails: ["grace@initech.example"] });
  await store.emails.ingest(tenantUuid, { message_id: "<one@initech.example>", sent_at: 1_700_000_000_000, from: { email: "ada@initech.example" }, to: [{ email: "grace@initech.example" }] });
  listUuid = (await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Friends", kind: "persons", owner_user_uuid: null })).uuid;
  await store.entityLists.addMembers(tenantUuid, listUuid, [personUuid], null);
  // A name filter or an opportunity search indexes the tenant's pending name notes first (a write): none are left pending.
  await store.nameSearch.catchUp(tenantUuid);
  await store.opportunities.list(tenantUuid, { ...page, filters: { search: "Ada" }, order: "asc", viewer: { user_uuid: null } });
  observer = new SqliteDatabase(path, { readonly: true });
});
afterAll(async () => {
  observer.close();
  await store.close();
  rmSync(folder, { recursive: true, force: true });
});

/** Runs `repository.name(...args)` as plain JavaScript; a synchronous call's throw counts as its rejection. */
async function outcomeOf(repository: string, name: string, args: unknown[]): Promise<{ error: unknown } | { value: unknown }> {
  try {
    const members = (store as unknown as Record<string, Record<string, unknown>>)[repository]!;
    const result: unknown = untyped(members[name]).apply(members, args);
    if (result !== null && typeof result === "object" && Symbol.asyncIterator in result) {
      for await (const _ of result as AsyncIterable<unknown>) break;
      return { value: result };
    }
    return { value: await result };
  } catch (error) {
    return { error };
  }
}

const viewer = { user_uuid: null };
const common = ["", "position", "position.kind", "position.offset", "position.key", "limit", "order", "sort_by"];

/** A well-formed call of each list, and the paths of its request a run may break. */
const listCalls = (): Array<{ repository: string; name: string; args: unknown[]; paths: string[] }> => [
  {
    repository: "persons",
    name: "list",
    args: [tenantUuid, { ...page, filters: {}, sort_by: "name", order: "asc" }],
    paths: [...common, "filters", "filters.uuids", "filters.modified_since", "filters.name", "filters.company_uuid"],
  },
  {
    repository: "companies",
    name: "list",
    args: [tenantUuid, { ...page, filters: {}, sort_by: "company_name", order: "asc" }],
    paths: [...common, "filters", "filters.name", "filters.domain", "filters.founded_year", "filters.industry_tags", "filters.state_codes", "filters.npi_date"],
  },
  { repository: "users", name: "list", args: [tenantUuid, { ...page, order: "asc" }], paths: [...common, "updated_after"] },
  {
    repository: "emails",
    name: "list",
    args: [tenantUuid, { ...page, filters: {}, order: "desc" }],
    paths: [...common, "filters", "filters.uuids", "filters.person_uuid", "filters.sent_from", "filters.sent_to"],
  },
  {
    repository: "meetings",
    name: "list",
    args: [tenantUuid, { ...page, filters: {}, order: "asc" }],
    paths: [...common, "filters", "filters.status", "filters.starts_from", "filters.updated_after"],
  },
  { repository: "entityLists", name: "list", args: [tenantUuid, { ...page }], paths: [...common, "kind", "updated_after"] },
  {
    repository: "opportunities",
    name: "list",
    args: [tenantUuid, { ...page, filters: {}, order: "asc", viewer }],
    paths: [...common, "viewer", "viewer.user_uuid", "filters", "filters.search", "filters.location", "filters.value_from", "filters.last_activity"],
  },
  { repository: "notes", name: "list", args: [tenantUuid, { ...page, order: "desc", viewer }], paths: [...common, "viewer", "entity", "entity.type"] },
  {
    repository: "tasks",
    name: "list",
    args: [tenantUuid, { ...page, filters: {}, order: "desc", viewer }],
    paths: [...common, "viewer", "filters", "filters.status", "filters.scope", "filters.entity"],
  },
  { repository: "deletions", name: "list", args: [tenantUuid, { ...page, viewer }], paths: [...common, "viewer", "entityTypes", "afterSequence"] },
  { repository: "interactions", name: "feed", args: [tenantUuid, { ...page }], paths: [...common, "kind", "recordedSince", "afterSequence", "personUuid"] },
  { repository: "interactions", name: "timeline", args: [tenantUuid, [personUuid], { ...page }], paths: [...common] },
  { repository: "entityLists", name: "members", args: [tenantUuid, listUuid, { ...page }], paths: [...common] },
];

/** `args` with the value at `path` of its request (its last argument) replaced, or removed when `value` is absent. */
function broken(args: readonly unknown[], path: string, value: { present: boolean; value: unknown }): unknown[] {
  const copy = structuredClone(args) as unknown[];
  const last = copy.length - 1;
  if (path === "") {
    copy[last] = value.present ? value.value : undefined;
    return copy;
  }
  const keys = path.split(".");
  let parent = copy[last] as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) {
    if (typeof parent[key] !== "object" || parent[key] === null) parent[key] = {};
    parent = parent[key] as Record<string, unknown>;
  }
  if (value.present) parent[keys.at(-1)!] = value.value;
  else delete parent[keys.at(-1)!];
  return copy;
}

const anyValue = fc.oneof(
  fc.anything(),
  fc.constantFrom(-1, 0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, "", "nme", "asc", "after", null, [], [null], {}),
);

describe("malformed calls", () => {
  it("a list request with one part broken answers a page or an InvalidInputError, and writes nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...listCalls()).chain((list) =>
          fc.record({
            list: fc.constant(list),
            path: fc.constantFrom(...list.paths),
            value: fc.record({ present: fc.boolean(), value: anyValue }),
          }),
        ),
        async ({ list, path, value }) => {
          const before = dataVersion();
          const outcome = await outcomeOf(list.repository, list.name, broken(list.args, path, value));
          if ("error" in outcome) {
            expect(outcome.error).toBeInstanceOf(InvalidInputError);
            expect((outcome.error as Error).message).toMatch(new RegExp(`^(${list.repository}\\.${list.name}|keysetPage|[a-z]+\\.list)[: ]`));
          } else {
            expect(outcome.value).toMatchObject({ rows: expect.any(Array), hasMore: expect.any(Boolean) });
          }
          expect(dataVersion()).toBe(before);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("any call whose arguments do not fit its shape is refused with an InvalidInputError naming it, and writes nothing", async () => {
    const calls = Object.entries(REPOSITORY_CALL_SHAPES).flatMap(([repository, shapes]) =>
      Object.entries(shapes).map(([name, shape]) => ({ repository, name, shape })),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...calls),
        fc.array(fc.oneof(anyValue, fc.constant(tenantUuid), fc.constant(personUuid)), { maxLength: 5 }),
        async ({ repository, name, shape }, args) => {
          fc.pre(!shape.schema.safeParse(args).success);
          const before = dataVersion();
          const outcome = await outcomeOf(repository, name, args);
          expect(outcome).toHaveProperty("error");
          expect((outcome as { error: unknown }).error).toBeInstanceOf(InvalidInputError);
          expect(((outcome as { error: Error }).error).message).toMatch(new RegExp(`^${repository}\\.${name}: (unknown fields? )?"`));
          expect(dataVersion()).toBe(before);
        },
      ),
      { numRuns: 400 },
    );
  });
});
