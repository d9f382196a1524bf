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

/**
 * Resolves once `GET {baseUrl}/ready` answers 200 (a server warming its graphs answers 503 until done), asking
 * every `pollMs`; rejects after `timeoutMs`, or at once when the server cannot be reached.
 */
export async function waitUntilReady(baseUrl: string, { timeoutMs = 30 * 60_000, pollMs = 250 } = {}): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const response = await benchFetch(`${baseUrl}/ready`);
    await response.arrayBuffer();
    if (response.status === 200) return;
    if (performance.now() >= deadline) throw new Error(`${baseUrl} was not ready after ${Math.round(timeoutMs / 1000)} s (last answer ${response.status})`);
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
