/** @module Test helper for the deletions log: a tenant with two users and a pipeline, and builders of each record that can go. */
import type { RecordDeletion, RecordDeletionRequest } from "../deletion-records.js";
import type { Store } from "../store.js";

/** A tenant to delete things in: its administrator and member, and a pipeline with parent and child stages. */
export interface DeletionLogTenant {
  tenantUuid: string;
  adminUuid: string;
  memberUuid: string;
  typeUuid: string;
  parentStageUuid: string;
  childStageUuid: string;
}

export async function createDeletionLogTenant(store: Store, name = "Acme"): Promise<DeletionLogTenant> {
  const tenantUuid = (await store.tenants.create({ name, tier: "standard" })).uuid;
  const admin = await store.users.create({ tenant_uuid: tenantUuid, name: "Ada", email: `ada@${name.toLowerCase()}.example`, role: "administrator" });
  const member = await store.users.create({ tenant_uuid: tenantUuid, name: "Max", email: `max@${name.toLowerCase()}.example`, role: "member" });
  const type = await store.opportunityTypes.create({ tenant_uuid: tenantUuid, label: "Deal", subopportunities_enabled: true });
  const parent = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "PARENT", name: "Lead" });
  const child = await store.opportunityStages.create({ tenant_uuid: tenantUuid, type_uuid: type.uuid, stage_type: "CHILD", name: "Open" });
  return { tenantUuid, adminUuid: admin.uuid, memberUuid: member.uuid, typeUuid: type.uuid, parentStageUuid: parent.uuid, childStageUuid: child.uuid };
}

const TENANT_WIDE = { user_uuid: null };

/** Builders of one record of each kind the log announces, each resolving to its uuid. */
export function recordBuilders(store: Store, tenant: DeletionLogTenant) {
  const { tenantUuid } = tenant;
  return {
    opportunity: async (parentUuid: string | null = null) =>
      (
        await store.opportunities.create(
          {
            tenant_uuid: tenantUuid,
            name: "Series B",
            type_uuid: tenant.typeUuid,
            stage_uuid: parentUuid === null ? tenant.parentStageUuid : tenant.childStageUuid,
            parent_uuid: parentUuid,
          },
          TENANT_WIDE,
        )
      ).uuid,
    note: async () => (await store.notes.create({ tenant_uuid: tenantUuid, content: "Call notes" }, TENANT_WIDE)).uuid,
    task: async (scope: "WORKSPACE" | "PERSONAL" = "WORKSPACE", creatorUuid: string | null = null) =>
      (await store.tasks.create({ tenant_uuid: tenantUuid, title: "Follow up", scope, created_by_user_uuid: creatorUuid }, { user_uuid: creatorUuid })).uuid,
    file: async () =>
      (await store.files.create({ tenant_uuid: tenantUuid, filename: "deck.pdf", content_type: "application/pdf", content: new Uint8Array([1, 2, 3]) })).uuid,
    list: async () => (await store.entityLists.create({ tenant_uuid: tenantUuid, name: "Targets", kind: "persons", owner_user_uuid: tenant.adminUuid })).uuid,
    person: async (name = "Zelda Quintero") => (await store.persons.create({ tenant_uuid: tenantUuid, name })).uuid,
  };
}

/** Every entry of the tenant's log the viewer sees (tenant-wide by default) with the filters given, following cursors. */
export async function deletionLog(
  store: Store,
  tenantUuid: string,
  filters: Partial<Omit<RecordDeletionRequest, "position" | "limit">> = {},
): Promise<RecordDeletion[]> {
  const request = { viewer: TENANT_WIDE, ...filters, limit: 50 };
  let page = await store.deletions.list(tenantUuid, { ...request, position: { kind: "offset", offset: 0 } });
  const entries = [...page.rows];
  while (page.hasMore) {
    page = await store.deletions.list(tenantUuid, { ...request, position: { kind: "after", key: page.lastKey! } });
    entries.push(...page.rows);
  }
  return entries;
}
