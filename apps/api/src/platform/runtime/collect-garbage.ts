/**
 * @module
 * A full garbage collection on demand. Hydrating a large tenant's graph leaves V8 a heap of several hundred
 * MiB to collect, and left to itself it does so during the next seconds of requests: at benchmark scale L,
 * full collections of 0.3 to 0.55 s and then an incremental one whose marking steps take 0.1 s more of the
 * main thread, while the first batches it ranks take up to 166 ms against 5 to 34 ms later
 * (`bench/HISTORY.md`, thirty-first session). The server collects once right after a hydration instead, when
 * the request that waited for it has waited a minute already.
 */
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let collect: (() => void) | null = null;

/**
 * Runs V8's full garbage collection now, synchronously on this thread (a few hundred milliseconds for a
 * large graph's heap). Works without `node --expose-gc`.
 */
export function collectGarbageNow(): void {
  if (collect === null) {
    const exposed = (globalThis as { gc?: () => void }).gc;
    if (typeof exposed === "function") {
      collect = exposed;
    } else {
      // The flag adds `gc` to the contexts created after it is set, not to this one's globals.
      setFlagsFromString("--expose-gc");
      collect = runInNewContext("gc") as () => void;
    }
  }
  collect();
}
