/**
 * @module
 * Reads an mbox archive as a stream of messages: a message starts at the `From ` postmark line that starts the file,
 * then at each postmark line whose date names a time of day and that a header line follows, after a blank line or not
 * (some tools write no blank line between messages). A body's unquoted `From ` line (mboxo and mboxrd writers quote
 * them as `>From `, not every tool does) is no postmark: it names no time of day, or prose follows it. Only the header
 * block of each message is kept (the body is skipped line by line) unless bodies are asked for, so memory stays flat
 * for any file size.
 */
import type { Readable } from "node:stream";
import { ImportFormatError, type ImportSource, type SourceEntry } from "./imported-items.js";
import { HEADER_BLOCK_TOO_LARGE, MAX_BODY_CHARACTERS, MAX_HEADER_BYTES, parseMailMessage } from "./parse-mail-message.js";
import { readLineChunks, type LineCounter } from "./read-lines.js";

/** `From sender date`, as written by mail clients and Gmail/Takeout: the postmark ends in a year. */
const POSTMARK = /^From \S+.*\d{4}\s*$/;
/**
 * The time of day every writer puts in a postmark's date (`Thu Oct  1 09:00:00 2026`, Gmail's `... 09:00:00 +0000 2026`):
 * a body's line that reads like a postmark ("From the minutes of 12 May 2026") names none.
 */
const POSTMARK_TIME = /\s\d{1,2}:\d{2}(:\d{2})?\s/;
/** A header field's first line: a name of printable characters but the colon, then the colon (RFC 5322 §2.2). */
const HEADER_LINE = /^[!-9;-~]+:/;
/** With bodies kept, a message's raw bytes beyond this are not kept (its text is cut anyway). */
const MAX_KEPT_MESSAGE_BYTES = 4 * MAX_BODY_CHARACTERS;

export interface MboxOptions {
  keepBodies: boolean;
  /** For the first line's error message. */
  name: string;
}

/** True when the text starts (after blank lines) like an mbox file. */
export function looksLikeMbox(head: string): boolean {
  const firstLine = head.replace(/^\uFEFF/, "").split(/\r?\n/).find((line) => line.trim() !== "");
  return firstLine !== undefined && POSTMARK.test(firstLine);
}

interface PendingMessage {
  index: number;
  line: number;
  headerLines: string[];
  headerBytes: number;
  /** The header block went past MAX_HEADER_BYTES: the rest of it was not kept. */
  headerTooLarge: boolean;
  inHeaders: boolean;
  bodyLines: string[];
  bodyBytes: number;
}

/**
 * The messages of an mbox stream.
 *
 * @example
 * const source = readMbox(createReadStream("inbox.mbox"), statSync("inbox.mbox").size, { keepBodies: false, name: "inbox.mbox" });
 * for await (const entry of source.entries) console.log(entry.position);
 */
export function readMbox(stream: Readable, totalBytes: number | null, options: MboxOptions): ImportSource {
  const counter: LineCounter = { bytes: 0 };
  async function* entries(): AsyncGenerator<SourceEntry> {
    let lineNumber = 0;
    let sawContent = false;
    let current: PendingMessage | null = null;
    let count = 0;

    const finish = async (message: PendingMessage): Promise<SourceEntry> => {
      const position = `message ${message.index} (line ${message.line})`;
      if (message.headerTooLarge) return { position, problem: HEADER_BLOCK_TOO_LARGE };
      const header = message.headerLines.join("\r\n");
      let raw = `${header}\r\n\r\n`;
      if (options.keepBodies) {
        // mboxrd quoting: a body line `>From ` (any number of `>`) lost one `>` when it was written.
        raw += message.bodyLines.map((line) => (/^>+From /.test(line) ? line.slice(1) : line)).join("\r\n");
      }
      const parsed = await parseMailMessage(Buffer.from(raw, "latin1"), { keepBody: options.keepBodies });
      return "item" in parsed ? { position, item: parsed.item } : "skipped" in parsed ? { position, skipped: parsed.skipped } : { position, problem: parsed.problem };
    };

    const started = (line: number): PendingMessage => {
      count += 1;
      return { index: count, line, headerLines: [], headerBytes: 0, headerTooLarge: false, inHeaders: true, bodyLines: [], bodyBytes: 0 };
    };
    // A postmark line after the first: a message's start if a header line follows, else a line of the message.
    let candidate: { line: string; lineNumber: number } | null = null;
    const keep = (message: PendingMessage, line: string) => {
      if (message.inHeaders) {
        if (line === "") {
          message.inHeaders = false;
        } else if (message.headerTooLarge || message.headerBytes + line.length + 2 > MAX_HEADER_BYTES) {
          message.headerTooLarge = true;
        } else {
          message.headerLines.push(line);
          message.headerBytes += line.length + 2;
        }
      } else if (options.keepBodies && message.bodyBytes < MAX_KEPT_MESSAGE_BYTES) {
        message.bodyLines.push(line);
        message.bodyBytes += line.length + 2;
      }
    };

    for await (const lines of readLineChunks(stream, "latin1", counter)) {
      for (const line of lines) {
        lineNumber += 1;
        if (candidate) {
          const postmark = candidate;
          candidate = null;
          if (HEADER_LINE.test(line)) {
            if (current) yield await finish(current);
            current = started(postmark.lineNumber);
          } else if (current) {
            keep(current, postmark.line);
          }
        }
        if (!sawContent) {
          if (line.trim() === "") continue;
          sawContent = true;
          if (!POSTMARK.test(line.replace(/^\uFEFF/, ""))) {
            throw new ImportFormatError(`${options.name} is not an mbox file: it must start with a "From " line, found "${line.slice(0, 60)}" at line ${lineNumber}`);
          }
          current = started(lineNumber);
          continue;
        }
        if (POSTMARK.test(line) && POSTMARK_TIME.test(line)) {
          candidate = { line, lineNumber };
          continue;
        }
        if (current) keep(current, line);
      }
    }
    if (candidate && current) keep(current, candidate.line);
    if (current) yield await finish(current);
    if (!sawContent) throw new ImportFormatError(`${options.name} is empty: an mbox file holds at least one message`);
  }
  return { entries: entries(), bytesRead: () => counter.bytes, totalBytes };
}
