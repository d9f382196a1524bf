/** Every name, title, label and note content the REST API refuses blank, the store refuses blank too, on create and on update. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteStore } from "../sqlite/create-sqlite-store.js";
import { expectRefusedUnwritten, rowCounter, untyped, type RefusedWriteCase } from "../testing/refused-writes.js";
import type { Store } from "../store.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-blank-text-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));


interface Fixture {
  store: Store;
  tenantUuid: string;
  companyUuid: string;
  listUuid: string;
  meetingUuid: string;
  taskUuid: string;
  typeUuid: string;
  stageUuid: string;
  fieldUuid: string;
  opportunityUuid: string;
  noteUuid: string;
}

type Case = RefusedWriteCase<Fixture>;

const viewer = { user_uuid: null };
const cases: Case[] = [
  {
    operation: "tenants.create",
    call: ({ store }) => untyped(store.tenants.create)({ name: "", tier: "standard" }),
    message: 'tenants.create: "name" must be a non-blank string; got ""',
    table: "tenants",
  },
  {
    operation: "users.create (name)",
    call: ({ store, tenantUuid }) => untyped(store.users.create)({ tenant_uuid: tenantUuid, name: " ", email: "ada@acme.example", role: "member" }),
    message: 'users.create: "name" must be a non-blank string; got " "',
    table: "users",
  },
  {
    operation: "users.create (email)",
    call: ({ store, tenantUuid }) => untyped(store.users.create)({ tenant_uuid: tenantUuid, name: "Ada", email: "", role: "member" }),
    message: 'users.create: "email" must be a non-blank string; got ""',
    table: "users",
  },
  {
    operation: "companies.create",
    call: ({ store, tenantUuid }) => untyped(store.companies.create)({ tenant_uuid: tenantUuid, company_name: "  " }),
    message: 'companies.create: "company_name" must be a non-blank string; got "  "',
    table: "companies",
  },
  {
    operation: "companies.update",
    call: ({ store, tenantUuid, companyUuid }) => untyped(store.companies.update)(tenantUuid, companyUuid, { company_name: "\t" }),
    message: 'companies.update: "company_name" must be a non-blank string; got "\\t"',
    table: "companies where company_name = 'Acme'",
  },
  {
    operation: "entityLists.create",
    call: ({ store, tenantUuid }) => untyped(store.entityLists.create)({ tenant_uuid: tenantUuid, name: "", kind: "persons", owner_user_uuid: null }),
    message: 'entityLists.create: "name" must be a non-blank string; got ""',
    table: "entity_lists",
  },
  {
    operation: "entityLists.rename",
    call: ({ store, tenantUuid, listUuid }) => untyped(store.entityLists.rename)(tenantUuid, listUuid, " "),
    message: 'entityLists.rename: "name" must be a non-blank string; got " "',
    table: "entity_lists where name = 'Hot'",
  },
  {
    operation: "meetings.create",
    call: ({ store, tenantUuid }) => untyped(store.meetings.create)(tenantUuid, { title: " ", starts_at: 1, attendees: [{ email: "new@globex.example" }] }),
    message: 'meetings.create: "title" must be a non-blank string; got " "',
    table: "persons",
  },
  {
    operation: "meetings.update",
    call: ({ store, tenantUuid, meetingUuid }) => untyped(store.meetings.update)(tenantUuid, meetingUuid, { title: "" }),
    message: 'meetings.update: "title" must be a non-blank string; got ""',
    table: "meetings where title = 'Intro'",
  },
  {
    operation: "tasks.create",
    call: ({ store, tenantUuid }) => untyped(store.tasks.create)({ tenant_uuid: tenantUuid, title: "", scope: "WORKSPACE" }, viewer),
    message: 'tasks.create: "title" must be a non-blank string; got ""',
    table: "tasks",
  },
  {
    operation: "tasks.update",
    call: ({ store, tenantUuid, taskUuid }) => untyped(store.tasks.update)(tenantUuid, taskUuid, { title: "  " }, viewer),
    message: 'tasks.update: "title" must be a non-blank string; got "  "',
    table: "tasks where title = 'Call'",
  },
  {
    operation: "opportunityTypes.create (label)",
    call: ({ store, tenantUuid }) => untyped(store.opportunityTypes.create)({ tenant_uuid: tenantUuid, label: " " }),
    message: 'opportunityTypes.create: "label" must be a non-blank string; got " "',
    table: "opportunity_types",
  },
  {
    operation: "opportunityTypes.create (label absent)",
    call: ({ store, tenantUuid }) => untyped(store.opportunityTypes.create)({ tenant_uuid: tenantUuid }),
    message: 'opportunityTypes.create: "label" is required',
    table: "opportunity_types",
  },
  {
    operation: "opportunityTypes.create (sub_label_plural)",
    call: ({ store, tenantUuid }) => untyped(store.opportunityTypes.create)({ tenant_uuid: tenantUuid, label: "Round", sub_label_plural: "" }),
    message: 'opportunityTypes.create: "sub_label_plural" must be a non-blank string; got ""',
    table: "opportunity_types",
  },
  {
    operation: "opportunityTypes.update",
    call: ({ store, tenantUuid, typeUuid }) => untyped(store.opportunityTypes.update)(tenantUuid, typeUuid, { label_plural: " " }),
    message: 'opportunityTypes.update: "label_plural" must be a non-blank string; got " "',
    table: "opportunity_types where label_plural = 'Deals'",
  },
  {
    operation: "opportunityStages.create",
    call: ({ store, tenantUuid, typeUuid }) => untyped(store.opportunityStages.create)({ tenant_uuid: tenantUuid, type_uuid: typeUuid, stage_type: "PARENT", name: "" }),
    message: 'opportunityStages.create: "name" must be a non-blank string; got ""',
    table: "opportunity_stages",
  },
  {
    operation: "opportunityStages.update",
    call: ({ store, tenantUuid, stageUuid }) => untyped(store.opportunityStages.update)(tenantUuid, stageUuid, { name: " " }),
    message: 'opportunityStages.update: "name" must be a non-blank string; got " "',
    table: "opportunity_stages where name = 'Lead'",
  },
  {
    operation: "opportunityCustomFields.create (name)",
    call: ({ store, tenantUuid }) => untyped(store.opportunityCustomFields.create)({ tenant_uuid: tenantUuid, key: "colour", name: " ", type: "text" }),
    message: 'opportunityCustomFields.create: "name" must be a non-blank string; got " "',
    table: "opportunity_custom_fields",
  },
  {
    operation: "opportunityCustomFields.create (key)",
    call: ({ store, tenantUuid }) => untyped(store.opportunityCustomFields.create)({ tenant_uuid: tenantUuid, key: "", name: "Colour", type: "text" }),
    message: 'opportunityCustomFields.create: "key" must be a non-blank string; got ""',
    table: "opportunity_custom_fields",
  },
  {
    operation: "opportunityCustomFields.update",
    call: ({ store, tenantUuid, fieldUuid }) => untyped(store.opportunityCustomFields.update)(tenantUuid, fieldUuid, { name: "" }),
    message: 'opportunityCustomFields.update: "name" must be a non-blank string; got ""',
    table: "opportunity_custom_fields where name = 'Fund'",
  },
  {
    operation: "opportunities.create",
    call: ({ store, tenantUuid, typeUuid, stageUuid }) =>
      untyped(store.opportunities.create)({ tenant_uuid: tenantUuid, name: " ", type_uuid: typeUuid, stage_uuid: stageUuid }, viewer),
    message: 'opportunities.create: "name" must be a non-blank string; got " "',
    table: "opportunities",
  },
  {
    operation: "opportunities.update",
    call: ({ store, tenantUuid, opportunityUuid }) => untyped(store.opportunities.update)(tenantUuid, opportunityUuid, { name: "" }, viewer, viewer),
    message: 'opportunities.update: "name" must be a non-blank string; got ""',
    table: "opportunities where name = 'Deal'",
  },
  {
    operation: "notes.create",
    call: ({ store, tenantUuid }) => untyped(store.notes.create)({ tenant_uuid: tenantUuid, content: " \n\t" }, viewer),
    message: 'notes.create: "content" must be a non-blank string; got " \\n\\t"',
    table: "notes",
  },
  {
    operation: "notes.create (content absent)",
    call: ({ store, tenantUuid }) => untyped(store.notes.create)({ tenant_uuid: tenantUuid, title: "Call" }, viewer),
    message: 'notes.create: "content" is required',
    table: "notes",
  },
  {
    operation: "notes.update",
    call: ({ store, tenantUuid, noteUuid }) => untyped(store.notes.update)(tenantUuid, noteUuid, { content: "  " }, viewer),
    message: 'notes.update: "content" must be a non-blank string; got "  "',
    table: "notes where content = 'Met at the fair'",
  },
];

describe("blank required text", () => {
  let fixture: Fixture;
  let path: string;
  let count: (table: string) => number;
  beforeEach(async () => {
    path = join(folder, `${crypto.randomUUID()}.db`);
    const store = await createSqliteStore({ path });
    const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
    const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Acme" });
    const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Hot", kind: "persons", owner_user_uuid: null });
    const meeting = await store.meetings.create(tenantUuid, { title: "Intro", starts_at: 1, attendees: [{ email: "ada@acme.example" }] });
    const task = await store.tasks.create({ tenant_uuid: tenantUuid, title: "Call", scope: "WORKSPACE" }, viewer);
    const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
    const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
    const field = await store.opportunityCustomFields.create({ tenant_uuid: tenantUuid, key: "fund", name: "Fund", type: "text" });
    const opportunity = await store.opportunities.create({ tenant_uuid: tenantUuid, name: "Deal", type_uuid: type.uuid, stage_uuid: stage.uuid }, viewer);
    const note = await store.notes.create({ tenant_uuid: tenantUuid, content: "Met at the fair" }, viewer);
    fixture = {
      store,
      tenantUuid,
      companyUuid: company.uuid,
      listUuid: list.uuid,
      meetingUuid: meeting.uuid,
      taskUuid: task.uuid,
      typeUuid: type.uuid,
      stageUuid: stage.uuid,
      fieldUuid: field.uuid,
      opportunityUuid: opportunity.uuid,
      noteUuid: note.uuid,
    };
    count = rowCounter(path);
  });
  afterEach(() => fixture.store.close());

  it.each(cases)("$operation refuses blank text, naming the field and quoting the value, and writes nothing", async ({ call, message, table }) => {
    const before = count(table);
    // An update's count names the row as it stands, so a refused update must leave it there.
    if (table.includes(" where ")) expect(before).toBe(1);
    await expectRefusedUnwritten(call(fixture), message, () => count(table), before);
  });

  it("takes text with white space around it (a note's content as written), and updates that leave the text fields out", async () => {
    const { store, tenantUuid, companyUuid, typeUuid, taskUuid, noteUuid } = fixture;
    await store.companies.update(tenantUuid, companyUuid, { company_name: " Globex " });
    expect(count("companies where company_name = ' Globex '")).toBe(1);
    await store.opportunityTypes.update(tenantUuid, typeUuid, { is_hidden: true });
    expect(count("opportunity_types where label = 'Deal' and is_hidden = 1")).toBe(1);
    await store.tasks.update(tenantUuid, taskUuid, { status: "DONE" }, viewer);
    expect(count("tasks where title = 'Call' and status = 'DONE'")).toBe(1);
    await store.notes.update(tenantUuid, noteUuid, { title: "Fair" }, viewer);
    expect(count("notes where title = 'Fair' and content = 'Met at the fair'")).toBe(1);
    await store.notes.update(tenantUuid, noteUuid, { content: "\n  Indented, as written\n" }, viewer);
    expect(count("notes where content = char(10) || '  Indented, as written' || char(10)")).toBe(1);
  });
});
