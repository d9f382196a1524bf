/**
 * @module
 * Tells when a part's header block in a streamed multipart body runs over a limit: @fastify/busboy keeps a part's
 * headers up to its `headerSize` and drops the rest without a word, so this watches its header parser.
 */
import type { BusboyInstance } from "@fastify/busboy";

/** The private part of @fastify/busboy 3.2.6 (pinned) this reads: Busboy -> Multipart -> Dicer -> HeaderParser. */
interface HeaderParser {
  maxed: boolean;
  push(this: HeaderParser, data: Buffer): unknown;
  _finish(this: HeaderParser): void;
}

/**
 * The `headerSize` to give the parser for `limit`: one byte more, so that the parser's `maxed` (set once it has
 * kept `headerSize` bytes) means more than `limit` arrived.
 */
export function headerSizeFor(limit: number): number {
  return limit + 1;
}

/**
 * Calls `onOverflow` as soon as a part's header block of `parser` (built with `headerSize: headerSizeFor(limit)`)
 * is over `limit`: while the block still arrives, or, when its end came in the same chunk, before the part is
 * handed on. Throws when the parser is not the pinned version's shape, so an upgrade fails its tests, not silently.
 *
 * @example
 * watchPartHeaderOverflow(parser, () => fail(badRequest("a part's headers are too long")));
 */
export function watchPartHeaderOverflow(parser: BusboyInstance, onOverflow: () => void): void {
  const headers = (parser as unknown as { _parser?: { parser?: { _hparser?: HeaderParser } } })._parser?.parser?._hparser;
  if (!headers || typeof headers.push !== "function" || typeof headers._finish !== "function" || typeof headers.maxed !== "boolean") {
    throw new Error("@fastify/busboy's header parser is not where this version keeps it: check watchPartHeaderOverflow after an upgrade");
  }
  const push = headers.push;
  const finish = headers._finish;
  // The block ended over the limit: said before `_finish` hands the part on (it resets `maxed`).
  headers._finish = function (this: HeaderParser) {
    if (this.maxed) onOverflow();
    finish.call(this);
  };
  // The block is still arriving and already over the limit: said at once, not after its last byte.
  headers.push = function (this: HeaderParser, data: Buffer) {
    const result = push.call(this, data);
    if (this.maxed) onOverflow();
    return result;
  };
}
