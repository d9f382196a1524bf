/**
 * Measurement 2: email ingest through the store (participant resolution by address, idempotency,
 * graph update) against raw prepared inserts of the same rows in one transaction.
 */
import SqliteDatabase from "better-sqlite3";
import type { NewEmail, Store } from "@rapport/store";
import type { MeasurementResult } from "../measurement.js";
import { createRandom } from "../random.js";
import { BENCH_NOW, type SyntheticTenant } from "../generate-tenant.js";
import { summarize, timeOnce } from "../statistics.js";

function messages(tenant: SyntheticTenant, count: number): NewEmail[] {
  const random = createRandom(99);
  return Array.from({ length: count }, (_unused, index) => {
    const user = random.integer(0, tenant.userUuids.length - 1);
    const contact = random.integer(0, tenant.personUuids.length - 1);
    return {
      message_id: `<ingest-${index}@bench.example>`,
      sent_at: BENCH_NOW - random.integer(0, 365) * 86_400_000,
      subject: `Ingest ${index}`,
      from: { email: `user${user}@bench-capital.example` },
      to: [{ email: `contact${contact}@mail.example` }],
    };
  });
}

export async function measureActivityIngest(store: Store, databasePath: string, tenant: SyntheticTenant, count: number): Promise<MeasurementResult> {
  const input = messages(tenant, count);
  const subjectMs = await timeOnce(async () => {
    for (const message of input) await store.emails.ingest(tenant.tenantUuid, message);
  });

  // The baseline inserts the same rows, participants already resolved, into twin tables.
  const database = new SqliteDatabase(databasePath);
  database.exec(`
    drop table if exists baseline_emails; drop table if exists baseline_email_participants;
    create table baseline_emails as select * from emails where 0;
    create unique index baseline_emails_message on baseline_emails (tenant_uuid, message_id);
    create table baseline_email_participants as select * from email_participants where 0;
    create index baseline_participants_person on baseline_email_participants (tenant_uuid, person_uuid);`);
  const addressToPerson = new Map<string, string>(
    (database.prepare("select address, person_uuid from person_emails where tenant_uuid = ?").all(tenant.tenantUuid) as Array<{ address: string; person_uuid: string }>).map(
      (row) => [row.address, row.person_uuid],
    ),
  );
  const insertEmail = database.prepare("insert into baseline_emails (uuid, tenant_uuid, message_id, sent_at, subject, from_person_uuid, created_at) values (?, ?, ?, ?, ?, ?, ?)");
  const insertParticipant = database.prepare("insert into baseline_email_participants (tenant_uuid, email_uuid, person_uuid, role) values (?, ?, ?, ?)");
  const baselineMs = await timeOnce(() =>
    database.transaction(() => {
      input.forEach((message, index) => {
        const uuid = `baseline-${index}`;
        const from = addressToPerson.get(message.from.email!)!;
        insertEmail.run(uuid, tenant.tenantUuid, message.message_id, message.sent_at, message.subject, from, BENCH_NOW);
        insertParticipant.run(tenant.tenantUuid, uuid, from, "from");
        for (const recipient of message.to ?? []) insertParticipant.run(tenant.tenantUuid, uuid, addressToPerson.get(recipient.email!)!, "to");
      });
    })(),
  );
  database.close();

  const perEmail = (totalMs: number) => summarize(Array.from({ length: count }, () => totalMs / count));
  const subject = perEmail(subjectMs);
  const baseline = perEmail(baselineMs);
  const speedRatio = subject.opsPerSecond / baseline.opsPerSecond;
  return {
    id: "activity-ingest",
    title: "Email ingest",
    subject: { label: `store.emails.ingest, ${count} emails one by one`, summary: subject },
    baseline: { label: "raw prepared inserts, one transaction", summary: baseline },
    speedRatio,
    targets: [{ description: "ingest >= 0.25x raw inserts", met: speedRatio >= 0.25 }],
    figures: {},
    notes: ["per-email figures are the batch total divided by its size"],
  };
}
