/** Loading a note for a change: 404 when missing, 403 (per spec) for a member who does not own it. */
import type { Note } from "@rapport/store";
import { mayModify, type AuthContext } from "../../platform/auth/auth-context.js";
import { viewerOf } from "../../platform/auth/viewer.js";
import { forbidden, notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import type { AppServices } from "../../services.js";
import { z } from "zod";

export const notePathParams = z.object({ note_uuid: uuidString("The note's UUID.") });

export async function loadNote(services: AppServices, auth: AuthContext, noteUuid: string): Promise<Note> {
  const note = await services.store.notes.get(auth.tenant.uuid, noteUuid, viewerOf(auth));
  if (!note) throw notFound(`note ${noteUuid} not found`);
  return note;
}

export async function loadNoteForChange(services: AppServices, auth: AuthContext, noteUuid: string): Promise<Note> {
  const note = await loadNote(services, auth, noteUuid);
  if (!mayModify(auth, note.owner?.user_uuid ?? null)) {
    throw forbidden("only the note's owner or an administrator may change or delete it");
  }
  return note;
}
