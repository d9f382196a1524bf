/** POST /v1/notes/batch: attaches notes to persons (the last step of a bulk import), item by item in one transaction. */
import { InvalidInputError, mergedAwayNote, type Note } from "@rapport/store";
import { z } from "zod";
import { batchItem, itemError, type BatchItem } from "../../operations/batch-item.js";
import { batchStatusCountSchema, countBatchStatuses } from "../../operations/batch-status-counts.js";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { noteSchema, presentNote } from "../../presenters/note-presenter.js";
import { noteFields } from "./note-body.js";

export const MAX_NOTES_PER_BATCH = 100;

/** CREATED: the note exists now; ERROR: the item's problem, nothing written for it. */
export const NOTE_BATCH_STATUSES = ["CREATED", "ERROR"] as const;
export type NoteBatchStatus = (typeof NOTE_BATCH_STATUSES)[number];

const noteItemSchema = z.strictObject({
  person_uuid: uuidString("The person to attach the note to."),
  title: noteFields.title.optional(),
  content: noteFields.content,
});

type NoteItem = z.output<typeof noteItemSchema>;

/** The person_uuid an invalid item sent, when it sent one as text, so its result can echo it. */
function sentPersonUuid(sent: unknown): string | null {
  if (typeof sent !== "object" || sent === null) return null;
  const value = (sent as { person_uuid?: unknown }).person_uuid;
  return typeof value === "string" ? value : null;
}

export const createNotesBatch = defineOperation({
  operationId: "createNotesBatch",
  method: "post",
  path: "/v1/notes/batch",
  area: "Note",
  summary: "Attach notes to persons in bulk",
  description:
    `Creates up to ${MAX_NOTES_PER_BATCH} notes, each linked to a person by UUID (e.g. the results of POST /v1/persons/batch). Items are independent: each is created on its own, and one that fails gets status ERROR with the reason and writes nothing, without failing the batch; an item fails when it is invalid (content missing or blank, a person_uuid that is not a UUID, an unknown field) or its person is not in the tenant. A body without an items array of 1 to ${MAX_NOTES_PER_BATCH} entries is a 400. The batch is written as one: a 503 (or any 5xx) stored no note of it, so send the same batch again. ` +
    "results has one entry per item, in input order; created and errors count its CREATED and ERROR entries. The notes are owned by the calling user.",
  body: z
    .object({
      items: z
        .array(batchItem(noteItemSchema))
        .min(1)
        .max(MAX_NOTES_PER_BATCH)
        .describe(`The notes, at most ${MAX_NOTES_PER_BATCH}.`),
    })
    .strict(),
  response: z.object({
    results: z
      .array(
        z.object({
          index: z.number().int().describe("Position of the item in the request, from 0."),
          status: z.enum(NOTE_BATCH_STATUSES).describe("CREATED: the note exists now; ERROR: nothing was written for this item."),
          person_uuid: z.string().nullable().describe("The item's person_uuid, echoed; null when an invalid item sent none as text."),
          note: noteSchema.nullable().describe("The created note; null on ERROR."),
          error: z.string().nullable().describe("Why the item failed; null when CREATED."),
        }),
      )
      .describe("One result per input item, in input order."),
    created: batchStatusCountSchema("CREATED"),
    errors: batchStatusCountSchema("ERROR"),
  }),
  example: { body: { items: [{ person_uuid: "6f1c2a34-0000-4000-8000-000000000004", content: "Imported from the CRM export." }] } },
  async handler({ body, auth, services, http }) {
    const viewer = viewerOf(auth);
    const items = body.items as BatchItem<NoteItem>[];
    // One transaction for the batch, each note a savepoint of it: a failure of the write itself (another process
    // holding the lock past the wait, a full disk) leaves no note, so the 503 that says to retry is true. Notes
    // committed one by one were kept before such a 503, and the retry wrote each of them a second time.
    const results = await services.store.transaction(async (store) => {
      const valid = items.flatMap((item) => (item.ok ? [item.input.person_uuid] : []));
      const existing = await store.records.existing(auth.tenant.uuid, "PERSON", valid, viewer);
      const results = [];
      for (const [index, item] of items.entries()) {
        if (!item.ok) {
          results.push({ index, status: "ERROR" as const, person_uuid: sentPersonUuid(item.sent), note: null, error: itemError(item, http) });
          continue;
        }
        const { person_uuid, title, content } = item.input;
        const personMissing = async () => ({
          index,
          status: "ERROR" as const,
          person_uuid,
          note: null,
          error: `person ${person_uuid} not found${mergedAwayNote(await store.personMerges.mergedInto(auth.tenant.uuid, person_uuid))}`,
        });
        if (!existing.has(person_uuid)) {
          results.push(await personMissing());
          continue;
        }
        let note: Note;
        try {
          note = await store.transaction((itemStore) =>
            itemStore.notes.create(
              {
                tenant_uuid: auth.tenant.uuid,
                title,
                content,
                owner_user_uuid: auth.user?.uuid ?? null,
                associations: [{ entity_type: "PERSON", entity_uuid: person_uuid }],
              },
              viewer,
            ),
          );
        } catch (error) {
          // The note's own transaction refused its person (the check above reads in the same transaction, so this
          // is a safeguard); the savepoint undid the note alone.
          if (!(error instanceof InvalidInputError)) throw error;
          results.push(await personMissing());
          continue;
        }
        results.push({ index, status: "CREATED" as const, person_uuid, note: presentNote(note), error: null });
      }
      return results;
    });
    return { results, ...countBatchStatuses(results, { created: "CREATED", errors: "ERROR" }) };
  },
});
