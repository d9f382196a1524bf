/**
 * @module
 * Builds a deterministic synthetic tenant straight into a fresh SQLite file: a few heavy-hitter
 * users and contacts and a long tail, companies of very different sizes, about one meeting per five
 * emails, activity over three years. The schema comes from the store's own migrations; the rows are
 * written with raw prepared statements in large transactions, because this is setup, not a
 * measurement.
 */
import SqliteDatabase from "better-sqlite3";
import { companyDuplicateNameKey, createSqliteStore, textSortKey, type User } from "@rapport/store";
import { createRandom, createZipfSampler } from "./random.js";
import type { Scale } from "./scales.js";

export const BENCH_NOW = Date.UTC(2026, 10, 1);
const YEAR = 365 * 86_400_000;

export interface SyntheticTenant {
  tenantUuid: string;
  userUuids: string[];
  userPersonUuids: string[];
  personUuids: string[];
  companyUuids: string[];
  emailCount: number;
  meetingCount: number;
  opportunityCount: number;
  /** The two opportunity types, each with its pipeline of stages (first to last). */
  opportunityTypes: Array<{ uuid: string; stageUuids: string[] }>;
}

const idOf = (kind: number, index: number) =>
  `${kind.toString(16).padStart(8, "0")}-0000-4000-8000-${index.toString(16).padStart(12, "0")}`;
export const personId = (index: number) => idOf(1, index);
export const companyId = (index: number) => idOf(2, index);
const emailId = (index: number) => idOf(3, index);
const meetingId = (index: number) => idOf(4, index);
const affiliationId = (index: number) => idOf(6, index);
const opportunityTypeId = (index: number) => idOf(7, index);
const opportunityStageId = (index: number) => idOf(8, index);
export const opportunityId = (index: number) => idOf(9, index);
const associationId = (index: number) => idOf(10, index);

/** The store's direction-free key of a link between two records (see associations.link_key). */
export const linkKey = (left: string, right: string) => [left, right].sort().join("|");

const STAGES = [
  { name: "Sourced", percentage: 5 },
  { name: "Qualified", percentage: 15 },
  { name: "Meeting", percentage: 30 },
  { name: "Diligence", percentage: 50 },
  { name: "Term sheet", percentage: 75 },
  { name: "Closed", percentage: 100 },
];

/** Writes the tenant of `scale` into `databasePath` (which must not exist yet). */
export async function generateTenant(databasePath: string, scale: Scale, seed = 20261121): Promise<SyntheticTenant> {
  let storeIds = 0;
  const store = await createSqliteStore({ path: databasePath, now: () => BENCH_NOW, generateId: () => idOf(5, storeIds++) });
  const tenant = await store.tenants.create({ name: `Bench ${scale.name}`, tier: "custom", per_second_limit: 1_000_000_000, monthly_limit: 1_000_000_000 });
  const users: User[] = [];
  for (let index = 0; index < scale.users; index++) {
    users.push(
      await store.users.create({
        tenant_uuid: tenant.uuid,
        name: `User ${index}`,
        email: `user${index}@bench-capital.example`,
        role: index === 0 ? "administrator" : "member",
      }),
    );
  }
  await store.close();

  const random = createRandom(seed);
  const database = new SqliteDatabase(databasePath);
  database.pragma("journal_mode = WAL");
  database.pragma("synchronous = OFF");
  const insertCompany = database.prepare(
    "insert into companies (uuid, tenant_uuid, company_name, company_name_sort_key, name_duplicate_key, domain, company_custom_fields, service_industry_tags, created_at, service_updated_at) values (?, ?, ?, ?, ?, ?, '{}', '[]', ?, ?)",
  );
  const insertPerson = database.prepare(
    "insert into persons (uuid, tenant_uuid, name, name_sort_key, first_name, last_name, job_title, primary_company_uuid, tags, is_internal, created_at, service_updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, '[]', 0, ?, ?)",
  );
  const insertPersonEmail = database.prepare(
    "insert into person_emails (tenant_uuid, person_uuid, address, is_primary, created_at) values (?, ?, ?, 1, ?)",
  );
  const insertEmail = database.prepare(
    "insert into emails (uuid, tenant_uuid, message_id, sent_at, subject, from_person_uuid, created_at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertEmailParticipant = database.prepare(
    "insert or ignore into email_participants (tenant_uuid, email_uuid, person_uuid, role, sent_at) values (?, ?, ?, ?, ?)",
  );
  const insertMeeting = database.prepare(
    "insert into meetings (uuid, tenant_uuid, title, starts_at, ends_at, status, organizer_person_uuid, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertAttendee = database.prepare(
    "insert or ignore into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response, counted_at) values (?, ?, ?, 'accepted', ?)",
  );
  const insertAffiliation = database.prepare(
    "insert into affiliations (uuid, tenant_uuid, person_uuid, company_uuid, title, is_current, created_at, updated_at) values (?, ?, ?, ?, ?, 1, ?, ?)",
  );
  const insertOpportunityType = database.prepare(
    "insert into opportunity_types (uuid, tenant_uuid, label, label_plural, sub_label, sub_label_plural, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertOpportunityStage = database.prepare(
    "insert into opportunity_stages (uuid, tenant_uuid, type_uuid, stage_type, name, percentage, position, created_at, updated_at) values (?, ?, ?, 'PARENT', ?, ?, ?, ?, ?)",
  );
  const insertOpportunity = database.prepare(
    `insert into opportunities (uuid, tenant_uuid, type_uuid, stage_uuid, name, name_sort_key, value, probability, weighted_value, owner_user_uuid,
       close_date, stage_entered_at, created_by_user_uuid, updated_by_user_uuid, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertAssociation = database.prepare(
    "insert or ignore into associations (uuid, tenant_uuid, owner_type, owner_uuid, entity_type, entity_uuid, link_key, created_at, updated_at) values (?, ?, 'OPPORTUNITY', ?, ?, ?, ?, ?, ?)",
  );

  const companyUuids = Array.from({ length: scale.companies }, (_unused, index) => companyId(index));
  const personUuids = Array.from({ length: scale.persons }, (_unused, index) => personId(index));
  const pickCompany = createZipfSampler(scale.companies, 1.0, random);
  const pickContact = createZipfSampler(scale.persons, 1.05, random);
  const pickUser = createZipfSampler(scale.users, 0.8, random);
  const userPersonUuids = users.map((user) => user.person_uuid);

  database.transaction(() => {
    companyUuids.forEach((uuid, index) => insertCompany.run(uuid, tenant.uuid, `Company ${index}`, textSortKey(`Company ${index}`), companyDuplicateNameKey(`Company ${index}`), `company${index}.example`, BENCH_NOW, BENCH_NOW));
    personUuids.forEach((uuid, index) => {
      insertPerson.run(uuid, tenant.uuid, `Contact ${index}`, textSortKey(`Contact ${index}`), "Contact", String(index), index % 7 === 0 ? "Partner" : "Manager", companyUuids[pickCompany()]!, BENCH_NOW, BENCH_NOW);
      insertPersonEmail.run(tenant.uuid, uuid, `contact${index}@mail.example`, BENCH_NOW);
    });
  })();
  // Every contact currently works at its primary company: the graph's company members.
  database.transaction(() => {
    const rows = database.prepare("select uuid, primary_company_uuid from persons where tenant_uuid = ? and primary_company_uuid is not null").all(tenant.uuid) as Array<{
      uuid: string;
      primary_company_uuid: string;
    }>;
    rows.forEach((row, index) => insertAffiliation.run(affiliationId(index), tenant.uuid, row.uuid, row.primary_company_uuid, null, BENCH_NOW, BENCH_NOW));
  })();

  const contacts = (count: number) => {
    const chosen = new Set<string>();
    while (chosen.size < count) chosen.add(personUuids[pickContact()]!);
    return [...chosen];
  };
  let emailCount = 0;
  let meetingCount = 0;
  const batch = 20_000;
  for (let start = 0; start < scale.interactions; start += batch) {
    database.transaction(() => {
      for (let index = start; index < Math.min(scale.interactions, start + batch); index++) {
        const user = userPersonUuids[pickUser()]!;
        if (random.chance(1 / 6)) {
          const future = random.chance(0.02);
          const startsAt = future ? BENCH_NOW + random.integer(1, 60) * 86_400_000 : BENCH_NOW - Math.floor(random.next() * 3 * YEAR);
          const uuid = meetingId(meetingCount++);
          const status = random.chance(0.03) ? "cancelled" : "confirmed";
          insertMeeting.run(uuid, tenant.uuid, `Meeting ${index}`, startsAt, startsAt + 3_600_000, status, user, BENCH_NOW, BENCH_NOW);
          // Every attendee accepted: the meeting counts for them at its start unless cancelled (migration 0024).
          const countedAt = status === "confirmed" ? startsAt : null;
          insertAttendee.run(tenant.uuid, uuid, user, countedAt);
          for (const person of contacts(random.integer(1, 4))) insertAttendee.run(tenant.uuid, uuid, person, countedAt);
          if (random.chance(0.2)) insertAttendee.run(tenant.uuid, uuid, userPersonUuids[pickUser()]!, countedAt);
        } else {
          const uuid = emailId(emailCount);
          const sentAt = BENCH_NOW - Math.floor(random.next() * 3 * YEAR);
          const recipients = contacts(random.chance(0.7) ? 1 : random.integer(2, 3));
          const outbound = random.chance(0.6);
          const from = outbound ? user : recipients[0]!;
          const to = outbound ? recipients : [user, ...recipients.slice(1)];
          insertEmail.run(uuid, tenant.uuid, `<e${emailCount}@bench.example>`, sentAt, `Email ${emailCount}`, from, BENCH_NOW);
          insertEmailParticipant.run(tenant.uuid, uuid, from, "from", sentAt);
          for (const person of to) if (person !== from) insertEmailParticipant.run(tenant.uuid, uuid, person, "to", sentAt);
          emailCount++;
        }
      }
    })();
  }

  // Opportunities: two pipelines, owners skewed towards a few users (some unowned), values spread
  // over three orders of magnitude, each linked to a company and one or two of its contacts.
  const opportunityTypes = [0, 1].map((typeIndex) => ({
    uuid: opportunityTypeId(typeIndex),
    stageUuids: STAGES.map((_stage, position) => opportunityStageId(typeIndex * STAGES.length + position)),
  }));
  const pickOpportunityCompany = createZipfSampler(scale.companies, 0.9, random);
  let associations = 0;
  database.transaction(() => {
    opportunityTypes.forEach((type, typeIndex) => {
      const [label, plural] = typeIndex === 0 ? ["Deal", "Deals"] : ["Fundraise", "Fundraises"];
      insertOpportunityType.run(type.uuid, tenant.uuid, label, plural, "Tranche", "Tranches", BENCH_NOW, BENCH_NOW);
      STAGES.forEach((stage, position) =>
        insertOpportunityStage.run(type.stageUuids[position], tenant.uuid, type.uuid, stage.name, stage.percentage, position, BENCH_NOW, BENCH_NOW),
      );
    });
    for (let index = 0; index < scale.opportunities; index++) {
      const type = opportunityTypes[random.chance(0.7) ? 0 : 1]!;
      const position = Math.min(STAGES.length - 1, Math.floor(Math.pow(random.next(), 1.5) * STAGES.length));
      const owner = random.chance(0.1) ? null : users[pickUser()]!.uuid;
      const value = random.chance(0.05) ? null : Math.round(10_000 * Math.pow(10, random.next() * 3));
      const probability = STAGES[position]!.percentage;
      const createdAt = BENCH_NOW - Math.floor(random.next() * 3 * YEAR);
      const closeDate = new Date(createdAt + random.integer(30, 365) * 86_400_000).toISOString().slice(0, 10);
      const uuid = opportunityId(index);
      const name = `Opportunity ${index}`;
      insertOpportunity.run(
        uuid, tenant.uuid, type.uuid, type.stageUuids[position], name, textSortKey(name), value, probability,
        value === null ? null : (value * probability) / 100, owner, closeDate, createdAt, owner, owner, createdAt, createdAt,
      );
      const company = companyUuids[pickOpportunityCompany()]!;
      insertAssociation.run(associationId(associations++), tenant.uuid, uuid, "COMPANY", company, linkKey(`OPPORTUNITY:${uuid}`, `COMPANY:${company}`), createdAt, createdAt);
      for (const person of contacts(random.integer(1, 2))) {
        insertAssociation.run(associationId(associations++), tenant.uuid, uuid, "PERSON", person, linkKey(`OPPORTUNITY:${uuid}`, `PERSON:${person}`), createdAt, createdAt);
      }
    }
  })();
  // The activity dates the store keeps on opportunities (the latest past email or meeting of a linked
  // person, or of anyone at a linked company), as if every interaction had been ingested through it.
  database.exec(`
    create temp table person_last (person_uuid text primary key, at integer);
    insert into person_last
      select person_uuid, max(at) from (
        select p.person_uuid, e.sent_at as at from email_participants p join emails e on e.uuid = p.email_uuid where e.sent_at <= ${BENCH_NOW}
        union all
        select a.person_uuid, m.starts_at from meeting_attendees a join meetings m on m.uuid = a.meeting_uuid
        where a.response <> 'declined' and m.status = 'confirmed' and m.deleted_at is null and m.starts_at <= ${BENCH_NOW}
      ) group by person_uuid;
    create temp table company_last (company_uuid text primary key, at integer);
    insert into company_last
      select af.company_uuid, max(pl.at) from affiliations af join person_last pl on pl.person_uuid = af.person_uuid
      where af.is_current = 1 group by af.company_uuid;
    update opportunities set
      person_last_activity_at = (select max(pl.at) from associations a join person_last pl on pl.person_uuid = a.entity_uuid
        where a.tenant_uuid = opportunities.tenant_uuid and a.owner_uuid = opportunities.uuid and a.entity_type = 'PERSON' and a.owner_type = 'OPPORTUNITY'),
      company_last_activity_at = (select max(cl.at) from associations a join company_last cl on cl.company_uuid = a.entity_uuid
        where a.tenant_uuid = opportunities.tenant_uuid and a.owner_uuid = opportunities.uuid and a.entity_type = 'COMPANY' and a.owner_type = 'OPPORTUNITY');
    update opportunities set last_activity_at = case
      when person_last_activity_at is null then company_last_activity_at
      when company_last_activity_at is null or company_last_activity_at < person_last_activity_at then person_last_activity_at
      else company_last_activity_at end;
    drop table person_last; drop table company_last;`);
  database.close();
  return {
    tenantUuid: tenant.uuid,
    userUuids: users.map((user) => user.uuid),
    userPersonUuids,
    personUuids,
    companyUuids,
    emailCount,
    meetingCount,
    opportunityCount: scale.opportunities,
    opportunityTypes,
  };
}
