/**
 * @module
 * Builds a deterministic synthetic tenant straight into a fresh SQLite file: a few heavy-hitter
 * users and contacts and a long tail, companies of very different sizes, about one meeting per five
 * emails, activity over three years. The schema comes from the store's own migrations; the rows are
 * written with raw prepared statements in large transactions, because this is setup, not a
 * measurement.
 */
import SqliteDatabase from "better-sqlite3";
import { createSqliteStore } from "@rapport/store";
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
}

const idOf = (kind: number, index: number) =>
  `${kind.toString(16).padStart(8, "0")}-0000-4000-8000-${index.toString(16).padStart(12, "0")}`;
export const personId = (index: number) => idOf(1, index);
export const companyId = (index: number) => idOf(2, index);
const emailId = (index: number) => idOf(3, index);
const meetingId = (index: number) => idOf(4, index);

/** Writes the tenant of `scale` into `databasePath` (which must not exist yet). */
export async function generateTenant(databasePath: string, scale: Scale, seed = 20261121): Promise<SyntheticTenant> {
  let storeIds = 0;
  const store = await createSqliteStore({ path: databasePath, now: () => BENCH_NOW, generateId: () => idOf(5, storeIds++) });
  const tenant = await store.tenants.create({ name: `Bench ${scale.name}`, tier: "custom", per_second_limit: 1_000_000_000, monthly_limit: 1_000_000_000 });
  const users = [];
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
    "insert into companies (uuid, tenant_uuid, company_name, domain, company_custom_fields, service_industry_tags, created_at, service_updated_at) values (?, ?, ?, ?, '{}', '[]', ?, ?)",
  );
  const insertPerson = database.prepare(
    "insert into persons (uuid, tenant_uuid, name, first_name, last_name, job_title, primary_company_uuid, tags, is_internal, created_at, service_updated_at) values (?, ?, ?, ?, ?, ?, ?, '[]', 0, ?, ?)",
  );
  const insertPersonEmail = database.prepare(
    "insert into person_emails (tenant_uuid, person_uuid, address, is_primary, created_at) values (?, ?, ?, 1, ?)",
  );
  const insertEmail = database.prepare(
    "insert into emails (uuid, tenant_uuid, message_id, sent_at, subject, from_person_uuid, created_at) values (?, ?, ?, ?, ?, ?, ?)",
  );
  const insertEmailParticipant = database.prepare(
    "insert or ignore into email_participants (tenant_uuid, email_uuid, person_uuid, role) values (?, ?, ?, ?)",
  );
  const insertMeeting = database.prepare(
    "insert into meetings (uuid, tenant_uuid, title, starts_at, ends_at, status, organizer_person_uuid, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const insertAttendee = database.prepare(
    "insert or ignore into meeting_attendees (tenant_uuid, meeting_uuid, person_uuid, response) values (?, ?, ?, 'accepted')",
  );

  const companyUuids = Array.from({ length: scale.companies }, (_unused, index) => companyId(index));
  const personUuids = Array.from({ length: scale.persons }, (_unused, index) => personId(index));
  const pickCompany = createZipfSampler(scale.companies, 1.0, random);
  const pickContact = createZipfSampler(scale.persons, 1.05, random);
  const pickUser = createZipfSampler(scale.users, 0.8, random);
  const userPersonUuids = users.map((user) => user.person_uuid);

  database.transaction(() => {
    companyUuids.forEach((uuid, index) => insertCompany.run(uuid, tenant.uuid, `Company ${index}`, `company${index}.example`, BENCH_NOW, BENCH_NOW));
    personUuids.forEach((uuid, index) => {
      insertPerson.run(uuid, tenant.uuid, `Contact ${index}`, "Contact", String(index), index % 7 === 0 ? "Partner" : "Manager", companyUuids[pickCompany()]!, BENCH_NOW, BENCH_NOW);
      insertPersonEmail.run(tenant.uuid, uuid, `contact${index}@mail.example`, BENCH_NOW);
    });
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
          insertMeeting.run(uuid, tenant.uuid, `Meeting ${index}`, startsAt, startsAt + 3_600_000, random.chance(0.03) ? "cancelled" : "confirmed", user, BENCH_NOW, BENCH_NOW);
          insertAttendee.run(tenant.uuid, uuid, user);
          for (const person of contacts(random.integer(1, 4))) insertAttendee.run(tenant.uuid, uuid, person);
          if (random.chance(0.2)) insertAttendee.run(tenant.uuid, uuid, userPersonUuids[pickUser()]!);
        } else {
          const uuid = emailId(emailCount);
          const sentAt = BENCH_NOW - Math.floor(random.next() * 3 * YEAR);
          const recipients = contacts(random.chance(0.7) ? 1 : random.integer(2, 3));
          const outbound = random.chance(0.6);
          const from = outbound ? user : recipients[0]!;
          const to = outbound ? recipients : [user, ...recipients.slice(1)];
          insertEmail.run(uuid, tenant.uuid, `<e${emailCount}@bench.example>`, sentAt, `Email ${emailCount}`, from, BENCH_NOW);
          insertEmailParticipant.run(tenant.uuid, uuid, from, "from");
          for (const person of to) if (person !== from) insertEmailParticipant.run(tenant.uuid, uuid, person, "to");
          emailCount++;
        }
      }
    })();
  }
  database.close();
  return {
    tenantUuid: tenant.uuid,
    userUuids: users.map((user) => user.uuid),
    userPersonUuids,
    personUuids,
    companyUuids,
    emailCount,
    meetingCount,
  };
}
