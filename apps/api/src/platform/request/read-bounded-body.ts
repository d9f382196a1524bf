/** Reads a request body up to a byte limit, failing as soon as it goes over (declared or streamed). */
import { ApiError } from "../errors/api-error.js";

/**
 * The body broke off before its end: the client closed the connection while sending it (a timeout, a crash, a
 * dropped network). No one reads the answer; the access log shows a 400 with `clientLeft`, not a 500 with an
 * "unhandled error" logged as the server's fault.
 */
export class BodyCutOffError extends ApiError {
  constructor() {
    super(400, "request body ended before it was whole: the connection closed while it was being sent, and nothing was written");
  }
}

/** Whether a body's read failed because the connection went (Node's "aborted", ECONNRESET), not for a fault of ours. */
function connectionWent(request: Request, error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return request.signal.aborted || code === "ECONNRESET" || code === "ERR_STREAM_PREMATURE_CLOSE";
}

/**
 * The body's bytes; `tooLarge()` is thrown when Content-Length or the streamed size exceeds `limit`, and the error
 * `checkChunk` gives for a chunk as soon as that chunk arrives (the rest of the body is not waited for); a
 * `BodyCutOffError` when the connection closes before the body's end.
 */
export async function readBoundedBody(request: Request, limit: number, tooLarge: () => Error, checkChunk?: (chunk: Uint8Array) => Error | null): Promise<Buffer> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let read: Awaited<ReturnType<typeof reader.read>>;
    try {
      read = await reader.read();
    } catch (error) {
      if (connectionWent(request, error)) throw new BodyCutOffError();
      throw error;
    }
    const { done, value } = read;
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
