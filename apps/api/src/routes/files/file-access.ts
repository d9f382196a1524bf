/** Path parameter and lookups shared by the file operations. */
import type { StoredFile } from "@rapport/store";
import { z } from "zod";
import { mayModify, type AuthContext } from "../../platform/auth/auth-context.js";
import { forbidden, notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import type { AppServices } from "../../services.js";

export const filePathParams = z.object({ file_uuid: uuidString("The file's UUID.") });

export async function loadFile(services: AppServices, auth: AuthContext, fileUuid: string): Promise<StoredFile> {
  const file = await services.store.files.get(auth.tenant.uuid, fileUuid);
  if (!file) throw notFound(`file ${fileUuid} not found`);
  return file;
}

export function assertMayDeleteFile(auth: AuthContext, file: StoredFile): void {
  if (!mayModify(auth, file.uploaded_by?.user_uuid ?? null)) {
    throw forbidden("only the user who uploaded the file or an administrator may delete it");
  }
}
