/**
 * @module
 * The benchmark's HTTP client: fetch, once more on a fresh connection when a kept-alive socket
 * turns out to be closed. The measuring process runs synchronous SQL baselines for seconds; its
 * timers cannot run meanwhile, so the pool keeps a socket that the server has closed as idle.
 * Every request the benchmark repeats this way only reads.
 */
export async function benchFetch(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if (!isClosedSocketError(error)) throw error;
    return fetch(url, init);
  }
}

/** Codes of a socket the server closed: found on reading (reset, undici's socket error) or on writing (EPIPE). */
const CLOSED_SOCKET_CODES = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"]);

/** Whether fetch failed because its kept-alive socket had been closed by the server. */
export function isClosedSocketError(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return error instanceof TypeError && CLOSED_SOCKET_CODES.has(cause?.code ?? "");
}
