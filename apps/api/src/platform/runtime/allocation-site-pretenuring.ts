/**
 * @module
 * V8 allocates an object straight into the old generation ("pretenures" it) when earlier objects from the
 * same line of code mostly survived their first collections. A large company's ranking runs long enough for
 * its objects to survive, and the ranking code is the same for every target: from then on, every ranking's
 * short-lived objects go to the old generation, which grows by hundreds of MiB of garbage between full
 * collections. At benchmark scale L, one process hydrating a tenant's graph and then asking every target
 * peaked at 1,157 MiB of RSS during hydration and 1,337 to 1,667 MiB while asking; with pretenuring off, 902
 * and 1,047 MiB, its hydration no slower (69.0 s against 73.0 s in the same minutes).
 */
import { setFlagsFromString } from "node:v8";

/**
 * Turns V8's allocation-site pretenuring off for this process, before any graph is hydrated. The server and
 * the CLI call it at start; a service embedding the graphs may call it, or start Node with
 * `--no-allocation-site-pretenuring`, for the same memory.
 */
export function turnOffAllocationSitePretenuring(): void {
  setFlagsFromString("--no-allocation-site-pretenuring");
}
