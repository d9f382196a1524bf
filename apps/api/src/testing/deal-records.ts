/**
 * @module
 * The deal-workspace records of a populated tenant: a type with a PARENT and a CHILD stage, a
 * custom field, an opportunity linked to the tenant's person and company, a note, a WORKSPACE task
 * and a file, each linked to the opportunity.
 */
import type { AppServices } from "../services.js";
import type { TestTenant } from "./test-harness.js";

export interface DealRecords {
  pathIds: Record<string, string>;
  secrets: string[];
}

export async function buildDealRecords(
  services: AppServices,
  tenant: TestTenant,
  { marker, person, company }: { marker: string; person: string; company: string },
): Promise<DealRecords> {
  const { store } = services;
  const tenantUuid = tenant.tenant.uuid;
  const viewer = { user_uuid: tenant.admin.uuid };
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: `${marker} Deal`, subopportunities_enabled: true });
  const stage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: `${marker} Sourcing` });
  const childStage = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "CHILD", name: `${marker} Tranche` });
  const field = await store.opportunityCustomFields.create({ tenant_uuid: tenantUuid, key: "fund", name: `${marker} Fund`, type: "text" });
  const opportunity = await store.opportunities.create(
    {
      tenant_uuid: tenantUuid,
      name: `${marker} Opportunity`,
      type_uuid: type.uuid,
      stage_uuid: stage.uuid,
      value: 1_000,
      owner_user_uuid: tenant.admin.uuid,
      custom_fields: { fund: `${marker} Fund I` },
      associations: [
        { entity_type: "PERSON", entity_uuid: person },
        { entity_type: "COMPANY", entity_uuid: company },
      ],
      actor_user_uuid: tenant.admin.uuid,
    },
    viewer,
  );
  const child = await store.opportunities.create(
    { tenant_uuid: tenantUuid, name: `${marker} Tranche A`, parent_uuid: opportunity.uuid, stage_uuid: childStage.uuid },
    viewer,
  );
  const note = await store.notes.create(
    {
      tenant_uuid: tenantUuid,
      content: `${marker} Note text`,
      owner_user_uuid: tenant.admin.uuid,
      associations: [{ entity_type: "OPPORTUNITY", entity_uuid: opportunity.uuid }],
    },
    viewer,
  );
  const task = await store.tasks.create(
    {
      tenant_uuid: tenantUuid,
      title: `${marker} Task`,
      scope: "WORKSPACE",
      created_by_user_uuid: tenant.admin.uuid,
      associations: [{ entity_type: "OPPORTUNITY", entity_uuid: opportunity.uuid }],
    },
    viewer,
  );
  const file = await store.files.create({
    tenant_uuid: tenantUuid,
    filename: `${marker.toLowerCase()}-memo.txt`,
    content_type: "text/plain",
    content: new TextEncoder().encode(`${marker} File bytes`),
    uploaded_by_user_uuid: tenant.admin.uuid,
  });
  const fileLink = await store.associations.link(tenantUuid, { type: "OPPORTUNITY", uuid: opportunity.uuid }, { type: "FILE", uuid: file.uuid }, { user_uuid: null });
  return {
    pathIds: {
      type_uuid: type.uuid,
      stage_uuid: stage.uuid,
      field_uuid: field.uuid,
      opportunity_uuid: opportunity.uuid,
      association_uuid: fileLink.link.uuid,
      note_uuid: note.uuid,
      task_id: task.uuid,
      file_uuid: file.uuid,
    },
    secrets: [
      type.uuid,
      stage.uuid,
      childStage.uuid,
      field.uuid,
      opportunity.uuid,
      child.uuid,
      note.uuid,
      task.uuid,
      file.uuid,
      fileLink.link.uuid,
      `${marker} Deal`,
      `${marker} Sourcing`,
      `${marker} Tranche`,
      `${marker} Fund`,
      `${marker} Opportunity`,
      `${marker} Note text`,
      `${marker} Task`,
      `${marker} File bytes`,
    ],
  };
}
