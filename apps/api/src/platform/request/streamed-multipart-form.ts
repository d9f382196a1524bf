/**
 * @module
 * Reads a `multipart/form-data` request as it arrives (@fastify/busboy): text fields are kept, each file part is
 * handed on as a stream (to a file on disk, say), so an upload holds a few chunks in memory, never its whole body.
 * The rules of the buffered uploads hold: the size limit (declared or streamed), at most MAX_MULTIPART_PARTS parts,
 * names, file names and values in UTF-8, a part's headers at most MAX_PART_HEADER_BYTES (a 400 as soon as they run
 * over: a 10 MB header no longer holds the event loop in the parser, nor is it cut without a word).
 */
import { isUtf8 } from "node:buffer";
import type { Readable } from "node:stream";
import { Busboy, type BusboyInstance } from "@fastify/busboy";
import { badRequest } from "../errors/api-error.js";
import { MAX_MULTIPART_PARTS } from "./count-limits.js";
import { UNREADABLE_MULTIPART_BODY } from "./multipart-head.js";
import { TOO_MANY_MULTIPART_PARTS } from "./multipart-parts-problem.js";
import { headerSizeFor, watchPartHeaderOverflow } from "./part-header-overflow.js";

/** Largest text field value taken, in bytes: far more than any field of an upload needs (a column mapping, a date). */
export const MAX_FORM_FIELD_BYTES = 64 * 1024;

/** Longest header block a part may have, in bytes (Node's limit for a request's headers); a 400 beyond. */
export const MAX_PART_HEADER_BYTES = 16 * 1024;

/** The 400 message for a part whose headers are over MAX_PART_HEADER_BYTES, buffered or streamed. */
export const PART_HEADERS_TOO_LONG = `a part's headers are longer than ${MAX_PART_HEADER_BYTES / 1024} KiB: send its Content-Disposition (name, filename) and Content-Type only`;

/** U+FFFD: what the parser's UTF-8 decoding of a name puts for bytes that are not UTF-8. */
const REPLACEMENT_CHARACTER = "\uFFFD";

/** One file part, as it arrives. */
export interface IncomingFilePart {
  field: string;
  /** The part's file name (RFC 8187 `filename*` when it comes last, as it should), without any path. */
  filename: string;
  /** The part's media type as the parser reads it; `text/plain` when it gave none. */
  mimeType: string;
  /** The file's bytes: read to their end, or the form never finishes. */
  content: Readable;
}

export interface StreamedFormOptions<Saved> {
  /** Largest body taken, in bytes, whether Content-Length declares more or the stream brings more. */
  maxBodyBytes: number;
  /** The error for a body over `maxBodyBytes` (a 413). */
  tooLarge: () => Error;
  /**
   * Saves one file part, reading `content` to its end (or throwing: the read stops there, and the error, a 400 naming
   * the part, say, is the form's). What it returns is kept in `files`.
   */
  saveFile: (part: IncomingFilePart) => Promise<Saved>;
  /**
   * The slowest the body may arrive: fewer than `bytesPerSecond` on average over a `windowMilliseconds` is
   * `tooSlow()`. Time spent waiting for a file part's save (the disk, not the client) does not count against it.
   */
  minimumRate?: { bytesPerSecond: number; windowMilliseconds: number; tooSlow: () => Error };
}

export interface StreamedForm<Saved> {
  /** The text fields in the order sent, repeats included. */
  fields: Array<{ name: string; value: string }>;
  /** The saved file parts in the order sent. */
  files: Array<{ field: string; filename: string; mimeType: string; saved: Saved }>;
}

/**
 * The 400 for a name or file name decoded from bytes that are not UTF-8 (the parser puts U+FFFD for them, so a name
 * sent with U+FFFD itself is refused too: it was mangled before it was sent).
 */
function nameProblem(field: string, filename: string | undefined): string | null {
  if (field.includes(REPLACEMENT_CHARACTER)) return "a form field's name is not UTF-8 text (send it in UTF-8)";
  if (filename?.includes(REPLACEMENT_CHARACTER)) return `form field '${field}': the file name is not UTF-8 text (send it in UTF-8)`;
  return null;
}

/** The parser's errors as the 400 a client can act on; any other error (a disk's) stays as it is. */
function asClientError(error: unknown): unknown {
  if (!(error instanceof Error) || "status" in error) return error;
  if (/unexpected end of multipart data|^Multipart: Boundary not found$/i.test(error.message)) return badRequest(UNREADABLE_MULTIPART_BODY);
  return error;
}

/** A text part's value: its bytes, at most MAX_FORM_FIELD_BYTES, as UTF-8. */
async function readTextPart(field: string, content: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of content as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > MAX_FORM_FIELD_BYTES) throw badRequest(`form field '${field}' is longer than ${MAX_FORM_FIELD_BYTES / 1024} KiB`);
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  if (!isUtf8(bytes)) throw badRequest(`form field '${field}': its value is not UTF-8 text (send it in UTF-8)`);
  return bytes.toString("utf8");
}

/**
 * Calls `fail(minimumRate.tooSlow())` at the end of a window in which fewer bytes arrived than the rate asks; a
 * window in which the reading waited for a save is not judged. No minimum without `minimumRate` or at 0 bytes.
 */
function watchRate(minimumRate: StreamedFormOptions<unknown>["minimumRate"], fail: (error: unknown) => void) {
  let arrived = 0;
  let waitedForSave = false;
  const timer =
    minimumRate && minimumRate.bytesPerSecond > 0
      ? setInterval(() => {
          if (!waitedForSave && arrived < (minimumRate.bytesPerSecond * minimumRate.windowMilliseconds) / 1000) fail(minimumRate.tooSlow());
          arrived = 0;
          waitedForSave = false;
        }, minimumRate.windowMilliseconds)
      : null;
  return {
    arrived(bytes: number) {
      arrived += bytes;
    },
    waitingForSave() {
      waitedForSave = true;
    },
    stop() {
      if (timer !== null) clearInterval(timer);
    },
  };
}

/**
 * Reads `request`'s multipart body as it arrives, saving each file part with `options.saveFile` and keeping the text
 * fields. Throws the first problem: `tooLarge()`, `minimumRate.tooSlow()`, a 400 (unreadable body, too many parts, a part's headers over
 * MAX_PART_HEADER_BYTES, a field
 * over MAX_FORM_FIELD_BYTES, text that is not UTF-8), or what `saveFile` threw; then every save begun has ended, so the
 * caller may remove what they wrote.
 *
 * @example
 * const form = await readStreamedMultipartForm(request, { maxBodyBytes, tooLarge, saveFile: ({ content }) => save(content) });
 */
export async function readStreamedMultipartForm<Saved>(request: Request, options: StreamedFormOptions<Saved>): Promise<StreamedForm<Saved>> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > options.maxBodyBytes) throw options.tooLarge();
  let parser: BusboyInstance;
  try {
    parser = Busboy({
      headers: { "content-type": request.headers.get("content-type") ?? "" },
      limits: { parts: MAX_MULTIPART_PARTS, headerSize: headerSizeFor(MAX_PART_HEADER_BYTES) },
      // Every part comes as a stream: a text part's bytes are checked as they are, not as the parser decoded them.
      isPartAFile: () => true,
    });
  } catch {
    throw badRequest(UNREADABLE_MULTIPART_BODY);
  }

  let failure: unknown = null;
  let refused!: () => void;
  // Settles at the first problem: a read or a wait for the parser stops there, not at the client's next bytes.
  const stopped = new Promise<null>((resolve) => {
    refused = () => resolve(null);
  });
  const fail = (error: unknown) => {
    failure ??= asClientError(error);
    refused();
  };
  const parts: Array<{ field: string; value: string } | { file: StreamedForm<Saved>["files"][number] } | null> = [];
  const reading: Array<Promise<void>> = [];
  // Parts still arriving: a refused form ends them, as the parser, once destroyed, never does.
  const arriving = new Set<Readable>();

  parser.on("file", (field, content, filename, _encoding, mimeType) => {
    const problem = failure === null ? nameProblem(field, filename) : null;
    if (problem !== null) fail(badRequest(problem));
    if (failure !== null) {
      content.resume();
      return;
    }
    const index = parts.push(null) - 1;
    arriving.add(content);
    content.once("close", () => arriving.delete(content));
    content.once("end", () => arriving.delete(content));
    const read =
      filename === undefined
        ? readTextPart(field, content).then((value) => {
            parts[index] = { field, value };
          })
        : options.saveFile({ field, filename, mimeType, content }).then((saved) => {
            parts[index] = { file: { field, filename, mimeType, saved } };
          });
    reading.push(
      read.catch((error: unknown) => {
        fail(error);
        // The parser waits for this part to be read before it reads on.
        content.resume();
      }),
    );
  });
  parser.on("partsLimit", () => fail(badRequest(TOO_MANY_MULTIPART_PARTS)));
  watchPartHeaderOverflow(parser, () => fail(badRequest(PART_HEADERS_TOO_LONG)));
  let parsing = true;
  const parsed = new Promise<void>((resolve) => {
    const done = () => {
      parsing = false;
      resolve();
    };
    parser.on("error", (error) => {
      fail(error);
      done();
    });
    parser.on("finish", done);
  });

  const reader = request.body?.getReader();
  const rate = watchRate(options.minimumRate, fail);
  try {
    let size = 0;
    while (reader && failure === null) {
      const next = await Promise.race([reader.read(), stopped]);
      if (next === null || next.done) break;
      const { value } = next;
      rate.arrived(value.byteLength);
      size += value.byteLength;
      if (size > options.maxBodyBytes) {
        fail(options.tooLarge());
        break;
      }
      // Backpressure: busboy holds a write until the file part's reader has taken the chunk before it.
      if (!parser.write(value) && parsing) {
        rate.waitingForSave();
        await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), parsed, stopped]);
      }
    }
    if (failure === null) {
      parser.end();
      await parsed;
    }
  } catch (error) {
    // The body broke off (the client went away): its parts are ended below, as a refused form's.
    fail(error);
  } finally {
    rate.stop();
    if (failure !== null) {
      await reader?.cancel().catch(() => undefined);
      parser.destroy();
      for (const content of arriving) {
        // Whoever reads it (a save, a text part's read) hears of it; a part whose save has not begun reading has no one.
        content.on("error", () => undefined);
        content.destroy(new Error("the form was refused"));
      }
    }
    await Promise.allSettled(reading);
  }
  if (failure !== null) throw failure;
  const form: StreamedForm<Saved> = { fields: [], files: [] };
  for (const part of parts) {
    if (part === null) continue;
    if ("file" in part) form.files.push(part.file);
    else form.fields.push({ name: part.field, value: part.value });
  }
  return form;
}
