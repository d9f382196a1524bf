/**
 * @module
 * A handler's answer that is one JSON object holding one list, `{"<field>": [...]}`, produced in parts:
 * each part is serialized and sent as soon as it is ready, while the next one is computed. A batch of 100
 * targets reaches the client while it is being ranked instead of after, and the server never holds the
 * whole answer as one string.
 */

/** The list's items, part after part, in order. */
export interface StreamedList {
  readonly field: string;
  readonly parts: AsyncIterable<readonly unknown[]>;
  readonly [streamedListBrand]: true;
}
declare const streamedListBrand: unique symbol;

const streamedLists = new WeakSet<object>();

/** Answers `{"<field>": [...items of every part]}`, sending each part as it is produced. */
export function streamedList(field: string, parts: AsyncIterable<readonly unknown[]>): StreamedList {
  const list = { field, parts } as StreamedList;
  streamedLists.add(list);
  return list;
}

/**
 * An item of a streamed list already serialized: its JSON text, or that text's UTF-8 bytes (a kept answer sent
 * again), written as it is, never parsed or serialized again.
 */
export class SerializedItem {
  constructor(readonly json: string | Uint8Array) {}
}

export function isStreamedList(value: unknown): value is StreamedList {
  return typeof value === "object" && value !== null && streamedLists.has(value);
}

export interface StreamOptions {
  /** Called with every item (a serialized one parsed) before it is written; a throw ends the answer as a failure. */
  check?: (item: unknown) => void;
  /** Called once when producing a part fails, before the answer is cut off. */
  onError?: (error: unknown) => void;
  /**
   * Closes the connection at once (over a real socket). Given, a later part's failure closes it and the
   * server's adapter sees a client gone rather than a failed stream, which it would print to stderr;
   * without it (an in-process request) the stream errors.
   */
  cutConnection?: () => void;
}

/**
 * The UTF-8 bytes of `pieces` (JSON text or bytes) one after the other, in one buffer: a part's items are
 * written into it straight from their text, with no buffer of their own to allocate and copy again.
 */
function joinedBytes(pieces: readonly (string | Uint8Array)[]): Buffer {
  let length = 0;
  for (const piece of pieces) length += Buffer.byteLength(piece);
  const joined = Buffer.allocUnsafe(length);
  let offset = 0;
  for (const piece of pieces) {
    if (typeof piece === "string") offset += joined.write(piece, offset);
    else {
      joined.set(piece, offset);
      offset += piece.byteLength;
    }
  }
  return joined;
}

/**
 * The bytes of a streamed list. The first part is produced before this resolves, so that a failure in it
 * still gets an error status. Once bytes are sent the status cannot change: when a later part fails the
 * connection is closed without finishing the body (by `cutConnection`, else by the server once the stream
 * errors), and the client sees a broken answer rather than a short one.
 */
export async function streamedListBody(list: StreamedList, options: StreamOptions = {}): Promise<ReadableStream<Uint8Array>> {
  const parts = list.parts[Symbol.asyncIterator]();
  let itemsWritten = 0;
  // Each item is serialized on its own and the texts encoded into one buffer: one string concatenated from a
  // part's items (half a megabyte for ten batch targets) took twice as long to encode as its items did one by one.
  const serialize = (items: readonly unknown[], pieces: (string | Uint8Array)[] = []) => {
    for (const item of items) {
      const serialized = item instanceof SerializedItem ? item.json : null;
      options.check?.(serialized === null ? item : JSON.parse(typeof serialized === "string" ? serialized : Buffer.from(serialized).toString("utf8")));
      if (itemsWritten++ > 0) pieces.push(",");
      pieces.push(serialized ?? JSON.stringify(item));
    }
    return joinedBytes(pieces);
  };
  let pending: IteratorResult<readonly unknown[]> | null = null;
  let opening: Buffer;
  try {
    pending = await parts.next();
    opening = serialize(pending.done ? [] : pending.value, [`{${JSON.stringify(list.field)}:[`]);
  } catch (error) {
    await parts.return?.();
    throw error;
  }
  // Set when the client goes away: the parts are closed, and a part still being made is dropped unreported.
  let cancelled = false;
  // Set when a part failed and the connection was cut: nothing more is written.
  let cut = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(opening);
      },
      async pull(controller) {
        if (cut) return;
        try {
          const next = pending?.done ? pending : await parts.next();
          pending = null;
          if (cancelled) return;
          if (next.done) {
            controller.enqueue(Buffer.from("]}"));
            controller.close();
            return;
          }
          const bytes = serialize(next.value);
          if (bytes.length > 0) controller.enqueue(bytes);
        } catch (error) {
          if (cancelled) return;
          options.onError?.(error);
          await parts.return?.();
          if (options.cutConnection === undefined) throw error;
          // The stream stays open and unfinished: the closed socket makes the server cancel it.
          cut = true;
          options.cutConnection();
        }
      },
      async cancel() {
        cancelled = true;
        await parts.return?.();
      },
    },
    { highWaterMark: 1 },
  );
}
