/** The note record as the API shows it. */
import type { Note } from "@rapport/store";
import { z } from "zod";
import { epochMilliseconds } from "../platform/request/common-schemas.js";
import { actorSchema, presentUserActor } from "./actor-presenter.js";
import { associationRecordSchema, presentAssociationRecord } from "./association-presenter.js";

export const noteSchema = z
  .object({
    uuid: z.string(),
    title: z.string().nullable(),
    content: z.string().describe("The note's text."),
    owner: actorSchema.nullable().describe("The user who wrote it (who may change it, with administrators); null when written by a tenant-wide key."),
    associations: z.array(associationRecordSchema).describe("Records the note is linked to, from either side."),
    created_at: epochMilliseconds("Creation time."),
    updated_at: epochMilliseconds("Last change."),
  })
  .describe("A note.");

export function presentNote(note: Note): z.input<typeof noteSchema> {
  return {
    uuid: note.uuid,
    title: note.title,
    content: note.content,
    owner: presentUserActor(note.owner),
    associations: note.associations.map(presentAssociationRecord),
    created_at: note.created_at,
    updated_at: note.updated_at,
  };
}
