/**
 * @module
 * A personal data export as JSON text in pieces: a person on tens of thousands of emails (with stored bodies,
 * hundreds of megabytes) is never one string, which V8 caps at about 512 MB, and its emails are read a page at a
 * time as the pieces are asked for, so only one page is in memory.
 */
import type { PagedPersonalDataExport } from "@rapport/store";

/** Items of a long list serialized together in one piece. */
const ITEMS_PER_PIECE = 500;

/** The JSON text of a list's items (no brackets), a piece per `ITEMS_PER_PIECE`; `first` says no comma leads. */
function* itemPieces(items: readonly unknown[], first: boolean): Generator<string> {
  for (let start = 0; start < items.length; start += ITEMS_PER_PIECE) {
    const texts = items.slice(start, start + ITEMS_PER_PIECE).map((item) => JSON.stringify(item) ?? "null");
    yield `${first && start === 0 ? "" : ","}${texts.join(",")}`;
  }
}

/**
 * The JSON text of `document` (an object of JSON values), in pieces whose concatenation is `JSON.stringify(document)`,
 * except that the list at `lazy.field` is replaced by the items of `lazy.pages`, read only when the pieces get there.
 *
 * @example
 * for await (const piece of jsonPieces(exported)) output.write(piece);
 */
export async function* jsonPieces(document: object, lazy?: { field: string; pages: AsyncIterable<readonly unknown[]> }): AsyncGenerator<string> {
  let first = true;
  for (const [key, value] of Object.entries(document)) {
    if (value === undefined) continue;
    const opening = `${first ? "{" : ","}${JSON.stringify(key)}:`;
    first = false;
    if (key === lazy?.field) {
      yield `${opening}[`;
      let empty = true;
      for await (const page of lazy.pages) {
        yield* itemPieces(page, empty);
        empty &&= page.length === 0;
      }
      yield "]";
    } else if (!Array.isArray(value) || value.length <= ITEMS_PER_PIECE) {
      yield `${opening}${JSON.stringify(value)}`;
    } else {
      yield `${opening}[`;
      yield* itemPieces(value, true);
      yield "]";
    }
  }
  yield first ? "{}" : "}";
}

/** The pieces of a paged export: its document with the emails read a page at a time where they belong. */
export function personalDataPieces(exported: PagedPersonalDataExport): AsyncGenerator<string> {
  return jsonPieces(exported.document, { field: "emails", pages: exported.emailPages() });
}

/**
 * The pieces as a byte stream, produced as the reader asks for them; a reader that leaves stops the reads. A piece
 * that fails (a page's read) errors the stream, which cuts the answer short, and is passed to `onError` first: the
 * status went out with the first piece, so only the log can tell why.
 */
export function jsonStream(pieces: AsyncGenerator<string>, { onError }: { onError?: (error: unknown) => void } = {}): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let next: IteratorResult<string>;
      try {
        next = await pieces.next();
      } catch (error) {
        onError?.(error);
        throw error;
      }
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}
