/**
 * @module
 * Emails: idempotent ingest on message id, participants resolved to persons. A batch is one
 * transaction with set-based reads and writes (existing message ids, known persons and addresses,
 * email and participant rows, opportunity activity: a few statements for the whole batch), while
 * each item still succeeds or fails on its own: an item is validated before anything of it is
 * written, and the persons it creates are written under a savepoint.
 */
import { sql, type Kysely } from "kysely";
import type { Email, EmailBatchResult, EmailIngestResult, EmailSkippedResult, NewEmail, ParticipantInput } from "../activity-records.js";
import type { Database } from "../database-schema.js";
import { ConflictError, InvalidInputError } from "../errors.js";
import type { GraphChange } from "../graph/graph-change.js";
import { emailInteraction } from "../graph/interaction-records.js";
import { isParticipantAddress, normalizeEmail } from "../normalize.js";
import type { EmailRepository } from "../store.js";
import { recordOpportunityActivity } from "./opportunity-activity.js";
import { insertPerson } from "./person-repository.js";
import { isNameFromAddress, nameFromOffers } from "./names-from-addresses.js";
import { assertNonBlankText, assertRequiredFields } from "./required-fields.js";
import { withTransaction, type RepositoryContext } from "./repository-context.js";
import { tenantOnly } from "./tenant-filter.js";
import { chunksOf } from "./chunks-of.js";
import { messageIdForms } from "./message-id-forms.js";
import { createEmailReads } from "./email-reads.js";
import { mergedAwayNote, mergedAwayPersons } from "./merged-away-persons.js";
import { ERASED_ON_REQUEST, erasedAddressesAmong } from "../erasure/erased-identifiers.js";
import { emailItemRefusal } from "../request-checks/email-item-refusal.js";


/**
 * Stored emails by message id as stored, with their recipients in participant-key order (person uuid). Each id
 * is also looked for in its other form (`messageIdForms`): find a message with {@link storedUnder}.
 */
async function loadEmails(db: Kysely<Database>, tenantUuid: string, messageIds: readonly string[]): Promise<Map<string, Email>> {
  const emails = new Map<string, Email>();
  for (const chunk of chunksOf([...new Set(messageIds.flatMap(messageIdForms))])) {
    const rows = await db.selectFrom("emails").selectAll().where("tenant_uuid", "=", tenantUuid).where("message_id", "in", chunk).execute();
    if (rows.length === 0) continue;
    const participants = await db
      .selectFrom("email_participants")
      .select(["email_uuid", "person_uuid", "role"])
      .where("email_uuid", "in", rows.map((row) => row.uuid))
      .orderBy("email_uuid")
      .orderBy("person_uuid")
      .orderBy("role")
      .execute();
    const byUuid = new Map<string, Email>();
    for (const row of rows) {
      const email: Email = {
        uuid: row.uuid,
        message_id: row.message_id,
        sent_at: Number(row.sent_at),
        subject: row.subject,
        from_person_uuid: row.from_person_uuid,
        to_person_uuids: [],
        cc_person_uuids: [],
      };
      byUuid.set(row.uuid, email);
      emails.set(row.message_id, email);
    }
    for (const participant of participants) {
      const email = byUuid.get(participant.email_uuid)!;
      if (participant.role === "to") email.to_person_uuids.push(participant.person_uuid);
      else if (participant.role === "cc") email.cc_person_uuids.push(participant.person_uuid);
    }
  }
  return emails;
}

/**
 * A participant as validated: an existing person, or an address that may still need a person, with the name it
 * gives (the display name, else the address) and whether that name says no more than the address; or an address
 * an erasure remembers, left out as if absent.
 */
type PlannedParticipant = { person: string } | { address: string; name: string; nameFromAddress: boolean } | { erased: true };

/** What the batch already knows about persons: by uuid (live ones) and by address. */
interface Directory {
  liveUuids: Set<string>;
  byAddress: Map<string, string>;
  /** Of the uuids named that are not live, those a merge removed: the person each went to. */
  mergedInto: Map<string, string>;
  /** Of the addresses no person has, those an erasure remembers (migration 0060). */
  erased: Set<string>;
}

/** Sender first; an item without one is refused before its participants are planned, but its lookups come first. */
const participantsOf = (input: NewEmail): ParticipantInput[] => [...(input.from ? [input.from] : []), ...(input.to ?? []), ...(input.cc ?? [])];

async function loadDirectory(db: Kysely<Database>, tenantUuid: string, inputs: readonly NewEmail[]): Promise<Directory> {
  const uuids = new Set<string>();
  const addresses = new Set<string>();
  for (const input of inputs) {
    for (const participant of participantsOf(input)) {
      if (participant.person_uuid) uuids.add(participant.person_uuid.toLowerCase());
      else {
        const address = normalizeEmail(participant.email ?? "");
        if (isParticipantAddress(address)) addresses.add(address);
      }
    }
  }
  const directory: Directory = { liveUuids: new Set(), byAddress: new Map(), mergedInto: new Map(), erased: new Set() };
  for (const chunk of chunksOf([...uuids])) {
    const rows = await db.selectFrom("persons").select("uuid").where(tenantOnly("tenant_uuid"), "=", tenantUuid).where("uuid", "in", chunk).where("deleted_at", "is", null).execute();
    for (const row of rows) directory.liveUuids.add(row.uuid);
  }
  const notLive = [...uuids].filter((uuid) => !directory.liveUuids.has(uuid));
  if (notLive.length > 0) directory.mergedInto = await mergedAwayPersons(db, tenantUuid, notLive);
  for (const chunk of chunksOf([...addresses])) {
    const rows = await db.selectFrom("person_emails").select(["address", "person_uuid"]).where("tenant_uuid", "=", tenantUuid).where("address", "in", chunk).execute();
    for (const row of rows) directory.byAddress.set(row.address, row.person_uuid);
  }
  // One lookup for the batch's unknown addresses, by the erased digests' key.
  directory.erased = await erasedAddressesAmong(db, tenantUuid, [...addresses].filter((address) => !directory.byAddress.has(address)));
  return directory;
}

/** Validates every participant of an item, in order (sender, to, cc), without writing anything. */
function planParticipants(input: NewEmail, directory: Directory): PlannedParticipant[] {
  return participantsOf(input).map((participant) => {
    if (participant.person_uuid) {
      const uuid = participant.person_uuid.toLowerCase();
      if (!directory.liveUuids.has(uuid)) throw new InvalidInputError(`person ${participant.person_uuid} not found${mergedAwayNote(directory.mergedInto.get(uuid))}`);
      return { person: uuid };
    }
    const address = normalizeEmail(participant.email ?? "");
    if (!isParticipantAddress(address)) {
      throw new InvalidInputError(`participant '${participant.email ?? ""}' is neither a person_uuid nor an email address`);
    }
    if (directory.erased.has(address)) return { erased: true };
    const name = participant.name?.trim() || address;
    return { address, name, nameFromAddress: isNameFromAddress(name, [address]) };
  });
}

/**
 * Why an email whose participants lost erased addresses is not stored, as an erasure deletes one: its sender was
 * erased, or it would name fewer than two persons. Null when it is stored (an email that named one person alone
 * to begin with is stored as before).
 */
function skippedForErasure(plan: readonly PlannedParticipant[]): EmailSkippedResult | null {
  if (!plan.some((participant) => "erased" in participant)) return null;
  if ("erased" in plan[0]!) return { status: "SKIPPED", reason: `not stored: its sender's address ${ERASED_ON_REQUEST}` };
  const left = new Set(plan.flatMap((participant) => ("person" in participant ? [participant.person] : "address" in participant ? [participant.address] : [])));
  if (left.size >= 2) return null;
  return { status: "SKIPPED", reason: `not stored: without the addresses that ${ERASED_ON_REQUEST.replace(/^was/, "were")}, it names fewer than two persons` };
}

/**
 * Offers a re-sent message's display names to the known persons of its addresses, first offer kept: a `DUPLICATE`
 * stores and creates nothing, but names a person whose name was derived from an address as a new message would
 * (re-importing mail stored before migration 0058 names its senders). Participants ingest would refuse are passed over.
 */
function offerNamesOfDuplicate(input: NewEmail, directory: Directory, offers: Map<string, string>): void {
  for (const participant of participantsOf(input)) {
    if (participant.person_uuid) continue;
    const address = normalizeEmail(participant.email ?? "");
    const person = directory.byAddress.get(address);
    const name = participant.name?.trim() ?? "";
    if (person !== undefined && !offers.has(person) && !isNameFromAddress(name, [address])) offers.set(person, name);
  }
}

/** The email stored under `messageId` or its other form (the form given first, where an older store holds both). */
function storedUnder(emails: ReadonlyMap<string, Email>, messageId: string): Email | undefined {
  for (const form of messageIdForms(messageId)) {
    const email = emails.get(form);
    if (email) return email;
  }
  return undefined;
}

export function createEmailRepository(context: RepositoryContext): EmailRepository {
  const { db, now, generateId, emit } = context;

  async function ingestMany(tenantUuid: string, inputs: readonly NewEmail[]): Promise<EmailBatchResult[]> {
    // Graph changes wait for the commit (and those of an item rolled back to its savepoint are dropped).
    const held: GraphChange[] = [];
    const results = await withTransaction(db, async (transaction): Promise<EmailBatchResult[]> => {
      const messageIds = inputs.map((input) => (typeof input?.message_id === "string" ? input.message_id.trim() : ""));
      const known = await loadEmails(transaction, tenantUuid, messageIds);
      const directory = await loadDirectory(transaction, tenantUuid, inputs);
      const results: EmailBatchResult[] = [];
      const emailRows: Array<Database["emails"]> = [];
      const participantRows: Array<Database["email_participants"]> = [];
      const activity = new Map<string, number>();
      /** The first real display name each address's person is given in the batch's stored and duplicate items, in order. */
      const nameOffers = new Map<string, string>();

      /** Creates the persons an item's new addresses need, all or none. */
      async function createPersons(plan: PlannedParticipant[]): Promise<void> {
        const missing = new Map<string, { name: string; nameFromAddress: boolean }>();
        for (const participant of plan) {
          if ("address" in participant && !directory.byAddress.has(participant.address) && !missing.has(participant.address)) {
            missing.set(participant.address, participant);
          }
        }
        if (missing.size === 0) return;
        const itemChanges: GraphChange[] = [];
        const scoped = { ...context, db: transaction, emit: (_tenant: string, change: GraphChange) => void itemChanges.push(change) };
        await sql`savepoint email_ingest_item`.execute(transaction);
        try {
          const created = new Map<string, string>();
          for (const [address, { name, nameFromAddress }] of missing) {
            created.set(address, (await insertPerson(scoped, { tenant_uuid: tenantUuid, name, emails: [address] }, { nameFromAddress, erasureChecked: true })).uuid);
          }
          await sql`release savepoint email_ingest_item`.execute(transaction);
          for (const [address, uuid] of created) directory.byAddress.set(address, uuid);
          held.push(...itemChanges);
        } catch (error) {
          await sql`rollback to savepoint email_ingest_item`.execute(transaction);
          await sql`release savepoint email_ingest_item`.execute(transaction);
          throw error;
        }
      }

      for (const [index, input] of inputs.entries()) {
        const refusal = emailItemRefusal(input);
        if (refusal !== null) {
          results.push({ status: "ERROR", error: refusal });
          continue;
        }
        try {
          assertRequiredFields(input, ["message_id", "sent_at", "from"], "emails.ingest");
          assertNonBlankText(input.message_id, "message_id", "emails.ingest");
        } catch (error) {
          results.push({ status: "ERROR", error: error as InvalidInputError });
          continue;
        }
        const messageId = messageIds[index]!;
        const existing = storedUnder(known, messageId);
        if (existing) {
          offerNamesOfDuplicate(input, directory, nameOffers);
          results.push({ status: "DUPLICATE", email: existing });
          continue;
        }
        let people: string[];
        /** How many recipients of `to` are left once erased addresses are. */
        let toCount = input.to?.length ?? 0;
        try {
          const planned = planParticipants(input, directory);
          const skipped = skippedForErasure(planned);
          if (skipped) {
            results.push(skipped);
            continue;
          }
          toCount -= planned.slice(1, 1 + toCount).filter((participant) => "erased" in participant).length;
          const plan = planned.filter((participant): participant is Exclude<PlannedParticipant, { erased: true }> => !("erased" in participant));
          await createPersons(plan);
          people = plan.map((participant) => ("person" in participant ? participant.person : directory.byAddress.get(participant.address)!));
          for (const [position, participant] of plan.entries()) {
            if ("address" in participant && !participant.nameFromAddress && !nameOffers.has(people[position]!)) nameOffers.set(people[position]!, participant.name);
          }
        } catch (error) {
          if (error instanceof InvalidInputError || error instanceof ConflictError) {
            results.push({ status: "ERROR", error });
            continue;
          }
          throw error;
        }
        const from = people[0]!;
        const to = [...new Set(people.slice(1, 1 + toCount))];
        const cc = [...new Set(people.slice(1 + toCount))].filter((person) => !to.includes(person));
        const uuid = generateId();
        emailRows.push({
          uuid,
          tenant_uuid: tenantUuid,
          message_id: messageId,
          sent_at: input.sent_at,
          subject: input.subject ?? null,
          from_person_uuid: from,
          created_at: now(tenantUuid),
        });
        const rows = [
          { person_uuid: from, role: "from" },
          ...to.map((person_uuid) => ({ person_uuid, role: "to" })),
          ...cc.map((person_uuid) => ({ person_uuid, role: "cc" })),
        ];
        for (const row of rows) participantRows.push({ ...row, tenant_uuid: tenantUuid, email_uuid: uuid, sent_at: input.sent_at });
        // An email that reaches no one but its sender is no interaction (`lastActivityOfPersons`): it raises nothing.
        if ([...to, ...cc].some((person) => person !== from)) {
          for (const row of rows) activity.set(row.person_uuid, Math.max(activity.get(row.person_uuid) ?? Number.NEGATIVE_INFINITY, input.sent_at));
        }
        // Recipients in participant-key order, as a stored email is read back.
        const email: Email = {
          uuid,
          message_id: messageId,
          sent_at: input.sent_at,
          subject: input.subject ?? null,
          from_person_uuid: from,
          to_person_uuids: [...to].sort(),
          cc_person_uuids: [...cc].sort(),
        };
        known.set(messageId, email);
        results.push({ status: "CREATED", email });
      }

      for (const chunk of chunksOf(emailRows)) await transaction.insertInto("emails").values(chunk).execute();
      for (const chunk of chunksOf(participantRows)) await transaction.insertInto("email_participants").values(chunk).execute();
      await recordOpportunityActivity(transaction, tenantUuid, activity, now());
      // Last, so a person created from a bare address by one item is named by a later item of the batch.
      await nameFromOffers(transaction, tenantUuid, nameOffers, now(tenantUuid));
      return results;
    });
    for (const change of held) emit(tenantUuid, change);
    for (const result of results) {
      if (result.status === "CREATED") emit(tenantUuid, { type: "upsert-interaction", interaction: emailInteraction(result.email) });
    }
    return results;
  }

  return {
    async ingest(tenantUuid, input): Promise<EmailIngestResult> {
      const [result] = await ingestMany(tenantUuid, [input]);
      if (result!.status === "ERROR") throw result!.error;
      if (result!.status === "SKIPPED") throw new ConflictError(result!.reason);
      return result!;
    },
    ingestMany,
    async get(tenantUuid, messageId) {
      return storedUnder(await loadEmails(db, tenantUuid, [messageId]), messageId) ?? null;
    },
    ...createEmailReads(context),
  };
}
