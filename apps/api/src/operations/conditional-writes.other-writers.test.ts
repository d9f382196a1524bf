/**
 * If-Match compared where the write happens: a change another process makes to the record after the request came in
 * and just before its write (a second connection on the database file) is seen, a 412 that keeps the other change;
 * other writers of the record move its tag; a member who may not change the record is told so (403) before anything
 * about the tag; and a retry with the write's Idempotency-Key carries the tag its first answer carried.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { secondConnection, type SecondConnection } from "../testing/change-after-read.js";
import { buildPopulatedTenant, type PopulatedTenant } from "../testing/populated-tenant.js";
import { createTestContext, type TestContext } from "../testing/test-harness.js";

let context: TestContext;
let tenant: PopulatedTenant;
let other: SecondConnection;

beforeAll(async () => {
  context = await createTestContext();
  tenant = await buildPopulatedTenant(context.services, "Raced");
  other = secondConnection(context.databasePath);
});
afterEach(() => vi.restoreAllMocks());
afterAll(async () => {
  other.close();
  await context.close();
});

const personPath = () => `/v1/persons/${tenant.pathIds.person_uuid}`;
const companyPath = () => `/v1/companies/${tenant.pathIds.company_uuid}`;
const opportunityPath = () => `/v1/opportunities/${tenant.pathIds.opportunity_uuid}`;

async function read(path: string, key = tenant.key) {
  const response = await context.request(path, { key, headers: { "cache-control": "no-cache" } });
  return { status: response.status, tag: response.headers.get("etag"), body: response.status === 200 ? ((await response.json()) as Record<string, any>) : null };
}

const write = (path: string, method: string, body: unknown, headers: Record<string, string> = {}, key = tenant.key) =>
  context.request(path, { key, method, body, headers });

/** Runs `statement` on the second connection just before the next call of `repository[method]` begins. */
function beforeNextCall<Repository extends object>(repository: Repository, method: keyof Repository & string, statement: string, parameters: Record<string, unknown>) {
  const real = (repository[method] as (...args: unknown[]) => Promise<unknown>).bind(repository);
  vi.spyOn(repository, method as never).mockImplementationOnce((async (...args: unknown[]) => {
    other.run(statement, parameters);
    return real(...args);
  }) as never);
}

describe("a write with If-Match, another process writing the record just before it", () => {
  it.each([
    ["PUT", "person", personPath, "persons", "update", { tags: ["from-the-app"] }, "update persons set tags = '[\"from-the-crm\"]' where uuid = :uuid", "person_uuid", "tags", ["from-the-crm"]],
    ["PUT", "company", companyPath, "companies", "update", { sector: "From the app" }, "update companies set sector = 'From the CRM' where uuid = :uuid", "company_uuid", "sector", "From the CRM"],
    ["PATCH", "opportunity", opportunityPath, "opportunities", "update", { next_step: "From the app" }, "update opportunities set next_step = 'From the CRM' where uuid = :uuid", "opportunity_uuid", "next_step", "From the CRM"],
  ] as const)("%s of a %s is a 412 keeping the other process's change", async (method, _name, path, repository, operation, body, statement, idName, field, kept) => {
    const { tag } = await read(path());
    const store = context.services.store as unknown as Record<string, object>;
    beforeNextCall(store[repository]!, operation as never, statement, { uuid: tenant.pathIds[idName] });
    const written = await write(path(), method, body, { "if-match": tag! });
    expect(written.status, await written.clone().text()).toBe(412);
    expect((await read(path())).body![field]).toEqual(kept);
  });

  it.each([
    ["person", "persons", "erase", "update persons set city = 'Changed meanwhile' where uuid = :uuid"],
    ["opportunity", "opportunities", "delete", "update opportunities set next_step = 'Changed meanwhile' where uuid = :uuid"],
  ] as const)("DELETE of a %s is a 412 that erases nothing", async (name, repository, operation, statement) => {
    const { store } = context.services;
    const viewer = { user_uuid: tenant.admin.uuid };
    const existing = (await store.opportunities.get(tenant.tenant.uuid, tenant.pathIds.opportunity_uuid!, viewer))!;
    const record =
      name === "person"
        ? await store.persons.create({ tenant_uuid: tenant.tenant.uuid, name: "Erased Meanwhile" })
        : await store.opportunities.create(
            { tenant_uuid: tenant.tenant.uuid, name: "Deleted Meanwhile", type_uuid: existing.type.uuid, stage_uuid: existing.stage.uuid, actor_user_uuid: tenant.admin.uuid },
            viewer,
          );
    const path = `/v1/${repository}/${record.uuid}`;
    const { tag } = await read(path);
    beforeNextCall((store as unknown as Record<string, object>)[repository]!, operation as never, statement, { uuid: record.uuid });
    const deleted = await write(path, "DELETE", undefined, { "if-match": tag! });
    expect(deleted.status, await deleted.clone().text()).toBe(412);
    expect((await read(path)).status).toBe(200);
  });
});

describe("the record part of a person's tag", () => {
  it("moves with every writer of what it covers: a merge into the person, an import's new address, a merge of their company", async () => {
    const { store } = context.services;
    const tenantUuid = tenant.tenant.uuid;
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Merged Away Inc" });
    const kept = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Kept Inc" });
    const person = await store.persons.create({ tenant_uuid: tenantUuid, name: "Moved Around", emails: ["moved@raced.example"], primary_company_uuid: company.uuid });
    const path = `/v1/persons/${person.uuid}`;
    const posted = async (postPath: string, body: unknown) => {
      const response = await write(postPath, "POST", body);
      expect(response.status, await response.clone().text()).toBe(200);
    };
    const writers: Array<[string, () => Promise<unknown>]> = [
      [
        "a merge into the person",
        async () => {
          const twin = await store.persons.create({ tenant_uuid: tenantUuid, name: "Moved Around", emails: ["twin@raced.example"] });
          await posted(`${path}/merge`, { superseded_person_uuid: twin.uuid });
        },
      ],
      ["an import's new address", () => store.persons.addFreeAddresses(tenantUuid, person.uuid, ["imported@raced.example"])],
      ["a merge of their company", () => posted(`/v1/companies/${kept.uuid}/merge`, { superseded_company_uuid: company.uuid })],
    ];
    for (const [writer, change] of writers) {
      const before = await read(path);
      await change();
      const after = await read(path);
      expect(after.tag!.split(".")[0], writer).not.toBe(before.tag!.split(".")[0]);
      expect((await write(path, "PUT", { job_title: writer }, { "if-match": before.tag! })).status, writer).toBe(412);
    }
  });
});

describe("a member's write with a stale If-Match", () => {
  it.each([
    ["PATCH", { next_step: "Member's" }],
    ["DELETE", undefined],
  ] as const)("%s of an opportunity the member may read but not change is the 403, not a 412", async (method, body) => {
    const seen = await read(opportunityPath(), tenant.memberKey);
    expect(seen.status).toBe(200);
    const refused = await write(opportunityPath(), method, body, { "if-match": '"0000000000000000.0000000000000000"' }, tenant.memberKey);
    expect(refused.status, await refused.clone().text()).toBe(403);
  });
});

describe("a conditional write sent again with its Idempotency-Key", () => {
  it.each([
    ["PUT", "person", personPath, { job_title: "Replayed" }],
    ["PUT", "company", companyPath, { sector: "Replayed" }],
    ["PATCH", "opportunity", opportunityPath, { next_step: "Replayed" }],
  ] as const)("%s of a %s carries the ETag its first answer carried", async (method, name, path, body) => {
    const { tag } = await read(path());
    const headers = { "if-match": tag!, "idempotency-key": `replayed-tag-${name}` };
    const first = await write(path(), method, body, headers);
    expect(first.status).toBe(200);
    expect(first.headers.get("etag")).toMatch(/^"[0-9a-f]{16}\.[0-9a-f]{16}"$/);
    const again = await write(path(), method, body, headers);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
  });
});

describe("a merge with If-Match", () => {
  it.each([
    ["persons", (name: string) => context.services.store.persons.create({ tenant_uuid: tenant.tenant.uuid, name, emails: [`${name.replaceAll(" ", ".").toLowerCase()}@raced.example`] }), "superseded_person_uuid", { city: "Changed meanwhile" }],
    ["companies", (name: string) => context.services.store.companies.create({ tenant_uuid: tenant.tenant.uuid, company_name: name }), "superseded_company_uuid", { sector: "Changed meanwhile" }],
  ] as const)("of %s is done only while it lists the current tag of both records", async (records, create, supersededField, change) => {
    const [canonical, superseded] = [await create(`Kept ${records}`), await create(`Merged ${records}`)];
    const [canonicalPath, supersededPath] = [`/v1/${records}/${canonical.uuid}`, `/v1/${records}/${superseded.uuid}`];
    const merge = (ifMatch: string) => write(`${canonicalPath}/merge`, "POST", { [supersededField]: superseded.uuid }, { "if-match": ifMatch });
    const canonicalTag = (await read(canonicalPath)).tag!;
    const staleTag = (await read(supersededPath)).tag!;
    expect((await write(supersededPath, "PUT", change)).status).toBe(200);
    const supersededTag = (await read(supersededPath)).tag!;

    for (const ifMatch of [canonicalTag, `${canonicalTag}, ${staleTag}`]) {
      const refused = await merge(ifMatch);
      expect(refused.status, ifMatch).toBe(412);
      expect(((await refused.json()) as { error: string }).error).toContain(`${superseded.uuid} changed since it was read`);
    }
    expect((await read(supersededPath)).status).toBe(200);
    const merged = await merge(`${canonicalTag}, ${supersededTag}`);
    expect(merged.status, await merged.clone().text()).toBe(200);
    expect((await read(supersededPath)).status).toBe(404);
  });
});
