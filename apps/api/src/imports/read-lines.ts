/**
 * @module
 * Splits a byte stream into lines without ever holding more than one chunk and one partial line:
 * the primitive that keeps a multi-gigabyte archive at flat memory.
 */
import type { Readable } from "node:stream";

/** A line longer than this is cut (the rest becomes the next line): no single line can hold memory. */
export const MAX_LINE_BYTES = 4 * 1024 * 1024;

export interface LineCounter {
  /** Bytes consumed from the stream so far. */
  bytes: number;
}

/**
 * Yields the lines of each chunk as one array (no line terminators; `\r\n` and `\n` both end a
 * line), decoded with `encoding`. `latin1` keeps every byte as one character, so the original bytes
 * come back with `Buffer.from(line, "latin1")`.
 *
 * @example
 * for await (const lines of readLineChunks(createReadStream("a.mbox"), "latin1", counter)) { ... }
 */
export async function* readLineChunks(stream: Readable, encoding: BufferEncoding, counter: LineCounter): AsyncGenerator<string[]> {
  let partial: Buffer = Buffer.alloc(0);
  try {
    for await (const chunk of stream) {
      const bytes: Buffer = typeof chunk === "string" ? Buffer.from(chunk, encoding) : (chunk as Buffer);
      counter.bytes += bytes.length;
      const data = partial.length > 0 ? Buffer.concat([partial, bytes]) : bytes;
      const lines: string[] = [];
      let start = 0;
      for (let index = data.indexOf(10, start); index !== -1; index = data.indexOf(10, start)) {
        const end = index > start && data[index - 1] === 13 ? index - 1 : index;
        lines.push(data.toString(encoding, start, end));
        start = index + 1;
      }
      partial = data.subarray(start);
      if (partial.length > MAX_LINE_BYTES) {
        lines.push(partial.toString(encoding));
        partial = Buffer.alloc(0);
      } else {
        // Own the remainder, so the chunk it came from can be freed.
        partial = Buffer.from(partial);
      }
      if (lines.length > 0) yield lines;
    }
    if (partial.length > 0) {
      const end = partial[partial.length - 1] === 13 ? partial.length - 1 : partial.length;
      yield [partial.toString(encoding, 0, end)];
    }
  } finally {
    stream.destroy();
  }
}
