/**
 * POST /v1/imports: upload one archive (multipart/form-data) and import it in the background.
 * The operation declares no JSON body: the handler reads the multipart form itself as it arrives, within
 * MAX_IMPORT_UPLOAD_BYTES, saving the file part to disk chunk by chunk.
 */
import { createWriteStream } from "node:fs";
import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { IMPORT_KINDS, type User } from "@rapport/store";
import type { Context } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-env.js";
import type { AppServices } from "../../services.js";
import type { AuthContext } from "../../platform/auth/auth-context.js";
import type { ImportJobs, UploadPlace } from "../../imports/import-jobs.js";
import { MAX_IMPORTS_PER_TENANT, type ImportSlot } from "../../imports/import-slots.js";
import type { UploadSpaceHold } from "../../imports/upload-space.js";
import { CSV_ENTITIES } from "../../imports/csv-entities.js";
import { checkOptionsApply, defaultWindow, IMPORT_OPTION_KINDS, ImportRequestError, type ImportRequest } from "../../imports/import-request.js";
import { ImportFormatError } from "../../imports/imported-items.js";
import { claimUploadIdempotencyKey, digestingStream, uploadKeyAnswered, type ComparedForm } from "../../operations/idempotent-uploads.js";
import { defineOperation } from "../../operations/operation.js";
import { firstIssueRefusal } from "../../operations/validate-input.js";
import { mayAddEmailBody } from "../emails/email-body-access.js";
import { mayChangeMeeting } from "../meetings/meeting-access.js";
import { ApiError, badRequest, forbidden } from "../../platform/errors/api-error.js";
import { booleanQuery } from "../../platform/request/common-schemas.js";
import { oneLine } from "../../platform/request/field-schemas.js";
import { parseIsoTimestamp, parseIsoWindowEnd } from "../../platform/request/iso-timestamp.js";
import { UUID_PATTERN } from "../../platform/request/uuid-pattern.js";
import { importJobSchema, presentImportJob } from "../../presenters/import-job-presenter.js";
import { MAX_COLUMN_MAPPINGS } from "../../platform/request/count-limits.js";
import { checkMultipartHead } from "../../platform/request/multipart-head.js";
import { readStreamedMultipartForm } from "../../platform/request/streamed-multipart-form.js";
import { MAX_COLUMN_MAPPING_LENGTH, MAX_DATE_TEXT_LENGTH } from "../../platform/request/field-limits.js";

/** Largest upload taken over HTTP (saved to disk as it arrives); larger archives go through `rapport import`. */
export const MAX_IMPORT_UPLOAD_BYTES = 100 * 1024 * 1024;

const flag = (description: string) => booleanQuery(description).optional().describe(description);

const isoDate = (description: string, parse = parseIsoTimestamp) =>
  z
    .string()
    .max(MAX_DATE_TEXT_LENGTH)
    .transform((value, context) => {
      const time = parse(value);
      if (time === null) {
        context.addIssue({ code: "custom", message: `'${value.slice(0, 40)}' is not an ISO 8601 date or date-time` });
        return z.NEVER;
      }
      return time;
    })
    .optional()
    .describe(`${description} ISO 8601 date or date-time.`);

/** The form fields of the upload besides `file` (documented for clients; multipart is not JSON). */
export const importUploadFields = z
  .object({
    kind: z.enum(IMPORT_KINDS).describe("mbox (an mbox file, or one .eml message), ics, vcf or csv."),
    dry_run: flag("true: write nothing; the summary says what the import would do."),
    user_uuid: z.string().regex(UUID_PATTERN, "must be a UUID").optional().describe("mbox, ics: the internal user whose mailbox or calendar this is; defaults to the calling user. Refused with vcf and csv."),
    keep_bodies: flag("mbox: also keep plain-text bodies (headers only otherwise)."),
    since: isoDate("ics: window start (default 3 years ago)."),
    until: isoDate("ics: window end (default 6 months ahead); a date alone is the window's last day, included whole.", parseIsoWindowEnd),
    entity: z.enum(CSV_ENTITIES).optional().describe("csv: persons or companies (default: guessed from the header)."),
    map: z.array(z.string().max(MAX_COLUMN_MAPPING_LENGTH).superRefine(oneLine)).max(MAX_COLUMN_MAPPINGS).optional().describe("csv: column mapping, 'Header=field,Header=field' (the field may repeat)."),
  })
  .strict();


/** "100 MiB", or a byte count below one MiB. */
function describeSize(bytes: number): string {
  return bytes >= 1_048_576 ? `${+(bytes / 1_048_576).toFixed(2)} MiB` : `${bytes}-byte`;
}

/** The upload's file, saved where its job will read it, and the form's other fields. */
interface ReceivedUpload {
  file: { name: string; bytes: number } & UploadPlace;
  fields: Record<string, unknown>;
}

/** An upload received: its parts, and the form as an `Idempotency-Key` compares it (the file by its digest). */
interface ReceivedForm extends ReceivedUpload {
  compared: ComparedForm;
}

/** Where the file part goes as it arrives (digested on its way): the stream it is written to, and what was kept of it once written. */
type FileSink<Kept> = (filename: string) => Promise<{ stream: Writable; kept(): Kept }>;

/** A form read by readImportForm: its file part as its sink kept it, its text fields, and the form as a key compares it. */
interface ReadForm<Kept> {
  file: Kept;
  fields: Record<string, unknown>;
  compared: ComparedForm;
}

/**
 * Reads the multipart form as it arrives, writing its `file` part to the stream `sink` opens; fails with 413 as soon
 * as the body goes over `maxBytes` (declared or streamed), with 408 when it arrives slower than `minimumUploadRate`,
 * with a 400 for a form an upload cannot be.
 */
async function readImportForm<Kept>(
  http: Context<AppEnv>,
  maxBytes: number,
  { bytesPerSecond, windowMilliseconds }: ImportJobs["minimumUploadRate"],
  sink: FileSink<Kept>,
): Promise<ReadForm<Kept>> {
  let fileParts = 0;
  const form = await readStreamedMultipartForm(http.req.raw, {
    maxBodyBytes: maxBytes,
    minimumRate: {
      bytesPerSecond,
      windowMilliseconds,
      tooSlow: () =>
        new ApiError(
          408,
          `the upload arrived slower than ${+(bytesPerSecond / 1024).toFixed(2)} KiB/s over ${+(windowMilliseconds / 1000).toFixed(3)} s, the slowest this server takes: send it over a faster link, or import it with the rapport import command`,
          // The rest of the body is not read: the connection cannot carry another request.
          { Connection: "close" },
        ),
    },
    tooLarge: () => new ApiError(413, `upload is larger than the ${describeSize(maxBytes)} limit; import larger archives with the rapport import command`),
    async saveFile({ field, filename, content }) {
      if (field !== "file") throw badRequest(field === "map" ? "form field 'map' must be sent as text" : `form field '${field}' must be given once, as text`);
      // Counted as the part arrives: a second one may come while the first is still being saved.
      if (++fileParts > 1) throw badRequest("form field 'file' must be given once: one archive an upload");
      const { stream, kept } = await sink(filename);
      // Digested as it is written: a key sent with it compares the file without reading it again.
      const digest = digestingStream();
      await pipeline(content, digest, stream);
      return { kept: kept(), sha256: digest.digest() };
    },
  });
  const part = form.files[0];
  const file = part?.saved;
  const texts = new Map<string, string[]>();
  for (const { name, value } of form.fields) texts.set(name, [...(texts.get(name) ?? []), value]);
  if (texts.has("file")) throw badRequest(file ? "form field 'file' must be given once: one archive an upload" : "form field 'file' is required: the archive to import, sent as a file");
  if (!file) throw badRequest("form field 'file' is required: the archive to import, sent as a file");
  const entries: Array<[string, unknown]> = [];
  for (const [name, values] of texts) {
    if (name === "map") entries.push([name, values]);
    else if (values.length > 1) throw badRequest(`form field '${name}' must be given once, as text`);
    else entries.push([name, values[0]]);
  }
  // Own properties whatever the name: assigned, a field named `__proto__` was dropped without a word.
  const fields: Record<string, unknown> = Object.fromEntries(entries);
  const compared = { fields: form.fields, files: [{ field: "file", filename: part!.filename, contentType: part!.mimeType, sha256: file.sha256 }] };
  return { file: file.kept, fields, compared };
}

/**
 * Reads the form (readImportForm), saving its `file` part in a place `prepareUpload` gives; a refused upload leaves
 * nothing behind.
 */
async function receiveUpload(
  http: Context<AppEnv>,
  maxBytes: number,
  uploads: Pick<ImportJobs, "prepareUpload" | "discardUpload" | "minimumUploadRate">,
): Promise<ReceivedForm> {
  let place: UploadPlace | null = null;
  try {
    return await readImportForm(http, maxBytes, uploads.minimumUploadRate, async (filename) => {
      const taken = await uploads.prepareUpload(filename);
      place = taken;
      const stream = createWriteStream(taken.path, { flags: "wx", mode: 0o600 });
      return { stream, kept: () => ({ name: filename, bytes: stream.bytesWritten, ...taken }) };
    });
  } catch (error) {
    if (place !== null) await uploads.discardUpload(place as UploadPlace);
    throw error;
  }
}

/** Takes bytes and keeps none: the file of a form read only to be compared. */
const discardingSink: FileSink<null> = async () => ({ stream: new Writable({ write: (_chunk, _encoding, done) => done() }), kept: () => null });

/**
 * For an upload refused before its body is read (`refusal`: the tenant's imports at the limit, the server's upload
 * space full): the kept answer when the upload is the retry of one answered already, read as a form only to be
 * compared with it (its file digested, not saved), so a client that lost its 202 gets the first job; else the
 * refusal, before a byte is read. The key with another form is a 422, as under the limit.
 */
async function keptAnswerOr(http: Context<AppEnv>, refusal: ApiError, maxBytes: number, uploads: Pick<ImportJobs, "minimumUploadRate">): Promise<Response> {
  if (!(await uploadKeyAnswered(http))) throw refusal;
  const { compared } = await readImportForm(http, maxBytes, uploads.minimumUploadRate, discardingSink);
  const kept = await claimUploadIdempotencyKey(http, compared);
  // Claimed: its answer expired as the form arrived. This request is refused, and the mount gives the key back.
  if (kept === null) throw refusal;
  return kept;
}

/** The 429 of an upload while the tenant's imports under way are at the limit. */
function tooManyImports(): ApiError {
  return new ApiError(
    429,
    `this workspace already has ${MAX_IMPORTS_PER_TENANT} imports under way on this server (uploads being received or jobs running): wait for one to finish (GET /v1/imports/{import_uuid}), then upload again`,
    { "Retry-After": String(TOO_MANY_IMPORTS_RETRY_SECONDS) },
  );
}

/** When to try again after tooManyImports: a job's heartbeat interval, the pace at which its progress shows. */
const TOO_MANY_IMPORTS_RETRY_SECONDS = 10;

/** The 503 of an upload the server's upload space cannot hold now (uploads of every tenant being received or imported). */
function uploadSpaceFull(limitBytes: number): ApiError {
  return new ApiError(
    503,
    `this server's space for import uploads (${describeSize(limitBytes)}, every workspace's uploads being received or imported) is full: upload again after Retry-After seconds`,
    { "Retry-After": String(UPLOAD_SPACE_RETRY_SECONDS) },
  );
}

/** When to try again after uploadSpaceFull: uploads end as their jobs do, which take a while. */
const UPLOAD_SPACE_RETRY_SECONDS = 30;

/**
 * The bytes an upload may put on disk, held before its body is read: its declared length, or the upload limit when
 * it declares none (chunked). None for a length over the limit: the form's reader refuses it (413) before writing.
 */
function uploadBytesToHold(request: Request, maxBytes: number): number {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (!Number.isFinite(declared) || declared < 0) return maxBytes;
  return declared > maxBytes ? 0 : declared;
}

export interface CreateImportOptions {
  /** Largest accepted request body, in bytes. */
  maxUploadBytes?: number;
}

/** What an import does and answers, in the words of the REST and the MCP descriptions. */
const IMPORT_KINDS_AND_JOB =
  "an mbox (or one .eml) into emails, an iCalendar file into meetings (recurrences expanded in the window, cancelled events and declined attendees left out), vCards or a CSV into persons or companies (matched or created). Answers 202 with the job; follow it with GET /v1/imports/{import_uuid}. A file that is not of the announced kind is a 400 at once. Re-importing the same archive adds nothing.";

/**
 * The operation, with its upload limit.
 *
 * @example
 * const operation = createImportOperation({ maxUploadBytes: 10 * 1024 * 1024 });
 */
export function createImportOperation({ maxUploadBytes = MAX_IMPORT_UPLOAD_BYTES }: CreateImportOptions = {}) {
  return defineOperation({
    operationId: "createImport",
    method: "post",
    // A calendar import rewrites and cancels the meetings it matches by UID.
    destructive: true,
    path: "/v1/imports",
    area: "Imports",
    summary: "Import an archive",
    description: `Uploads one archive as multipart/form-data (field \`file\`, at most ${describeSize(maxUploadBytes).replace("-byte", " bytes")}, plus the fields kind, dry_run, user_uuid, keep_bodies, since, until, entity, map) and imports it in the background: ${IMPORT_KINDS_AND_JOB}`,
    mcpDescription: `Uploads one archive, given under body.file as {filename, content_type, content_base64} with the fields kind, dry_run, user_uuid, keep_bodies, since, until, entity, map beside it (see the body argument for the size one call carries), and imports it in the background: ${IMPORT_KINDS_AND_JOB}`,
    multipart: {
      fields: {
        file: { kind: "file", description: "The archive: an mbox, an .eml, an .ics, a .vcf or a .csv file.", required: true },
        ...Object.fromEntries(
          Object.entries(importUploadFields.shape).map(([name, schema]) => [
            name,
            { kind: "text" as const, description: schema.description ?? name, required: name === "kind", repeatable: name === "map", schema },
          ]),
        ),
      },
    },
    successStatus: 202,
    response: importJobSchema,
    example: { form: { kind: "csv", dry_run: "true", map: ["Mail=email", "Org=company"] } },
    errors: [408, 413, 415],
    async handler({ auth, services, http }) {
      checkMultipartHead(http.req.raw, "send the archive as multipart/form-data with a 'file' field and a 'kind' field");
      // Taken before the body is read: reading it is what costs the memory.
      const place = services.importJobs.reserve(auth.tenant.uuid);
      if (place === null) return keptAnswerOr(http, tooManyImports(), maxUploadBytes, services.importJobs);
      // The disk the upload may take, all tenants' uploads together: refused before a byte is written.
      const space = services.importJobs.holdUploadSpace(uploadBytesToHold(http.req.raw, maxUploadBytes));
      if (space === null) {
        place.release();
        return keptAnswerOr(http, uploadSpaceFull(services.importJobs.uploadSpaceBytes), maxUploadBytes, services.importJobs);
      }
      // Both are given back when the job ends, or at once when the upload is refused.
      const slot: ImportSlot = {
        release() {
          place.release();
          space.release();
        },
      };
      try {
        return await acceptUpload({ auth, services, http, maxUploadBytes, slot, space });
      } catch (error) {
        slot.release();
        throw error;
      }
    },
  });
}

/**
 * Reads, checks and starts one upload under the import place and disk space `slot` holds (released by the job when it
 * ends), the space held as `space`.
 */
async function acceptUpload({
  auth,
  services,
  http,
  maxUploadBytes,
  slot,
  space,
}: {
  auth: AuthContext;
  services: AppServices;
  http: Context<AppEnv>;
  maxUploadBytes: number;
  slot: ImportSlot;
  space: UploadSpaceHold;
}) {
  const { file, fields, compared } = await receiveUpload(http, maxUploadBytes, services.importJobs);
  // A chunked upload held the whole limit while it arrived; its job holds its file's size.
  space.shrinkTo(file.bytes);
  try {
    const kept = await claimUploadIdempotencyKey(http, compared);
    if (kept !== null) {
      // Sent again: the first upload's job is the answer; this one's file and place go.
      await services.importJobs.discardUpload(file);
      slot.release();
      return kept;
    }
    return await startImport({ auth, services, slot, file, fields });
  } catch (error) {
    await services.importJobs.discardUpload(file);
    throw error;
  }
}

/** Checks the form's fields and starts the job on the saved `file`. */
async function startImport({ auth, services, slot, file, fields }: { auth: AuthContext; services: AppServices; slot: ImportSlot } & ReceivedUpload) {
  const parsed = importUploadFields.safeParse(fields);
  if (!parsed.success) throw firstIssueRefusal(importUploadFields, parsed.error, "form", fields);
  const options = parsed.data;

  const window = defaultWindow(services.clock.now());
  const request: ImportRequest = {
    kind: options.kind,
    dryRun: options.dry_run ?? false,
    keepBodies: options.keep_bodies ?? false,
    since: options.since ?? window.since,
    until: options.until ?? window.until,
    entity: options.entity ?? null,
    map: options.map ?? [],
    given: (["since", "until", "user_uuid"] as const).filter((name) => options[name] !== undefined),
  };
  try {
    // Before the owner is looked up: user_uuid with contacts is refused as such, not as an unknown user.
    checkOptionsApply(request);
  } catch (error) {
    if (error instanceof ImportRequestError) throw badRequest(error.message);
    throw error;
  }
  // Contacts have no owner: the calling user is the owner of its own mail and calendar only.
  const ownedKinds: readonly string[] = IMPORT_OPTION_KINDS.user_uuid;
  let owner: User | null = ownedKinds.includes(options.kind) ? auth.user : null;
  if (options.user_uuid) {
    owner = await services.store.users.get(auth.tenant.uuid, options.user_uuid.toLowerCase());
    if (!owner || !owner.is_active) throw badRequest(`user_uuid ${options.user_uuid} is not an active user of this tenant`);
    if (!auth.isAdministrator && owner.uuid !== auth.user?.uuid) throw forbidden("a member may import only their own mailbox or calendar: leave out user_uuid or name yourself");
  }
  try {
    const job = await services.importJobs.start({
      tenantUuid: auth.tenant.uuid,
      createdByUserUuid: auth.user?.uuid ?? null,
      owner,
      request,
      upload: { ...file, name: file.name || "upload" },
      // A calendar names meetings by UID: a member's upload changes only those the member may change by PUT.
      mayChangeMeeting: (meeting) => mayChangeMeeting(auth, meeting),
      mayAddEmailBody: (email) => mayAddEmailBody(auth, email),
      slot,
    });
    return presentImportJob(job);
  } catch (error) {
    if (error instanceof ImportFormatError || error instanceof ImportRequestError) throw badRequest(error.message);
    throw error;
  }
}

export const createImport = createImportOperation();
