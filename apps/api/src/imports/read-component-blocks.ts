/**
 * @module
 * Cuts an iCalendar or vCard stream into the text of its components (each VEVENT, VTIMEZONE or
 * VCARD), with the line each starts on, so that one malformed component is reported on its own
 * while the rest of the file is read. The stream is decoded in the encoding its first bytes show
 * (`readAsUtf8`): Outlook writes both kinds in UTF-16 as well as UTF-8, older tools in Windows-1252.
 */
import type { Readable } from "node:stream";
import { ImportFormatError } from "./imported-items.js";
import { readLineChunks, type LineCounter } from "./read-lines.js";
import { readAsUtf8 } from "./text-encoding.js";

export type ComponentBlock = { name: string; line: number; text: string } | { name: string; line: number; problem: string };

export interface BlockOptions {
  /** The component every file of this kind starts with (VCALENDAR, VCARD). */
  first: string;
  /** Components to cut out, by upper-case name, and the nesting depth they sit at. */
  capture: ReadonlyMap<string, number>;
  /** Names the input in the error for a file of another kind. */
  describe: string;
  /** The input's name, for a file in an encoding it cannot be read in (`describe` said it twice: "x.vcf is not a vCard file is not UTF-8"). */
  name?: string;
  /**
   * Properties of the `first` component itself to pass on, by upper-case name, as blocks of that name whose text is
   * the value (unfolded); each `first` component's start is then passed on too, as a block of its name with no text,
   * so that a reader of several joined files knows where each file's properties end.
   */
  properties?: ReadonlySet<string>;
}

/** Upper-cased component name of a `BEGIN:`/`END:` line, else null. */
function boundary(line: string, keyword: "BEGIN" | "END"): string | null {
  const match = new RegExp(`^${keyword}:(.+)$`, "i").exec(line.trim());
  return match ? match[1]!.trim().toUpperCase() : null;
}

/** A vCard 2.1 `AGENT` property whose value is the embedded vCard on the lines that follow. */
const EMBEDDING_PROPERTY = /^AGENT(;[^:]*)?:\s*$/i;

/**
 * True when `begins`, opened directly inside the component being captured, is another component of the kind captured
 * at that level: the captured one never ended (an event holds no event, a card no card but an AGENT's), and
 * taking the rest of the file into it would lose every component after it.
 */
function startsAnotherComponent(begins: string, capture: { depth: number }, stack: readonly string[], previousLine: string, options: BlockOptions): boolean {
  return options.capture.get(begins) === capture.depth && stack.length === capture.depth + 1 && !EMBEDDING_PROPERTY.test(previousLine.trim());
}

/**
 * The captured components of the stream, in file order. `counter` counts the bytes read from `stream` (not the
 * UTF-8 they are decoded to), for progress against the file's size.
 *
 * @example
 * for await (const block of readComponentBlocks(stream, counter, { first: "VCARD", capture: new Map([["VCARD", 0]]), describe: "contacts.vcf" })) { ... }
 */
export async function* readComponentBlocks(stream: Readable, counter: LineCounter, options: BlockOptions): AsyncGenerator<ComponentBlock> {
  try {
    const { text } = await readAsUtf8(stream, counter, options.name ?? options.describe);
    yield* componentBlocksOfText(text, options);
  } finally {
    // Ending `text` does not end `stream` when it was passed on as it is (UTF-8).
    stream.destroy();
  }
}

async function* componentBlocksOfText(text: Readable, options: BlockOptions): AsyncGenerator<ComponentBlock> {
  const stack: string[] = [];
  let lineNumber = 0;
  let sawContent = false;
  let capture: { name: string; depth: number; line: number; lines: string[] } | null = null;
  let previousLine = "";
  let property: { name: string; line: number; text: string } | null = null;
  for await (const lines of readLineChunks(text, "utf8", { bytes: 0 })) {
    for (const rawLine of lines) {
      lineNumber += 1;
      const line = lineNumber === 1 ? rawLine.replace(/^\uFEFF/, "") : rawLine;
      if (property && /^[ \t]/.test(line)) {
        property.text += line.slice(1);
        continue;
      }
      if (property) yield property;
      property = options.properties && !capture && stack.length === 1 ? topProperty(line, lineNumber, options.properties) : null;
      if (property) continue;
      if (!sawContent) {
        if (line.trim() === "") continue;
        sawContent = true;
        if (boundary(line, "BEGIN") !== options.first) {
          throw new ImportFormatError(`${options.describe}: expected "BEGIN:${options.first}" at line ${lineNumber}, found "${line.slice(0, 60)}"`);
        }
      }
      const begins = boundary(line, "BEGIN");
      const ends = boundary(line, "END");
      if (begins) {
        if (capture && startsAnotherComponent(begins, capture, stack, previousLine, options)) {
          yield { name: capture.name, line: capture.line, problem: `${capture.name} starting here has no END:${capture.name} before the BEGIN:${begins} at line ${lineNumber}` };
          stack.length = capture.depth;
          capture = null;
        }
        if (!capture && options.capture.get(begins) === stack.length) capture = { name: begins, depth: stack.length, line: lineNumber, lines: [] };
        if (options.properties && stack.length === 0 && begins === options.first) yield { name: begins, line: lineNumber, text: "" };
        stack.push(begins);
      }
      previousLine = line;
      if (capture) capture.lines.push(line);
      if (ends) {
        const at = stack.lastIndexOf(ends);
        if (at !== -1) stack.length = at;
        if (capture && ends === capture.name && stack.length === capture.depth) {
          yield { name: capture.name, line: capture.line, text: capture.lines.join("\r\n") };
          capture = null;
        } else if (capture && stack.length <= capture.depth) {
          // An enclosing END closed the component that never ended itself.
          yield { name: capture.name, line: capture.line, problem: `${capture.name} starting here has no END:${capture.name} before END:${ends}` };
          capture = null;
        }
      }
    }
  }
  if (property) yield property;
  if (!sawContent) throw new ImportFormatError(`${options.describe}: it is empty`);
  if (capture) yield { name: capture.name, line: capture.line, problem: `${capture.name} starting here is never closed (no END:${capture.name})` };
}

/** A property line of one of `names` (`NAME:value` or `NAME;parameters:value`), as a block of its value; else null. */
function topProperty(line: string, lineNumber: number, names: ReadonlySet<string>): { name: string; line: number; text: string } | null {
  const match = /^([A-Za-z0-9-]+)(?:;[^:]*)?:(.*)$/.exec(line);
  const name = match?.[1]!.toUpperCase();
  return name !== undefined && names.has(name) ? { name, line: lineNumber, text: match![2]! } : null;
}
