/** The detail response of one opportunity (with custom_field_mapping), and who may change it. */
import type { Opportunity } from "@rapport/store";
import { forbidden } from "../../platform/errors/api-error.js";
import type { AuthContext } from "../../platform/auth/auth-context.js";
import { customFieldMappingSchema, opportunitySchema, presentCustomFieldMapping, presentOpportunity } from "../../presenters/opportunity-presenter.js";
import type { AppServices } from "../../services.js";

export const opportunityDetailSchema = opportunitySchema
  .extend({ custom_field_mapping: customFieldMappingSchema })
  .describe("An opportunity with the mapping of its custom fields.");

export async function presentOpportunityDetail(services: AppServices, tenantUuid: string, opportunity: Opportunity) {
  const fields = await services.store.opportunityCustomFields.list(tenantUuid);
  return { ...presentOpportunity(opportunity, fields), custom_field_mapping: presentCustomFieldMapping(fields, [opportunity]) };
}

/**
 * Members change the opportunities they own or created; administrators (and tenant-wide calls)
 * change any. Others get 403: the opportunity is readable by them, so its existence is no secret.
 */
export function assertMayModifyOpportunity(auth: AuthContext, opportunity: Opportunity): void {
  if (!mayModifyOpportunity(auth, opportunity)) throw forbidden("only the opportunity's owner, its creator or an administrator may change it");
}

/** Whether the caller may change or delete the opportunity: its owner, its creator, an administrator or a tenant-wide call. */
export function mayModifyOpportunity(auth: AuthContext, opportunity: Opportunity): boolean {
  if (auth.isAdministrator) return true;
  const userUuid = auth.user?.uuid;
  return userUuid !== undefined && (opportunity.owner?.user_uuid === userUuid || opportunity.created_by?.user_uuid === userUuid);
}
