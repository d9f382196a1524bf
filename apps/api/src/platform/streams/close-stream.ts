/** @module Lets a stream go for good: destroyed, and its file's descriptor closed once this resolves. */
import type { Readable } from "node:stream";

/**
 * Destroys `stream` and resolves once it has closed: a file's stream closes its descriptor after `destroy()` returns,
 * so a caller that goes on (answers a request, counts its descriptors) would find it still open.
 *
 * @example
 * await closeStream(createReadStream(path));
 */
export async function closeStream(stream: Readable): Promise<void> {
  // Listened for before destroy(), which may emit an error (a read under way aborted) that is no failure here.
  const closed = stream.closed ? Promise.resolve() : new Promise<void>((resolve) => stream.once("close", () => resolve()));
  stream.destroy();
  await closed;
}
