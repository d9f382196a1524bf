/**
 * @module
 * `rapport seed demo`: creates the deterministic demo tenant (same UUIDs everywhere) unless it
 * exists, and mints demo API keys on request.
 */
import { createSqliteStore, type SqliteSynchronous, type Store } from "@rapport/store";
import { issueApiKey } from "../platform/auth/issue-api-key.js";
import { DEMO_TENANT_UUID, demoUuid } from "./demo-ids.js";
import {
  DEMO_COMPANIES,
  DEMO_EMAILS,
  DEMO_LISTS,
  DEMO_MEETINGS,
  DEMO_OPPORTUNITIES,
  DEMO_PERSONS,
  DEMO_PIPELINE,
  DEMO_USERS,
} from "./demo-tenant-data.js";

const DAY = 86_400_000;

export const DEMO_KEY_LABEL = "demo";

export interface DemoSeedResult {
  tenant_uuid: string;
  created: boolean;
  users: Array<{ uuid: string; name: string; email: string; role: string }>;
}

/**
 * Seeds the demo tenant into the database at `databasePath`; a second run changes nothing. `synchronous` is the store's
 * option of that name (a command passes RAPPORT_SQLITE_SYNCHRONOUS's, as for every store it opens).
 */
export async function seedDemoTenant(
  databasePath: string,
  now: () => number = Date.now,
  { synchronous = "normal" }: { synchronous?: SqliteSynchronous } = {},
): Promise<DemoSeedResult> {
  // Named records get UUIDs derived from their demo names; the rows they bring along (links,
  // stages' neighbours) get a numbered demo name: the same on every run, in creation order.
  const queue: string[] = [];
  let unnamed = 0;
  const generateId = () => demoUuid(queue.shift() ?? `row-${unnamed++}`);
  const store = await createSqliteStore({ path: databasePath, now, generateId, synchronous });
  try {
    const existing = await store.tenants.get(DEMO_TENANT_UUID);
    if (!existing) {
      await store.transaction(async (transaction) => {
        queue.push("tenant");
        await transaction.tenants.create({ name: "Demo Capital", tier: "professional" });
        for (const user of DEMO_USERS) {
          queue.push(`${user.key}-person`, user.key);
          await transaction.users.create({ tenant_uuid: DEMO_TENANT_UUID, name: user.name, email: user.email, role: user.role });
        }
        for (const { key, ...company } of DEMO_COMPANIES) {
          queue.push(key);
          await transaction.companies.create({ tenant_uuid: DEMO_TENANT_UUID, ...company });
        }
        for (const { key, email, company, ...person } of DEMO_PERSONS) {
          // The person, then the current affiliation with the primary company.
          queue.push(key, `${key}-affiliation`);
          await transaction.persons.create({
            tenant_uuid: DEMO_TENANT_UUID,
            ...person,
            emails: [email],
            primary_company_uuid: demoUuid(company),
          });
        }
        // Activity is dated relative to the seed, so the scores read as recent on any day.
        const today = Math.floor(now() / DAY) * DAY;
        for (const email of DEMO_EMAILS) {
          queue.push(email.key);
          await transaction.emails.ingest(DEMO_TENANT_UUID, {
            message_id: `<${email.key}@demo-capital.example>`,
            sent_at: today - email.daysAgo * DAY + 9 * 3_600_000,
            subject: email.subject,
            from: { email: email.from },
            to: email.to.map((address) => ({ email: address })),
            cc: (email.cc ?? []).map((address) => ({ email: address })),
          });
        }
        for (const meeting of DEMO_MEETINGS) {
          queue.push(meeting.key);
          const startsAt = today + meeting.dayOffset * DAY + meeting.hour * 3_600_000;
          await transaction.meetings.create(DEMO_TENANT_UUID, {
            title: meeting.title,
            starts_at: startsAt,
            ends_at: startsAt + 3_600_000,
            status: meeting.status ?? "confirmed",
            organizer: { email: DEMO_USERS.find((user) => user.key === meeting.organizer)!.email },
            attendees: meeting.attendees.map((address) => ({ email: address })),
            created_by_user_uuid: demoUuid(meeting.organizer),
          });
        }
        for (const list of DEMO_LISTS) {
          queue.push(list.key);
          await transaction.entityLists.create({ tenant_uuid: DEMO_TENANT_UUID, name: list.name, kind: list.kind, owner_user_uuid: demoUuid(list.owner) });
          await transaction.entityLists.addMembers(DEMO_TENANT_UUID, demoUuid(list.key), list.members.map(demoUuid), demoUuid(list.owner));
        }
        await seedDemoPipeline(transaction, queue);
      });
    }
    return { tenant_uuid: DEMO_TENANT_UUID, created: !existing, users: await demoUsers(store) };
  } finally {
    await store.close();
  }
}

/** The demo's deal pipeline, opportunities linked to the demo's people and companies, and a note. */
async function seedDemoPipeline(store: Store, queue: string[]) {
  const viewer = { user_uuid: demoUuid("user-avery") };
  queue.push(DEMO_PIPELINE.key);
  await store.opportunityTypes.create({ tenant_uuid: DEMO_TENANT_UUID, label: DEMO_PIPELINE.label });
  for (const stage of DEMO_PIPELINE.stages) {
    queue.push(stage.key);
    await store.opportunityStages.create({
      tenant_uuid: DEMO_TENANT_UUID,
      type_uuid: demoUuid(DEMO_PIPELINE.key),
      stage_type: "PARENT",
      name: stage.name,
      percentage: stage.percentage,
    });
  }
  for (const opportunity of DEMO_OPPORTUNITIES) {
    queue.push(opportunity.key);
    await store.opportunities.create(
      {
        tenant_uuid: DEMO_TENANT_UUID,
        name: opportunity.name,
        type_uuid: demoUuid(DEMO_PIPELINE.key),
        stage_uuid: demoUuid(opportunity.stage),
        value: opportunity.value,
        owner_user_uuid: demoUuid(opportunity.owner),
        associations: [
          ...opportunity.persons.map((key) => ({ entity_type: "PERSON" as const, entity_uuid: demoUuid(key) })),
          ...opportunity.companies.map((key) => ({ entity_type: "COMPANY" as const, entity_uuid: demoUuid(key) })),
        ],
        actor_user_uuid: demoUuid(opportunity.owner),
      },
      viewer,
    );
    if (opportunity.note) {
      queue.push(`${opportunity.key}-note`);
      await store.notes.create(
        {
          tenant_uuid: DEMO_TENANT_UUID,
          content: opportunity.note,
          owner_user_uuid: demoUuid(opportunity.owner),
          associations: [{ entity_type: "OPPORTUNITY", entity_uuid: demoUuid(opportunity.key) }],
        },
        viewer,
      );
    }
  }
}

async function demoUsers(store: Store) {
  const users = [];
  for (const user of DEMO_USERS) {
    const found = await store.users.get(DEMO_TENANT_UUID, demoUuid(user.key));
    if (found) users.push({ uuid: found.uuid, name: found.name, email: found.email, role: found.role });
  }
  return users;
}

export interface DemoKeys {
  tenant_key: string;
  /** A tenant-wide key that may only read, as an AI assistant would be given. */
  read_only_key: string;
  user_keys: Array<{ user_uuid: string; user_name: string; key: string }>;
}

/** Revokes the previous demo keys and issues fresh ones: a tenant key, a read-only tenant key and one per demo user. */
export async function issueDemoKeys(store: Store): Promise<DemoKeys> {
  await store.apiKeys.revokeByLabel(DEMO_TENANT_UUID, DEMO_KEY_LABEL);
  const tenantKey = await issueApiKey(store, { tenantUuid: DEMO_TENANT_UUID, label: DEMO_KEY_LABEL });
  const readOnlyKey = await issueApiKey(store, { tenantUuid: DEMO_TENANT_UUID, label: DEMO_KEY_LABEL, readOnly: true });
  const userKeys = [];
  for (const user of DEMO_USERS.slice(0, 2)) {
    const userUuid = demoUuid(user.key);
    const issued = await issueApiKey(store, { tenantUuid: DEMO_TENANT_UUID, userUuid, label: DEMO_KEY_LABEL });
    userKeys.push({ user_uuid: userUuid, user_name: user.name, key: issued.plaintext });
  }
  return { tenant_key: tenantKey.plaintext, read_only_key: readOnlyKey.plaintext, user_keys: userKeys };
}
