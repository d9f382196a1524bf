/**
 * @module
 * Reads `.eml` files (one message each): a single file, or every `.eml` under a folder, in path
 * order. Only each file's header block is read unless bodies are asked for.
 */
import { open, stat } from "node:fs/promises";
import { relative } from "node:path";
import { folderFileSizes } from "./folder-file-sizes.js";
import { sourceReadError } from "./import-read-error.js";
import { ImportFormatError, type ImportSource, type SourceEntry } from "./imported-items.js";
import { listFolderFiles } from "./list-folder-files.js";
import { HEADER_BLOCK_TOO_LARGE, MAX_BODY_CHARACTERS, MAX_HEADER_BYTES, parseMailMessage } from "./parse-mail-message.js";

const HEADER_READ_BYTES = 64 * 1024;
const MAX_KEPT_MESSAGE_BYTES = 4 * MAX_BODY_CHARACTERS;

/** True when the text starts like a mail message: a header field on its first line. */
export function looksLikeMailMessage(head: string): boolean {
  const firstLine = head.replace(/^\uFEFF/, "").split(/\r?\n/)[0] ?? "";
  return /^[!-9;-~]+:/.test(firstLine);
}

/** True when no blank line ends the header block within MAX_HEADER_BYTES of a file longer than that. */
function headerBlockTooLarge(raw: Buffer, fileSize: number): boolean {
  if (fileSize <= MAX_HEADER_BYTES) return false;
  return raw.subarray(0, MAX_HEADER_BYTES + 4).toString("latin1").search(/\r?\n\r?\n/) === -1;
}

/** Reads up to the end of the header block (or the whole file, up to a limit, with `whole`). */
async function readMessageBytes(path: string, whole: boolean): Promise<Buffer> {
  const handle = await open(path, "r");
  try {
    const limit = whole ? MAX_KEPT_MESSAGE_BYTES : MAX_HEADER_BYTES;
    const chunks: Buffer[] = [];
    let size = 0;
    for (;;) {
      const buffer = Buffer.alloc(HEADER_READ_BYTES);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, size);
      if (bytesRead === 0) break;
      chunks.push(buffer.subarray(0, bytesRead));
      size += bytesRead;
      if (size >= limit) break;
      if (!whole) {
        const text = Buffer.concat(chunks).toString("latin1");
        const end = text.search(/\r?\n\r?\n/);
        if (end !== -1) return Buffer.from(`${text.slice(0, end)}\r\n\r\n`, "latin1");
      }
    }
    return Buffer.concat(chunks);
  } finally {
    await handle.close();
  }
}

export interface EmlOptions {
  keepBodies: boolean;
}

/**
 * The messages of `.eml` files.
 *
 * @example
 * const source = await readEmlFiles("./export", { keepBodies: false });
 */
export async function readEmlFiles(path: string, options: EmlOptions): Promise<ImportSource> {
  const isFolder = (await stat(path)).isDirectory();
  const files = isFolder ? await listFolderFiles(path, ".eml") : [path];
  if (files.length === 0) throw new ImportFormatError(`${path} holds no .eml files: give an mbox file, a .eml file or a folder of .eml files`);
  const sizes = await folderFileSizes(files);
  const totalBytes = sizes.reduce((sum, size) => sum + size, 0);
  let bytesRead = 0;
  async function* entries(): AsyncGenerator<SourceEntry> {
    for (const [index, file] of files.entries()) {
      const position = `file ${isFolder ? relative(path, file) : file}`;
      const raw = await readMessageBytes(file, options.keepBodies).catch((error: unknown) => {
        throw sourceReadError(error, file) ?? error;
      });
      if (!isFolder && index === 0 && !looksLikeMailMessage(raw.subarray(0, 1024).toString("latin1"))) {
        throw new ImportFormatError(`${file} is not a mail message: its first line is not a header field`);
      }
      bytesRead += sizes[index]!;
      if (headerBlockTooLarge(raw, sizes[index]!)) {
        yield { position, problem: HEADER_BLOCK_TOO_LARGE };
        continue;
      }
      const parsed = await parseMailMessage(raw, { keepBody: options.keepBodies });
      yield "item" in parsed ? { position, item: parsed.item } : "skipped" in parsed ? { position, skipped: parsed.skipped } : { position, problem: parsed.problem };
    }
  }
  return { entries: entries(), bytesRead: () => bytesRead, totalBytes };
}
