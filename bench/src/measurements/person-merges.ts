/**
 * @module
 * Person merges through the store with the tenant's graph hydrated (what `POST /v1/persons/{uuid}/merge`
 * runs), against hand-written SQL moving the same rows. Each merge folds a duplicate into an existing
 * contact: a person the row creates with an address of its own, who sent and received a few emails (one of
 * them to both persons, so a participant row is de-duplicated) and attended a meeting with a user. The
 * contacts are drawn as the generated activity is (a few busy ones, a long tail), so busy canonical persons
 * are among them.
 *
 * Each pair is first previewed, untimed (both sides then find its rows' pages read); then the baseline runs
 * in a transaction of its own connection and is rolled back; then a preview is timed (the store's
 * transaction alone, rolled back: `previewMs`); then the real merge, timed up to the graph's change being
 * applied (the next `graphs.forTenant`). The baseline keeps no opportunity dates, merge history or graph:
 * the ratio is what those cost on top of moving the rows.
 */
import SqliteDatabase from "better-sqlite3";
import type { NewEmail, Store } from "@rapport/store";
import type { MeasurementResult } from "../measurement.js";
import { createRandom, createZipfSampler } from "../random.js";
import { BENCH_NOW, type SyntheticTenant } from "../generate-tenant.js";
import { summarize } from "../statistics.js";

const DAY_MS = 86_400_000;

/** A contact and the duplicate the row made of it. */
export interface MergePair {
  canonicalUuid: string;
  duplicateUuid: string;
}

/** `count` distinct contacts, drawn busiest-first as the generated activity is. */
function drawContacts(tenant: SyntheticTenant, count: number, seed: number): string[] {
  const random = createRandom(seed);
  const pick = createZipfSampler(tenant.personUuids.length, 1.05, random);
  const chosen = new Set<string>();
  while (chosen.size < Math.min(count, tenant.personUuids.length)) chosen.add(tenant.personUuids[pick()]!);
  return [...chosen];
}

/** Creates each contact's duplicate and its activity through the store (untimed). */
export async function makeDuplicates(store: Store, tenant: SyntheticTenant, contacts: readonly string[], tag: string, seed: number): Promise<MergePair[]> {
  const random = createRandom(seed);
  const tenantUuid = tenant.tenantUuid;
  const pairs: MergePair[] = [];
  const messages: NewEmail[] = [];
  for (const [index, canonicalUuid] of contacts.entries()) {
    const address = `duplicate-${tag}-${index}@personal.example`;
    const duplicate = await store.persons.create({ tenant_uuid: tenantUuid, name: `Duplicate ${tag} ${index}`, emails: [address] });
    pairs.push({ canonicalUuid, duplicateUuid: duplicate.uuid });
    const user = { email: `user${random.integer(0, tenant.userUuids.length - 1)}@bench-capital.example` };
    const at = (days: number) => BENCH_NOW - days * DAY_MS;
    messages.push(
      { message_id: `<merge-${tag}-${index}-a@bench.example>`, sent_at: at(random.integer(1, 300)), subject: "Hello", from: user, to: [{ email: address }] },
      { message_id: `<merge-${tag}-${index}-b@bench.example>`, sent_at: at(random.integer(1, 300)), subject: "Re: Hello", from: { email: address }, to: [user] },
      {
        message_id: `<merge-${tag}-${index}-c@bench.example>`,
        sent_at: at(random.integer(1, 300)),
        subject: "To both",
        from: user,
        to: [{ email: address }, { person_uuid: canonicalUuid }],
      },
    );
    await store.meetings.create(tenantUuid, {
      title: `Meeting ${tag} ${index}`,
      starts_at: at(random.integer(1, 300)),
      status: "confirmed",
      organizer: user,
      attendees: [user, { email: address }],
    });
  }
  const results = await store.emails.ingestMany(tenantUuid, messages);
  const failed = results.find((result) => result.status !== "CREATED");
  if (failed) throw new Error(`store.emails.ingestMany: a duplicate's email was ${failed.status}`);
  return pairs;
}

/** The baseline's merges, on a connection of its own. */
export interface RawMerger {
  /** Moves the pair's rows and rolls them back; ms of the moves. */
  merge(pair: MergePair, inspect?: (database: SqliteDatabase.Database) => void): number;
  close(): void;
}

/**
 * The hand-written merge: the same moves, each through an index (the sender and the organizer through the
 * duplicate's participant rows), in one transaction on a connection of its own, rolled back; ms of the moves.
 * `inspect` reads the moved rows on that connection before the rollback.
 */
export function rawMerger(databasePath: string, tenantUuid: string): RawMerger {
  const database = new SqliteDatabase(databasePath);
  database.pragma("synchronous = NORMAL");
  const statements = [
    "update person_emails set person_uuid = @canonical, is_primary = 0 where tenant_uuid = @tenant and person_uuid = @superseded",
    "update affiliations set person_uuid = @canonical where tenant_uuid = @tenant and person_uuid = @superseded",
    `update emails set from_person_uuid = @canonical where tenant_uuid = @tenant and from_person_uuid = @superseded
       and uuid in (select email_uuid from email_participants where tenant_uuid = @tenant and person_uuid = @superseded and role = 'from')`,
    `update meetings set organizer_person_uuid = @canonical where tenant_uuid = @tenant and organizer_person_uuid = @superseded
       and uuid in (select meeting_uuid from meeting_attendees where tenant_uuid = @tenant and person_uuid = @superseded)`,
    `delete from email_participants where tenant_uuid = @tenant and person_uuid = @superseded and exists (select 1 from email_participants other
       where other.email_uuid = email_participants.email_uuid and other.role = email_participants.role and other.person_uuid = @canonical)`,
    "update email_participants set person_uuid = @canonical where tenant_uuid = @tenant and person_uuid = @superseded",
    `delete from meeting_attendees where tenant_uuid = @tenant and person_uuid = @superseded and exists (select 1 from meeting_attendees other
       where other.meeting_uuid = meeting_attendees.meeting_uuid and other.person_uuid = @canonical)`,
    "update meeting_attendees set person_uuid = @canonical where tenant_uuid = @tenant and person_uuid = @superseded",
    "update associations set entity_uuid = @canonical where tenant_uuid = @tenant and entity_type = 'PERSON' and entity_uuid = @superseded",
    "update opportunities set intro_person_uuid = @canonical where tenant_uuid = @tenant and intro_person_uuid = @superseded",
    "update persons set deleted_at = @now, merged_into_uuid = @canonical where tenant_uuid = @tenant and uuid = @superseded",
  ].map((text) => database.prepare(text));
  const begin = database.prepare("begin");
  const rollback = database.prepare("rollback");
  return {
    merge(pair, inspect) {
      const parameters = { tenant: tenantUuid, canonical: pair.canonicalUuid, superseded: pair.duplicateUuid, now: BENCH_NOW };
      begin.run();
      try {
        const started = performance.now();
        for (const statement of statements) statement.run(parameters);
        const elapsed = performance.now() - started;
        inspect?.(database);
        return elapsed;
      } finally {
        rollback.run();
      }
    },
    close: () => database.close(),
  };
}

export interface PersonMergesOptions {
  store: Store;
  databasePath: string;
  tenant: SyntheticTenant;
  count: number;
}

/** The person-merges row: `count` duplicates merged into drawn contacts, each beside the hand-written moves. */
export async function measurePersonMerges(options: PersonMergesOptions): Promise<MeasurementResult> {
  const { store, databasePath, tenant, count } = options;
  const tenantUuid = tenant.tenantUuid;
  await store.graphs.forTenant(tenantUuid);
  const contacts = drawContacts(tenant, count, 131);
  const pairs = await makeDuplicates(store, tenant, contacts, "bench", 132);
  const merge = (pair: MergePair, preview: boolean) =>
    store.personMerges.merge({ tenant_uuid: tenantUuid, canonical_uuid: pair.canonicalUuid, superseded_uuid: pair.duplicateUuid, preview, merged_by_user_uuid: null });
  const raw = rawMerger(databasePath, tenantUuid);
  const mergeMs: number[] = [];
  const previewMs: number[] = [];
  const baselineMs: number[] = [];
  try {
    for (const pair of pairs) {
      await merge(pair, true);
      baselineMs.push(raw.merge(pair));
      let started = performance.now();
      await merge(pair, true);
      previewMs.push(performance.now() - started);
      started = performance.now();
      const outcome = await merge(pair, false);
      await store.graphs.forTenant(tenantUuid);
      mergeMs.push(performance.now() - started);
      if (outcome.moved.activity === 0) throw new Error(`merge of ${pair.duplicateUuid} into ${pair.canonicalUuid} moved no activity`);
    }
  } finally {
    raw.close();
  }
  const subject = summarize(mergeMs);
  const baseline = summarize(baselineMs);
  const preview = summarize(previewMs);
  return {
    id: "person-merges",
    title: "Person merges (store and graph)",
    subject: { label: `store.personMerges.merge of ${pairs.length} duplicates into contacts drawn busiest-first, the graph hydrated, until its change is applied`, summary: subject },
    baseline: { label: "hand-written SQL moving the same rows through the same indexes, one transaction, rolled back", summary: baseline },
    speedRatio: baseline.medianMs / subject.medianMs,
    targets: [],
    figures: { previewMs: preview.medianMs, previewP95Ms: preview.p95Ms },
    notes: [
      "each duplicate sent and received emails (one to both persons) and attended a meeting with a user; its contact is drawn as the generated activity is",
      "each pair previewed once first, untimed; previewMs: the store's merge alone, rolled back (no graph change)",
      "the baseline keeps no opportunity dates, merge history or graph: the ratio is what those cost on top of the moves",
    ],
  };
}
