/**
 * @module
 * A folder of vCard or iCalendar files as one UTF-8 stream, each file read in its own encoding: files saved one
 * contact or event at a time need not share one, and each UTF-16 file starts with its own byte order mark, which
 * joined bytes would put in the middle of the text.
 */
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { sourceReadError } from "./import-read-error.js";
import { readAsUtf8 } from "./text-encoding.js";

const UTF8_BYTE_ORDER_MARK = Buffer.from([0xef, 0xbb, 0xbf]);

function withoutUtf8ByteOrderMark(chunk: Buffer): Buffer {
  return chunk.subarray(0, UTF8_BYTE_ORDER_MARK.length).equals(UTF8_BYTE_ORDER_MARK) ? chunk.subarray(UTF8_BYTE_ORDER_MARK.length) : chunk;
}

/**
 * The files, each decoded to UTF-8 by `readAsUtf8`, one after the other with a line break between them; a UTF-8
 * file's byte order mark is dropped, as decoding drops a UTF-16 one, so that none lands inside the text. `counter`
 * counts the bytes read from the files (not the UTF-8 handed on), for progress against their total size. A file that
 * fails to read is a SourceReadError naming it.
 *
 * @example
 * const text = readFilesAsUtf8(["a.vcf", "b.vcf"], counter);
 */
export function readFilesAsUtf8(files: readonly string[], counter: { bytes: number }): Readable {
  async function* chunks() {
    for (const path of files) {
      const file = createReadStream(path);
      try {
        const { encoding, text } = await readAsUtf8(file, counter, path);
        // The first chunk is the sniffed head: it holds the whole mark when the file starts with one.
        let first = encoding === "utf-8";
        for await (const chunk of text as AsyncIterable<Buffer>) {
          yield first ? withoutUtf8ByteOrderMark(chunk) : chunk;
          first = false;
        }
      } catch (error) {
        // Which file of the folder failed: the import says it, and what it wrote before.
        throw sourceReadError(error, path) ?? error;
      } finally {
        // A reader that stops early ends here: the file is let go, not left open.
        file.destroy();
      }
      yield Buffer.from("\r\n");
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
