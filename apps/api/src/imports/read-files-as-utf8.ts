/**
 * @module
 * A folder of vCard or iCalendar files as one UTF-8 stream, each file read in its own encoding: files saved one
 * contact or event at a time need not share one, and each UTF-16 file starts with its own byte order mark, which
 * joined bytes would put in the middle of the text.
 */
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { readAsUtf8 } from "./text-encoding.js";

/**
 * The files, each decoded to UTF-8 by `readAsUtf8`, one after the other with a line break between them. `counter`
 * counts the bytes read from the files (not the UTF-8 handed on), for progress against their total size.
 *
 * @example
 * const text = readFilesAsUtf8(["a.vcf", "b.vcf"], counter);
 */
export function readFilesAsUtf8(files: readonly string[], counter: { bytes: number }): Readable {
  async function* chunks() {
    for (const path of files) {
      const file = createReadStream(path);
      try {
        const { text } = await readAsUtf8(file, counter);
        for await (const chunk of text) yield chunk as Buffer;
      } finally {
        // A reader that stops early ends here: the file is let go, not left open.
        file.destroy();
      }
      yield Buffer.from("\r\n");
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}
