/** POST /v1/notes/batch: attaches notes to persons (the last step of a bulk import), item by item. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { noteSchema, presentNote } from "../../presenters/note-presenter.js";
import { noteFields } from "./note-body.js";

export const MAX_NOTES_PER_BATCH = 100;

export const createNotesBatch = defineOperation({
  operationId: "createNotesBatch",
  method: "post",
  path: "/v1/notes/batch",
  area: "Note",
  summary: "Attach notes to persons in bulk",
  description:
    `Creates up to ${MAX_NOTES_PER_BATCH} notes, each linked to a person by UUID (e.g. the results of POST /v1/persons/batch). Items are independent: each is created on its own, and one that fails (a person not in the tenant) gets status ERROR without failing the batch. ` +
    "results has one entry per item, in input order. The notes are owned by the calling user.",
  body: z
    .object({
      items: z
        .array(
          z
            .object({
              person_uuid: uuidString("The person to attach the note to."),
              title: noteFields.title.optional(),
              content: noteFields.content,
            })
            .strict(),
        )
        .min(1)
        .max(MAX_NOTES_PER_BATCH)
        .describe(`The notes, at most ${MAX_NOTES_PER_BATCH}.`),
    })
    .strict(),
  response: z.object({
    results: z
      .array(
        z.object({
          status: z.enum(["CREATED", "ERROR"]).describe("CREATED: the note exists now; ERROR: nothing was written for this item."),
          person_uuid: z.string().describe("The item's person_uuid, echoed."),
          note: noteSchema.nullable().describe("The created note; null on ERROR."),
          error: z.string().nullable().describe("Why the item failed; null when CREATED."),
        }),
      )
      .describe("One result per input item, in input order."),
  }),
  example: { body: { items: [{ person_uuid: "6f1c2a34-0000-4000-8000-000000000004", content: "Imported from the CRM export." }] } },
  async handler({ body, auth, services }) {
    const { store } = services;
    const viewer = viewerOf(auth);
    const existing = await store.records.existing(auth.tenant.uuid, "PERSON", body.items.map((item) => item.person_uuid), viewer);
    const results = [];
    for (const item of body.items) {
      if (!existing.has(item.person_uuid)) {
        results.push({ status: "ERROR" as const, person_uuid: item.person_uuid, note: null, error: `person ${item.person_uuid} not found` });
        continue;
      }
      const note = await store.notes.create(
        {
          tenant_uuid: auth.tenant.uuid,
          title: item.title,
          content: item.content,
          owner_user_uuid: auth.user?.uuid ?? null,
          associations: [{ entity_type: "PERSON", entity_uuid: item.person_uuid }],
        },
        viewer,
      );
      results.push({ status: "CREATED" as const, person_uuid: item.person_uuid, note: presentNote(note), error: null });
    }
    return { results };
  },
});
