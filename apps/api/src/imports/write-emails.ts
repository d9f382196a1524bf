/** Emails into `store.emails.ingest` (idempotent on message id); a dry run asks the store instead. */
import { canonicalMessageId } from "@rapport/store";
import { countAddresses, type BatchContext, type PositionedItem } from "./batch-context.js";
import type { ImportedEmail } from "./imported-items.js";

function addressesOf(email: ImportedEmail): string[] {
  return [email.from, ...email.to, ...email.cc].map((address) => address.email);
}

export async function writeEmails(context: BatchContext, entries: ReadonlyArray<PositionedItem<ImportedEmail>>): Promise<void> {
  const { store, tenantUuid, dryRun, state, counts } = context;
  const known = await store.persons.findByEmails(tenantUuid, [...new Set(entries.flatMap(({ item }) => addressesOf(item)))]);
  for (const { item } of entries) {
    let isNew: boolean;
    if (dryRun) {
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
      countAddresses(context, known, addressesOf(item));
    } else {
      counts.emails.known += 1;
      counts.unchanged += 1;
    }
  }
}
