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
    if (!closedSocket(error)) throw error;
    return fetch(url, init);
  }
}

function closedSocket(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return error instanceof TypeError && (cause?.code === "UND_ERR_SOCKET" || cause?.code === "ECONNRESET");
}
