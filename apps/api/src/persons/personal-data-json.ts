/**
 * @module
 * A personal data export as JSON text in pieces: a person on tens of thousands of emails (with stored bodies,
 * hundreds of megabytes) is never one string, which V8 caps at about 512 MB and which would double the memory the
 * document already takes.
 */

/** Items of a long list serialized together in one piece. */
const ITEMS_PER_PIECE = 500;

/**
 * The JSON text of `document` (an object of JSON values), in pieces whose concatenation is `JSON.stringify(document)`.
 *
 * @example
 * for (const piece of jsonPieces(exported)) output.write(piece);
 */
export function* jsonPieces(document: object): Generator<string> {
  let first = true;
  for (const [key, value] of Object.entries(document)) {
    if (value === undefined) continue;
    const opening = `${first ? "{" : ","}${JSON.stringify(key)}:`;
    first = false;
    if (!Array.isArray(value) || value.length <= ITEMS_PER_PIECE) {
      yield `${opening}${JSON.stringify(value)}`;
      continue;
    }
    yield `${opening}[`;
    for (let start = 0; start < value.length; start += ITEMS_PER_PIECE) {
      const items = value.slice(start, start + ITEMS_PER_PIECE).map((item) => JSON.stringify(item) ?? "null");
      yield `${start === 0 ? "" : ","}${items.join(",")}`;
    }
    yield "]";
  }
  yield first ? "{}" : "}";
}

/** The same pieces as a byte stream, produced as the reader asks for them. */
export function jsonStream(document: object): ReadableStream<Uint8Array> {
  const pieces = jsonPieces(document);
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}
