/** Opportunity types and their stages (the pipelines). */
import type { Kysely } from "kysely";
import type { Database, OpportunityStagesTable, OpportunityTypesTable } from "../database-schema.js";
import { STAGE_TYPES, type OpportunityStage, type OpportunityType, type PinningConfig, type StageType } from "../deal-records.js";
import { assertAllowedValue } from "./allowed-value.js";
import type { OpportunityStageRepository, OpportunityTypeRepository } from "../deal-store.js";
import { ConflictError, InvalidInputError } from "../errors.js";
import { foldCase } from "./fold-case.js";
import { parseJson, toFlag, withTransaction, type RepositoryContext } from "./repository-context.js";
import { assertNonBlankFields, assertRequiredFields } from "./required-fields.js";

function toPinningConfig(text: string): PinningConfig {
  const stored = parseJson<Partial<PinningConfig>>(text, {});
  return { person_required: stored.person_required === true, company_required: stored.company_required === true };
}

export function toOpportunityType(row: OpportunityTypesTable): OpportunityType {
  return {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    label: row.label,
    label_plural: row.label_plural,
    sub_label: row.sub_label,
    sub_label_plural: row.sub_label_plural,
    description: row.description,
    is_hidden: row.is_hidden === 1,
    subopportunities_enabled: row.subopportunities_enabled === 1,
    pinning_config: toPinningConfig(row.pinning_config),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export function toOpportunityStage(row: OpportunityStagesTable): OpportunityStage {
  return {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    type_uuid: row.type_uuid,
    stage_type: row.stage_type as StageType,
    name: row.name,
    color: row.color,
    percentage: Number(row.percentage),
    is_hidden: row.is_hidden === 1,
    position: Number(row.position),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

/** Loads types by UUID (tenant-scoped). */
export async function loadOpportunityTypes(
  db: Kysely<Database>,
  tenantUuid: string,
  uuids: readonly string[],
): Promise<Map<string, OpportunityType>> {
  const types = new Map<string, OpportunityType>();
  if (uuids.length === 0) return types;
  const rows = await db
    .selectFrom("opportunity_types")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "in", [...new Set(uuids)])
    .execute();
  for (const row of rows) types.set(row.uuid, toOpportunityType(row));
  return types;
}

export async function loadOpportunityStages(
  db: Kysely<Database>,
  tenantUuid: string,
  uuids: readonly string[],
): Promise<Map<string, OpportunityStage>> {
  const stages = new Map<string, OpportunityStage>();
  if (uuids.length === 0) return stages;
  const rows = await db
    .selectFrom("opportunity_stages")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .where("uuid", "in", [...new Set(uuids)])
    .execute();
  for (const row of rows) stages.set(row.uuid, toOpportunityStage(row));
  return stages;
}

/** The labels a type is shown by: each, when written, must hold text (the REST API refuses them blank). */
const TYPE_LABEL_FIELDS = ["label", "label_plural", "sub_label", "sub_label_plural"] as const;

const pluralOf = (label: string) => (/s$/i.test(label) ? label : `${label}s`);

export function createOpportunityTypeRepository({ db, now, generateId }: RepositoryContext): OpportunityTypeRepository {
  const getRow = (tenantUuid: string, typeUuid: string) =>
    db
      .selectFrom("opportunity_types")
      .selectAll()
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", typeUuid)
      .executeTakeFirst();

  return {
    async create(input) {
      assertRequiredFields(input, ["label"], "opportunityTypes.create");
      assertNonBlankFields(input, TYPE_LABEL_FIELDS, "opportunityTypes.create");
      const timestamp = now();
      const subLabel = input.sub_label ?? `Sub-${input.label.toLowerCase()}`;
      const row: OpportunityTypesTable = {
        uuid: generateId(),
        tenant_uuid: input.tenant_uuid,
        label: input.label,
        label_plural: input.label_plural ?? pluralOf(input.label),
        sub_label: subLabel,
        sub_label_plural: input.sub_label_plural ?? pluralOf(subLabel),
        description: input.description ?? null,
        is_hidden: toFlag(input.is_hidden ?? false),
        subopportunities_enabled: toFlag(input.subopportunities_enabled ?? false),
        pinning_config: JSON.stringify({
          person_required: input.pinning_config?.person_required ?? false,
          company_required: input.pinning_config?.company_required ?? false,
        }),
        created_at: timestamp,
        updated_at: timestamp,
      };
      await db.insertInto("opportunity_types").values(row).execute();
      return toOpportunityType(row);
    },
    async get(tenantUuid, typeUuid) {
      const row = await getRow(tenantUuid, typeUuid);
      return row ? toOpportunityType(row) : null;
    },
    async list(tenantUuid, { include_hidden }) {
      let query = db.selectFrom("opportunity_types").selectAll().where("tenant_uuid", "=", tenantUuid);
      if (!include_hidden) query = query.where("is_hidden", "=", 0);
      const rows = await query.orderBy("created_at").orderBy("uuid").execute();
      return rows.map(toOpportunityType);
    },
    async update(tenantUuid, typeUuid, changes) {
      assertNonBlankFields(changes, TYPE_LABEL_FIELDS, "opportunityTypes.update");
      return withTransaction(db, async (transaction) => {
        const row = await transaction
          .selectFrom("opportunity_types")
          .selectAll()
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", typeUuid)
          .executeTakeFirst();
        if (!row) return null;
        const current = toOpportunityType(row);
        const updated: OpportunityTypesTable = {
          ...row,
          label: changes.label ?? row.label,
          label_plural: changes.label_plural ?? row.label_plural,
          sub_label: changes.sub_label ?? row.sub_label,
          sub_label_plural: changes.sub_label_plural ?? row.sub_label_plural,
          description: changes.description === undefined ? row.description : changes.description,
          is_hidden: changes.is_hidden === undefined ? row.is_hidden : toFlag(changes.is_hidden),
          subopportunities_enabled:
            changes.subopportunities_enabled === undefined ? row.subopportunities_enabled : toFlag(changes.subopportunities_enabled),
          pinning_config: JSON.stringify({ ...current.pinning_config, ...changes.pinning_config }),
          updated_at: now(),
        };
        if (updated.subopportunities_enabled === 0 && row.subopportunities_enabled === 1) {
          const child = await transaction
            .selectFrom("opportunities")
            .select("uuid")
            .where("tenant_uuid", "=", tenantUuid)
            .where("type_uuid", "=", typeUuid)
            .where("parent_uuid", "is not", null)
            .where("deleted_at", "is", null)
            .executeTakeFirst();
          if (child) {
            throw new InvalidInputError(
              "subopportunities_enabled cannot be turned off while opportunities of this type have sub-opportunities",
            );
          }
        }
        await transaction.updateTable("opportunity_types").set(updated).where("uuid", "=", typeUuid).execute();
        return toOpportunityType(updated);
      });
    },
  };
}

/**
 * The most stages one pipeline (a type's PARENT or CHILD stages) holds: a reorder lists every one of them, so a pipeline
 * holding more could never be reordered again.
 */
export const MAX_STAGES_PER_PIPELINE = 200;

export function createOpportunityStageRepository({ db, now, generateId }: RepositoryContext): OpportunityStageRepository {
  const pipeline = (executor: Kysely<Database>, tenantUuid: string, typeUuid: string, stageType: StageType) =>
    executor
      .selectFrom("opportunity_stages")
      .selectAll()
      .where("tenant_uuid", "=", tenantUuid)
      .where("type_uuid", "=", typeUuid)
      .where("stage_type", "=", stageType)
      .orderBy("position")
      .orderBy("uuid");

  /**
   * Throws ConflictError when another stage of the pipeline has `name`, case aside: an agent or a person picking a
   * stage by name must find one. A stage keeping its own name is let be, though a database may hold duplicates made
   * before the rule: writing a stage back as read is no new ambiguity, and renaming one of them resolves it.
   */
  async function assertNameFree(executor: Kysely<Database>, stage: Pick<OpportunityStagesTable, "tenant_uuid" | "type_uuid" | "stage_type" | "name"> & { uuid?: string }) {
    const folded = foldCase(stage.name);
    const rows = await pipeline(executor, stage.tenant_uuid, stage.type_uuid, stage.stage_type as StageType).execute();
    const own = rows.find((row) => row.uuid === stage.uuid);
    if (own && foldCase(own.name) === folded) return;
    const taken = rows.find((row) => row.uuid !== stage.uuid && foldCase(row.name) === folded);
    if (taken) {
      throw new ConflictError(`the type already has a ${stage.stage_type} stage named '${taken.name}' (${taken.uuid}): stage names are unique in a pipeline, case aside`);
    }
  }

  return {
    async create(input) {
      assertNonBlankFields(input, ["name"], "opportunityStages.create");
      assertAllowedValue(STAGE_TYPES, input.stage_type, "stage_type", "opportunityStages.create");
      return withTransaction(db, async (transaction) => {
        const type = await transaction
          .selectFrom("opportunity_types")
          .select("uuid")
          .where("tenant_uuid", "=", input.tenant_uuid)
          .where("uuid", "=", input.type_uuid)
          .executeTakeFirst();
        if (!type) throw new InvalidInputError(`opportunity type ${input.type_uuid} not found`);
        await assertNameFree(transaction, input);
        const last = await transaction
          .selectFrom("opportunity_stages")
          .select((expression) => [expression.fn.max("position").as("position"), expression.fn.countAll<number>().as("count")])
          .where("tenant_uuid", "=", input.tenant_uuid)
          .where("type_uuid", "=", input.type_uuid)
          .where("stage_type", "=", input.stage_type)
          .executeTakeFirst();
        if (Number(last?.count ?? 0) >= MAX_STAGES_PER_PIPELINE) {
          throw new ConflictError(`the type's ${input.stage_type} pipeline has ${MAX_STAGES_PER_PIPELINE} stages, the most it may hold`);
        }
        const timestamp = now();
        const row: OpportunityStagesTable = {
          uuid: generateId(),
          tenant_uuid: input.tenant_uuid,
          type_uuid: input.type_uuid,
          stage_type: input.stage_type,
          name: input.name,
          color: input.color ?? null,
          percentage: input.percentage ?? 0,
          is_hidden: toFlag(input.is_hidden ?? false),
          position: last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1,
          created_at: timestamp,
          updated_at: timestamp,
        };
        await transaction.insertInto("opportunity_stages").values(row).execute();
        return toOpportunityStage(row);
      });
    },
    async get(tenantUuid, stageUuid) {
      const row = await db
        .selectFrom("opportunity_stages")
        .selectAll()
        .where("tenant_uuid", "=", tenantUuid)
        .where("uuid", "=", stageUuid)
        .executeTakeFirst();
      return row ? toOpportunityStage(row) : null;
    },
    async list(tenantUuid, typeUuid, { stage_type, include_hidden }) {
      let query = pipeline(db, tenantUuid, typeUuid, stage_type);
      if (!include_hidden) query = query.where("is_hidden", "=", 0);
      return (await query.execute()).map(toOpportunityStage);
    },
    async update(tenantUuid, stageUuid, changes) {
      assertNonBlankFields(changes, ["name"], "opportunityStages.update");
      return withTransaction(db, async (transaction) => {
        const row = await transaction
          .selectFrom("opportunity_stages")
          .selectAll()
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", stageUuid)
          .executeTakeFirst();
        if (!row) return null;
        if (changes.name !== undefined) await assertNameFree(transaction, { ...row, name: changes.name });
        const updated: OpportunityStagesTable = {
          ...row,
          name: changes.name ?? row.name,
          color: changes.color === undefined ? row.color : changes.color,
          percentage: changes.percentage ?? row.percentage,
          is_hidden: changes.is_hidden === undefined ? row.is_hidden : toFlag(changes.is_hidden),
          updated_at: now(),
        };
        await transaction.updateTable("opportunity_stages").set(updated).where("uuid", "=", stageUuid).execute();
        return toOpportunityStage(updated);
      });
    },
    async reorder(tenantUuid, typeUuid, stageType, stageUuids) {
      return withTransaction(db, async (transaction) => {
        const current = await pipeline(transaction, tenantUuid, typeUuid, stageType).execute();
        const known = new Set(current.map((row) => row.uuid));
        const given = new Set(stageUuids);
        const unknown = stageUuids.find((uuid) => !known.has(uuid));
        if (unknown) throw new InvalidInputError(`stage ${unknown} is not a ${stageType} stage of this type`);
        if (given.size !== stageUuids.length) throw new InvalidInputError("stage_uuids names a stage more than once");
        const missing = current.find((row) => !given.has(row.uuid));
        if (missing) {
          throw new InvalidInputError(`stage_uuids must list every ${stageType} stage of the type; ${missing.uuid} is missing`);
        }
        const timestamp = now();
        for (const [position, uuid] of stageUuids.entries()) {
          await transaction
            .updateTable("opportunity_stages")
            .set({ position, updated_at: timestamp })
            .where("tenant_uuid", "=", tenantUuid)
            .where("uuid", "=", uuid)
            .execute();
        }
        return (await pipeline(transaction, tenantUuid, typeUuid, stageType).execute()).map(toOpportunityStage);
      });
    },
  };
}
