/**
 * Opportunity writes through the store, one call each (the way the API writes them): creating an
 * opportunity with a company and two contacts linked, then moving each to its next stage with a new
 * value, against raw prepared statements writing the same rows into the same tables, one transaction per
 * opportunity. Both sides write to tables whose triggers keep the opportunity signals (store migrations
 * 0018 to 0023: search documents, link counts and recency), so the ratio is the store's own share
 * (validation reads, the answer read back); the per-write figures keep those triggers' cost in view
 * from run to run (decision 0016 measured it against a schema without them).
 *
 * Each row's writes first go through the same path once on other opportunities, untimed, as the
 * ingest rows do: the first pass over a set of contacts reads their index pages and compiles the code.
 */
import { randomUUID } from "node:crypto";
import SqliteDatabase from "better-sqlite3";
import { textSortKey, type NewOpportunity, type Store } from "@rapport/store";
import type { MeasurementResult } from "../measurement.js";
import { createRandom, createZipfSampler } from "../random.js";
import { linkKey, type SyntheticTenant } from "../generate-tenant.js";
import { summarize, timeOnce } from "../statistics.js";

const viewer = { user_uuid: null };

/** One opportunity to write: its pipeline position, value, owner and links. */
interface PlannedOpportunity {
  name: string;
  typeUuid: string;
  stageUuids: string[];
  stageIndex: number;
  value: number;
  newValue: number;
  ownerUserUuid: string;
  companyUuid: string;
  contactUuids: [string, string];
}

/** `count` opportunities, linked to contacts drawn as the generated ones are (a few busy contacts, a long tail). */
function plannedOpportunities(tenant: SyntheticTenant, count: number, prefix: string, seed: number): PlannedOpportunity[] {
  const random = createRandom(seed);
  const pickContact = createZipfSampler(tenant.personUuids.length, 1.05, random);
  return Array.from({ length: count }, (_unused, index) => {
    const type = tenant.opportunityTypes[index % tenant.opportunityTypes.length]!;
    const first = pickContact();
    let second = pickContact();
    while (second === first) second = random.integer(0, tenant.personUuids.length - 1);
    return {
      name: `${prefix} ${index}`,
      typeUuid: type.uuid,
      stageUuids: type.stageUuids,
      stageIndex: random.integer(0, type.stageUuids.length - 2),
      value: random.integer(10, 10_000) * 1_000,
      newValue: random.integer(10, 10_000) * 1_000,
      ownerUserUuid: tenant.userUuids[random.integer(0, tenant.userUuids.length - 1)]!,
      companyUuid: tenant.companyUuids[random.integer(0, tenant.companyUuids.length - 1)]!,
      contactUuids: [tenant.personUuids[first]!, tenant.personUuids[second]!],
    };
  });
}

const newOpportunity = (tenantUuid: string, plan: PlannedOpportunity): NewOpportunity => ({
  tenant_uuid: tenantUuid,
  name: plan.name,
  type_uuid: plan.typeUuid,
  stage_uuid: plan.stageUuids[plan.stageIndex]!,
  value: plan.value,
  owner_user_uuid: plan.ownerUserUuid,
  associations: [
    { entity_type: "COMPANY", entity_uuid: plan.companyUuid },
    ...plan.contactUuids.map((uuid) => ({ entity_type: "PERSON" as const, entity_uuid: uuid })),
  ],
});

/** Creates every planned opportunity through the store, then moves each to its next stage; ms of each half. */
async function throughTheStore(store: Store, tenantUuid: string, plans: readonly PlannedOpportunity[], advanceClock: () => void) {
  const uuids: string[] = [];
  const createMs = await timeOnce(async () => {
    for (const plan of plans) uuids.push((await store.opportunities.create(newOpportunity(tenantUuid, plan), viewer)).uuid);
  });
  // Each update at a later time, as real ones are: a new updated_at is what the recency triggers follow.
  advanceClock();
  const updateMs = await timeOnce(async () => {
    for (const [index, plan] of plans.entries()) {
      advanceClock();
      const moved = await store.opportunities.update(
        tenantUuid,
        uuids[index]!,
        { stage_uuid: plan.stageUuids[plan.stageIndex + 1]!, value: plan.newValue },
        { user_uuid: plan.ownerUserUuid },
        viewer,
      );
      if (moved === null) throw new Error(`store.opportunities.update: ${uuids[index]} not found`);
    }
  });
  for (const uuid of uuids) await store.opportunities.delete(tenantUuid, uuid);
  return { createMs, updateMs };
}

/**
 * The same rows written with raw prepared statements, one transaction per opportunity: the opportunity
 * (every column the store writes, probability and weighted value computed here) and its three links,
 * then the stage move; ms of each half. The rows are deleted afterwards, untimed.
 */
async function rawWrites(databasePath: string, tenantUuid: string, plans: readonly PlannedOpportunity[], startAt: number) {
  const database = new SqliteDatabase(databasePath);
  database.pragma("synchronous = NORMAL");
  const probabilityOf = database.prepare("select percentage from opportunity_stages where tenant_uuid = ? and uuid = ?").pluck();
  const percentages = new Map<string, number>();
  const percentage = (stageUuid: string) => {
    if (!percentages.has(stageUuid)) percentages.set(stageUuid, probabilityOf.get(tenantUuid, stageUuid) as number);
    return percentages.get(stageUuid)!;
  };
  const insertOpportunity = database.prepare(
    `insert into opportunities (uuid, tenant_uuid, type_uuid, stage_uuid, parent_uuid, name, name_sort_key, details, next_step, value, probability,
       weighted_value, owner_user_uuid, intro_person_uuid, source_date, intro_date, close_date, stage_entered_at, last_activity_at,
       company_last_activity_at, person_last_activity_at, custom_fields, created_by_user_uuid, updated_by_user_uuid, created_at, updated_at, deleted_at)
     values (?, ?, ?, ?, null, ?, ?, null, null, ?, ?, ?, ?, null, null, null, null, ?, null, null, null, '{}', null, null, ?, ?, null)`,
  );
  const insertLink = database.prepare(
    "insert into associations (uuid, tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid, link_key, created_at, updated_at) values (?, ?, 'OPPORTUNITY', ?, ?, ?, ?, ?, ?)",
  );
  const moveStage = database.prepare(
    `update opportunities set stage_uuid = ?, value = ?, probability = ?, weighted_value = ?, stage_entered_at = ?, updated_by_user_uuid = ?, updated_at = ?
     where tenant_uuid = ? and uuid = ?`,
  );
  const uuids: string[] = [];
  let time = startAt;
  const create = database.transaction((plan: PlannedOpportunity) => {
    const uuid = randomUUID();
    const probability = percentage(plan.stageUuids[plan.stageIndex]!);
    insertOpportunity.run(uuid, tenantUuid, plan.typeUuid, plan.stageUuids[plan.stageIndex], plan.name, textSortKey(plan.name), plan.value, probability, (plan.value * probability) / 100, plan.ownerUserUuid, time, time, time);
    const links: Array<["COMPANY" | "PERSON", string]> = [["COMPANY", plan.companyUuid], ...plan.contactUuids.map((contact) => ["PERSON", contact] as ["PERSON", string])];
    for (const [entityType, entityUuid] of links) {
      insertLink.run(randomUUID(), tenantUuid, uuid, entityType, entityUuid, linkKey(`OPPORTUNITY:${uuid}`, `${entityType}:${entityUuid}`), time, time);
    }
    uuids.push(uuid);
  });
  const update = database.transaction((plan: PlannedOpportunity, uuid: string) => {
    const stageUuid = plan.stageUuids[plan.stageIndex + 1]!;
    const probability = percentage(stageUuid);
    time += 1;
    moveStage.run(stageUuid, plan.newValue, probability, (plan.newValue * probability) / 100, time, plan.ownerUserUuid, time, tenantUuid, uuid);
  });
  try {
    const createMs = await timeOnce(() => plans.forEach((plan) => create(plan)));
    const updateMs = await timeOnce(() => plans.forEach((plan, index) => update(plan, uuids[index]!)));
    return { createMs, updateMs };
  } finally {
    const removeLinks = database.prepare("delete from associations where tenant_uuid = ? and owner_type = 'OPPORTUNITY' and owner_uuid = ?");
    const removeOpportunity = database.prepare("delete from opportunities where tenant_uuid = ? and uuid = ?");
    database.transaction(() => {
      for (const uuid of uuids) {
        removeLinks.run(tenantUuid, uuid);
        removeOpportunity.run(tenantUuid, uuid);
      }
    })();
    database.close();
  }
}

const perWrite = (totalMs: number, count: number) => summarize(Array.from({ length: count }, () => totalMs / count));

export interface OpportunityWritesOptions {
  store: Store;
  databasePath: string;
  tenant: SyntheticTenant;
  count: number;
  /** The store's clock: now, and a step forward (each update is written at a later time). */
  clock: { now(): number; advance(milliseconds: number): void };
}

export async function measureOpportunityWrites(options: OpportunityWritesOptions): Promise<MeasurementResult[]> {
  const { store, databasePath, tenant, count, clock } = options;
  const advanceClock = () => clock.advance(1);
  await throughTheStore(store, tenant.tenantUuid, plannedOpportunities(tenant, count, "Warm-up opportunity", 91), advanceClock);
  const plans = plannedOpportunities(tenant, count, "Bench opportunity", 92);
  const stored = await throughTheStore(store, tenant.tenantUuid, plans, advanceClock);
  const raw = await rawWrites(databasePath, tenant.tenantUuid, plans, clock.now());
  const variants = [
    {
      id: "opportunity-writes-create",
      title: "Opportunity create (store, one by one)",
      label: `store.opportunities.create, ${count} opportunities (a company and two contacts linked), one call each`,
      measuredMs: stored.createMs,
      baselineLabel: "raw prepared inserts of the same opportunity and link rows into the same tables, one transaction per opportunity",
      baselineMs: raw.createMs,
    },
    {
      id: "opportunity-writes-update",
      title: "Opportunity update (store, one by one)",
      label: `store.opportunities.update, the same ${count} moved to their next stage with a new value, one call each`,
      measuredMs: stored.updateMs,
      baselineLabel: "a raw prepared update of the same columns, one transaction per opportunity",
      baselineMs: raw.updateMs,
    },
  ];
  return variants.map((variant) => {
    const subject = perWrite(variant.measuredMs, count);
    const baseline = perWrite(variant.baselineMs, count);
    return {
      id: variant.id,
      title: variant.title,
      subject: { label: variant.label, summary: subject },
      baseline: { label: variant.baselineLabel, summary: baseline },
      speedRatio: subject.opsPerSecond / baseline.opsPerSecond,
      targets: [],
      figures: { msPerWrite: variant.measuredMs / count, baselineMsPerWrite: variant.baselineMs / count },
      notes: [
        "per-write figures are the run's total divided by its size",
        "both sides write to the same tables, so both pay the triggers that keep the search documents and the opportunity link counts and recency",
        "warm-up: the same writes on other opportunities first, untimed; the store's opportunities are deleted through it afterwards, the baseline's rows removed, both untimed",
      ],
    };
  });
}
