/** Reads a request body up to a byte limit, failing as soon as it goes over (declared or streamed). */

/**
 * The body's bytes; `tooLarge()` is thrown when Content-Length or the streamed size exceeds `limit`, and the error
 * `checkChunk` gives for a chunk as soon as that chunk arrives (the rest of the body is not waited for).
 */
export async function readBoundedBody(request: Request, limit: number, tooLarge: () => Error, checkChunk?: (chunk: Uint8Array) => Error | null): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge();
    }
    const problem = checkChunk?.(value) ?? null;
    if (problem !== null) {
      await reader.cancel();
      throw problem;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}
