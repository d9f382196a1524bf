/** Test fixture: a tenant where one person has every kind of data the store holds about a person. */
import type { Store } from "../store.js";

const DAY = 86_400_000;

/** A tenant where Zelda (with Zoltan merged into her) has every kind of data, among others' data. */
export async function buildDataSubjectTenant(store: Store, now: number) {
  const tenantUuid = (await store.tenants.create({ name: "Acme", tier: "standard" })).uuid;
  const ada = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: "ada@acme.example", role: "administrator" });
  const globex = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Globex" });
  const initech = await store.companies.create({ tenant_uuid: tenantUuid, company_name: "Initech" });
  const zelda = await store.persons.create({
    tenant_uuid: tenantUuid,
    first_name: "Zelda",
    last_name: "Quintero",
    emails: ["zelda@quintero.example", "zq@oldmail.example"],
    primary_company_uuid: globex.uuid,
    job_title: "CFO",
    affiliations: [{ company_uuid: initech.uuid, title: "Analyst", is_current: false }],
  });
  const zoltan = await store.persons.create({ tenant_uuid: tenantUuid, name: "Zoltan Quimby", emails: ["zoltan@quimby.example"] });
  const cleo = await store.persons.create({ tenant_uuid: tenantUuid, name: "Cleo Park", emails: ["cleo@globex.example"], primary_company_uuid: globex.uuid });
  const dan = await store.persons.create({ tenant_uuid: tenantUuid, name: "Dan Ortiz", emails: ["dan@initech.example"] });

  // Zoltan's meeting and email move to Zelda with the merge; his soft-deleted row keeps his name.
  await store.emails.ingest(tenantUuid, { message_id: "before-the-merge", subject: "Hello", sent_at: now - 9 * DAY, from: { person_uuid: ada.person_uuid }, to: [{ person_uuid: zoltan.uuid }] });
  await store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: zelda.uuid, superseded_uuid: zoltan.uuid, preview: false, merged_by_user_uuid: ada.uuid });

  const list = await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Targets", kind: "persons", owner_user_uuid: ada.uuid });
  await store.entityLists.addMembers(tenantUuid, list.uuid, [zelda.uuid, cleo.uuid], ada.uuid);
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal" });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const viewer = { user_uuid: null };
  const deal = await store.opportunities.create(
    {
      tenant_uuid: tenantUuid,
      name: "Series B",
      type_uuid: type.uuid,
      stage_uuid: stage.uuid,
      intro_person_uuid: zelda.uuid,
      associations: [
        { entity_type: "PERSON", entity_uuid: zelda.uuid },
        { entity_type: "PERSON", entity_uuid: cleo.uuid },
      ],
    },
    viewer,
  );
  const note = await store.notes.create({ tenant_uuid: tenantUuid, content: "Call notes", associations: [{ entity_type: "PERSON", entity_uuid: zelda.uuid }] }, viewer);
  const task = await store.tasks.create(
    { tenant_uuid: tenantUuid, title: "Follow up", scope: "WORKSPACE", associations: [{ entity_type: "PERSON", entity_uuid: zelda.uuid }] },
    viewer,
  );

  const ingest = (messageId: string, daysAgo: number, from: string, to: string[]) =>
    store.emails.ingest(tenantUuid, { message_id: messageId, subject: "Update", sent_at: now - daysAgo * DAY, from: { person_uuid: from }, to: to.map((person_uuid) => ({ person_uuid })) });
  await ingest("only-her-and-ada", 8, ada.person_uuid, [zelda.uuid]);
  await ingest("sent-by-her", 7, zelda.uuid, [ada.person_uuid, cleo.uuid]);
  await ingest("shared", 6, ada.person_uuid, [zelda.uuid, cleo.uuid, dan.uuid]);
  await ingest("without-her", 5, ada.person_uuid, [cleo.uuid]);
  await store.emailBodies.put(tenantUuid, (await store.emails.get(tenantUuid, "only-her-and-ada"))!.uuid, "Dear Zelda Quintero");

  const board = await store.meetings.create(tenantUuid, {
    title: "Board",
    starts_at: now - 4 * DAY,
    organizer: { person_uuid: zelda.uuid },
    attendees: [{ person_uuid: zelda.uuid }, { person_uuid: ada.person_uuid }, { person_uuid: cleo.uuid }],
  });
  const lunch = await store.meetings.create(tenantUuid, { title: "Lunch", starts_at: now - 3 * DAY, attendees: [{ person_uuid: zelda.uuid }, { person_uuid: ada.person_uuid }, { person_uuid: dan.uuid }] });
  // Taken off the list: a departure naming her (migration 0034).
  await store.meetings.update(tenantUuid, lunch.uuid, { attendees: [{ person_uuid: ada.person_uuid }, { person_uuid: dan.uuid }] });

  return { tenantUuid, ada, globex, zelda, zoltan, cleo, dan, list, deal, note, task, board, lunch };
}


export type DataSubjectTenant = Awaited<ReturnType<typeof buildDataSubjectTenant>>;
