/** Every enumerated field the store writes is checked against its list, as a caller in plain JavaScript may send anything. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { expectRefusedUnwritten, rowCounter, untyped, type RefusedWriteCase } from "../testing/refused-writes.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-enumerations-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));


interface Fixture {
  store: Store;
  tenantUuid: string;
  meetingUuid: string;
  typeUuid: string;
  taskUuid: string;
  jobUuid: string;
  companyUuid: string;
}

type Case = RefusedWriteCase<Fixture>;

const viewer = { user_uuid: null };
const cases: Case[] = [
  {
    operation: "tenants.create",
    call: ({ store }) => untyped(store.tenants.create)({ name: "Gold", tier: "gold" }),
    message: 'tenants.create: "tier" must be one of standard, professional, enterprise, custom; got "gold"',
    table: "tenants",
  },
  {
    operation: "meetings.create",
    call: ({ store, tenantUuid }) => untyped(store.meetings.create)(tenantUuid, { title: "Sync", starts_at: 1, status: "maybe", attendees: [{ email: "new@globex.example" }] }),
    message: 'meetings.create: "status" must be one of confirmed, cancelled; got "maybe"',
    table: "persons",
  },
  {
    operation: "meetings.create (attendee)",
    call: ({ store, tenantUuid }) => untyped(store.meetings.create)(tenantUuid, { title: "Sync", starts_at: 1, attendees: [{ email: "new@globex.example", response: "tentative" }] }),
    message: 'meetings.create: "attendees[0].response" must be one of accepted, declined; got "tentative"',
    table: "meetings",
  },
  {
    operation: "meetings.update",
    call: ({ store, tenantUuid, meetingUuid }) => untyped(store.meetings.update)(tenantUuid, meetingUuid, { status: "postponed" }),
    message: 'meetings.update: "status" must be one of confirmed, cancelled; got "postponed"',
    table: "meetings where status = 'confirmed'",
  },
  {
    operation: "entityLists.create",
    call: ({ store, tenantUuid }) => untyped(store.entityLists.create)({ tenant_uuid: tenantUuid, name: "Dogs", kind: "dogs", owner_user_uuid: null }),
    message: 'entityLists.create: "kind" must be one of companies, persons; got "dogs"',
    table: "entity_lists",
  },
  {
    operation: "opportunityStages.create",
    call: ({ store, tenantUuid, typeUuid }) => untyped(store.opportunityStages.create)({ tenant_uuid: tenantUuid, type_uuid: typeUuid, stage_type: "ROOT", name: "Lead" }),
    message: 'opportunityStages.create: "stage_type" must be one of PARENT, CHILD; got "ROOT"',
    table: "opportunity_stages",
  },
  {
    operation: "opportunityCustomFields.create",
    call: ({ store, tenantUuid }) => untyped(store.opportunityCustomFields.create)({ tenant_uuid: tenantUuid, key: "colour", name: "Colour", type: "color" }),
    message: 'opportunityCustomFields.create: "type" must be one of text, number, date, boolean, single_select, multi_select; got "color"',
    table: "opportunity_custom_fields",
  },
  {
    operation: "tasks.create (scope)",
    call: ({ store, tenantUuid }) => untyped(store.tasks.create)({ tenant_uuid: tenantUuid, title: "Call", scope: "TEAM" }, viewer),
    message: 'tasks.create: "scope" must be one of PERSONAL, WORKSPACE; got "TEAM"',
    table: "tasks",
  },
  {
    operation: "tasks.create (status)",
    call: ({ store, tenantUuid }) => untyped(store.tasks.create)({ tenant_uuid: tenantUuid, title: "Call", scope: "WORKSPACE", status: "WAITING" }, viewer),
    message: 'tasks.create: "status" must be one of OPEN, IN_PROGRESS, DONE, CANCELLED; got "WAITING"',
    table: "tasks",
  },
  {
    operation: "tasks.update",
    call: ({ store, tenantUuid, taskUuid }) => untyped(store.tasks.update)(tenantUuid, taskUuid, { status: "WAITING" }, viewer),
    message: 'tasks.update: "status" must be one of OPEN, IN_PROGRESS, DONE, CANCELLED; got "WAITING"',
    table: "tasks where status = 'OPEN'",
  },
  {
    operation: "importJobs.create",
    call: ({ store, tenantUuid }) => untyped(store.importJobs.create)(tenantUuid, { kind: "pdf", dry_run: false }),
    message: 'importJobs.create: "kind" must be one of mbox, ics, vcf, csv; got "pdf"',
    table: "import_jobs",
  },
  {
    operation: "importJobs.finish",
    call: ({ store, tenantUuid, jobUuid }) => untyped(store.importJobs.finish)(tenantUuid, jobUuid, { status: "paused", summary: null, error: null }),
    message: 'importJobs.finish: "status" must be one of succeeded, failed, cancelled; got "paused"',
    table: "import_jobs where status = 'queued'",
  },
  {
    operation: "companies.create",
    call: ({ store, tenantUuid }) => untyped(store.companies.create)({ tenant_uuid: tenantUuid, company_name: "Globex", employee_count: "about 40" }),
    message: 'companies.create: "employee_count" must be one of 1-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000, 5001-10000, 10000+; got "about 40"',
    table: "companies",
  },
  {
    operation: "companies.update",
    call: ({ store, tenantUuid, companyUuid }) => untyped(store.companies.update)(tenantUuid, companyUuid, { employee_count: "" }),
    message: 'companies.update: "employee_count" must be one of 1-10, 11-50, 51-200, 201-500, 501-1000, 1001-5000, 5001-10000, 10000+; got ""',
    table: "companies where employee_count = '11-50' and employee_count_min = 11",
  },
  {
    operation: "associations.link",
    call: ({ store, tenantUuid, taskUuid }) => untyped(store.associations.link)(tenantUuid, { type: "MEETING", uuid: taskUuid }, { type: "TASK", uuid: taskUuid }),
    message: 'associations.link: "owner.type" must be one of OPPORTUNITY, NOTE, TASK; got "MEETING"',
    table: "associations",
  },
];

describe("enumerated fields", () => {
  let fixture: Fixture;
  let path: string;
  let count: (table: string) => number;
  beforeEach(async () => {
    path = join(folder, `${crypto.randomUUID()}.db`);
    const store = await createSqliteStore({ path });
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const meeting = await store.meetings.create(tenantUuid, { title: "Intro", starts_at: 1, attendees: [{ email: "ada@acme.example" }] });
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
    const task = await store.tasks.create({ tenant_uuid: tenantUuid, title: "Call", scope: "WORKSPACE" }, viewer);
    const job = await store.importJobs.create(tenantUuid, { kind: "csv", dry_run: false });
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme", employee_count: "11-50" });
    fixture = { store, tenantUuid, meetingUuid: meeting.uuid, typeUuid: type.uuid, taskUuid: task.uuid, jobUuid: job.uuid, companyUuid: company.uuid };
    count = rowCounter(path);
  });
  afterEach(() => fixture.store.close());

  it.each(cases)("$operation refuses a value outside its list, naming the field and the allowed values, and writes nothing", async ({ call, message, table }) => {
    const before = count(table);
    await expectRefusedUnwritten(call(fixture), message, () => count(table), before);
  });

  it("companies take any employee-count band, and null clears it", async () => {
    const { store, tenantUuid, companyUuid } = fixture;
    await store.companies.update(tenantUuid, companyUuid, { employee_count: "10000+" });
    expect(count("companies where employee_count = '10000+' and employee_count_min = 10000 and employee_count_max is null")).toBe(1);
    await store.companies.update(tenantUuid, companyUuid, { employee_count: null });
    expect(count("companies where employee_count is null and employee_count_min is null")).toBe(1);
  });
});
