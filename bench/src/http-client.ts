/**
 * @module
 * The benchmark's HTTP client: fetch, again when a kept-alive socket turns out to be closed. The
 * measuring process runs synchronous SQL baselines for seconds; its timers cannot run meanwhile, so
 * the pool keeps sockets that the server has closed as idle, and each attempt can draw another of
 * them. Every request the benchmark repeats this way only reads.
 */

/** Attempts before a closed socket is taken for a server that is gone. */
const ATTEMPTS = 5;

export async function benchFetch(url: string, init: RequestInit = {}): Promise<Response> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await fetch(url, init);
    } catch (error) {
      if (attempt >= ATTEMPTS || !isClosedSocketError(error)) throw error;
    }
  }
}

/** Codes of a socket the server closed: found on reading (reset, undici's socket error) or on writing (EPIPE). */
const CLOSED_SOCKET_CODES = new Set(["UND_ERR_SOCKET", "ECONNRESET", "EPIPE"]);

/** Whether fetch failed because its kept-alive socket had been closed by the server. */
export function isClosedSocketError(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return error instanceof TypeError && CLOSED_SOCKET_CODES.has(cause?.code ?? "");
}
