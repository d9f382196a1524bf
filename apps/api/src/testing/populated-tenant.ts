/**
 * @module
 * A tenant with one record of every kind, and the ids the table-walking suites put into path
 * parameters. When an operation introduces a new path parameter, add its record here: the suites
 * fail with a message naming the parameter until then.
 */
import type { AppServices } from "../services.js";
import { buildDealRecords } from "./deal-records.js";
import { buildTenant, type TestTenant } from "./test-harness.js";

export interface PopulatedTenant extends TestTenant {
  /** Path parameter name → an id of a record of this tenant that the parameter can name. */
  pathIds: Record<string, string>;
  /** Every id and marker string of this tenant's records; none may leak to another tenant. */
  secrets: string[];
}

export async function buildPopulatedTenant(services: AppServices, marker: string): Promise<PopulatedTenant> {
  const tenant = await buildTenant(services, { name: `${marker} Tenant` });
  const { store } = services;
  const tenantUuid = tenant.tenant.uuid;
  const company = await store.companies.create({ tenant_uuid: tenantUuid, company_name: `${marker} Company`, domain: `${marker.toLowerCase()}.example` });
  const person = await store.persons.create({
    tenant_uuid: tenantUuid,
    name: `${marker} Person`,
    emails: [`person@${marker.toLowerCase()}.example`],
    primary_company_uuid: company.uuid,
  });
  const meeting = await store.meetings.create(tenantUuid, {
    title: `${marker} Meeting`,
    starts_at: Date.UTC(2026, 10, 1),
    attendees: [{ person_uuid: person.uuid }, { person_uuid: tenant.member.person_uuid }],
  });
  const { email } = await store.emails.ingest(tenantUuid, {
    message_id: `<${marker.toLowerCase()}@mail.example>`,
    sent_at: Date.UTC(2026, 10, 2),
    subject: `${marker} Email`,
    from: { person_uuid: tenant.member.person_uuid },
    to: [{ person_uuid: person.uuid }],
  });
  await store.emailBodies.put(tenantUuid, email.uuid, `${marker} Email body`);
  const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: `${marker} List`, kind: "persons", owner_user_uuid: tenant.member.uuid });
  await store.entityLists.addMembers(tenantUuid, list.uuid, [person.uuid], tenant.member.uuid);
  const importJob = await store.importJobs.create(tenantUuid, { kind: "mbox", dry_run: false, file_name: `${marker} Archive.mbox`, file_bytes: 10 });
  await store.importJobs.finish(tenantUuid, importJob.uuid, { status: "succeeded", summary: null, error: null });
  // Running on another server (none of this process runs it): a cancel of it is recorded, and answered 202.
  const runningImport = await store.importJobs.create(tenantUuid, { kind: "mbox", dry_run: false, file_name: `${marker} Running.mbox`, file_bytes: 10 });
  await store.importJobs.start(tenantUuid, runningImport.uuid);
  const pathIds: Record<string, string> = {
    person_uuid: person.uuid,
    company_uuid: company.uuid,
    user_uuid: tenant.member.uuid,
    meeting_uuid: meeting.uuid,
    email_uuid: email.uuid,
    list_uuid: list.uuid,
    entity_uuid: person.uuid,
    import_uuid: importJob.uuid,
    running_import_uuid: runningImport.uuid,
  };
  const secrets = [
    tenantUuid,
    company.uuid,
    person.uuid,
    tenant.admin.uuid,
    tenant.member.uuid,
    `${marker} Company`,
    `${marker} Person`,
    meeting.uuid,
    `${marker} Meeting`,
    email.uuid,
    `${marker} Email`,
    `<${marker.toLowerCase()}@mail.example>`,
    `${marker} Email body`,
    list.uuid,
    `${marker} List`,
    importJob.uuid,
    `${marker} Archive.mbox`,
  ];
  // A record gone, so the deletions log has an entry to show.
  const deletedNote = await store.notes.create({ tenant_uuid: tenantUuid, content: `${marker} Deleted note` }, { user_uuid: null });
  await store.notes.delete(tenantUuid, deletedNote.uuid);
  secrets.push(deletedNote.uuid, `${marker} Deleted note`);
  const deals = await buildDealRecords(services, tenant, { marker, person: person.uuid, company: company.uuid });
  Object.assign(pathIds, deals.pathIds);
  secrets.push(...deals.secrets);
  return { ...tenant, pathIds, secrets };
}
