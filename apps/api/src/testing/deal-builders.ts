/**
 * @module
 * Small builders for deal-workspace tests: a pipeline (type with PARENT and CHILD stages), persons
 * and companies with places, and opportunities created through the store.
 */
import type { NewLink, NewOpportunity, Opportunity, OpportunityStage, OpportunityType, PinningConfig } from "@rapport/store";
import type { AppServices } from "../services.js";
import type { TestTenant } from "./test-harness.js";

export interface Pipeline {
  type: OpportunityType;
  /** PARENT stages in pipeline order. */
  stages: OpportunityStage[];
  childStages: OpportunityStage[];
}

/** A type with the named PARENT stages (percentages 10, 20, ...) and, when enabled, two CHILD stages. */
export async function buildPipeline(
  services: AppServices,
  tenant: Pick<TestTenant, "tenant">,
  options: { label?: string; stageNames?: string[]; subopportunities?: boolean; pinning?: Partial<PinningConfig> } = {},
): Promise<Pipeline> {
  const { store } = services;
  const tenantUuid = tenant.tenant.uuid;
  const type = await store.opportunityTypes.create({
    tenant_uuid: tenantUuid,
    label: options.label ?? "Deal",
    subopportunities_enabled: options.subopportunities ?? true,
    pinning_config: options.pinning ?? {},
  });
  const stages: OpportunityStage[] = [];
  for (const [index, name] of (options.stageNames ?? ["Lead", "Diligence", "Term sheet", "Closed"]).entries()) {
    stages.push(await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name, percentage: (index + 1) * 10 }));
  }
  const childStages: OpportunityStage[] = [];
  if (options.subopportunities ?? true) {
    for (const name of ["Tranche open", "Tranche funded"]) {
      childStages.push(await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "CHILD", name, percentage: 50 }));
    }
  }
  return { type, stages, childStages };
}

/** Creates an opportunity through the store as a tenant-wide call. */
export function buildOpportunity(
  services: AppServices,
  tenant: Pick<TestTenant, "tenant">,
  pipeline: Pipeline,
  fields: Partial<Omit<NewOpportunity, "tenant_uuid">> & { name: string },
): Promise<Opportunity> {
  return services.store.opportunities.create(
    {
      tenant_uuid: tenant.tenant.uuid,
      type_uuid: fields.parent_uuid ? undefined : pipeline.type.uuid,
      stage_uuid: fields.parent_uuid ? pipeline.childStages[0]!.uuid : pipeline.stages[0]!.uuid,
      ...fields,
    },
    { user_uuid: null },
  );
}

export const personLink = (uuid: string, context?: string): NewLink => ({ entity_type: "PERSON", entity_uuid: uuid, context: context ?? null });
export const companyLink = (uuid: string, context?: string): NewLink => ({ entity_type: "COMPANY", entity_uuid: uuid, context: context ?? null });
