/** Emails into `store.emails.ingest` (idempotent on message id); a dry run asks the store instead. */
import { canonicalMessageId } from "@rapport/store";
import { countAddresses, countSkip, type BatchContext, type PositionedItem } from "./batch-context.js";
import { ERASED_ADDRESS_SKIP, leftOutForErasure, withoutErased } from "./erased-participants.js";
import type { ImportedEmail } from "./imported-items.js";

function addressesOf(email: ImportedEmail): string[] {
  return [email.from, ...email.to, ...email.cc].map((address) => address.email);
}

export async function writeEmails(context: BatchContext, entries: ReadonlyArray<PositionedItem<ImportedEmail>>): Promise<void> {
  const { store, tenantUuid, dryRun, state, counts } = context;
  const addresses = [...new Set(entries.flatMap(({ item }) => addressesOf(item)))];
  const known = await store.persons.findByEmails(tenantUuid, addresses);
  // One lookup for the batch: an address an erasure remembers gets no person, as the store decides.
  const erased = await store.persons.erasedAddresses(tenantUuid, addresses.filter((address) => !known.has(address)));
  for (const { item } of entries) {
    if (leftOutForErasure(addressesOf(item), erased, withoutErased([item.from.email], erased).length === 0)) {
      countSkip(context, ERASED_ADDRESS_SKIP);
      continue;
    }
    let isNew: boolean;
    const storedBefore = item.former_message_id === undefined ? null : await store.emails.get(tenantUuid, item.former_message_id);
    if (storedBefore !== null) {
      // Stored under the stand-in an earlier import derived from its Date as read then: the same message, known.
      isNew = false;
      if (!dryRun && context.keepBodies && item.body_text && context.mayAddEmailBody(storedBefore)) await store.emailBodies.put(tenantUuid, storedBefore.uuid, item.body_text);
    } else if (dryRun) {
      // `<id@host>` and `id@host` are one message to the store, so one key here (the real run sees a DUPLICATE).
      const key = canonicalMessageId(item.message_id);
      isNew = !state.messageIds.has(key) && (await store.emails.get(tenantUuid, item.message_id)) === null;
      state.messageIds.add(key);
    } else {
      const { status, email } = await store.emails.ingest(tenantUuid, {
        message_id: item.message_id,
        sent_at: item.sent_at,
        subject: item.subject,
        from: item.from,
        to: item.to,
        cc: item.cc,
      });
      isNew = status === "CREATED";
      // The body is the correspondence itself: a member's upload does not give one to another's email.
      if (context.keepBodies && item.body_text && (isNew || context.mayAddEmailBody(email))) await store.emailBodies.put(tenantUuid, email.uuid, item.body_text);
    }
    if (isNew) {
      counts.emails.new += 1;
      counts.written += 1;
      countAddresses(context, known, withoutErased(addressesOf(item), erased));
    } else {
      counts.emails.known += 1;
      counts.unchanged += 1;
    }
  }
}
