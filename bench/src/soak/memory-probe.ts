/**
 * @module
 * Loaded into the soaked server with `node --expose-gc --import memory-probe.js` (never into the product): on
 * SIGUSR2 it collects garbage and appends one JSON line of the process's memory and live handles to the file
 * `SOAK_PROBE_OUT` names, which the soak reads after each signal.
 */
import { appendFileSync } from "node:fs";

const out = process.env.SOAK_PROBE_OUT;
const collect = (globalThis as { gc?: () => void }).gc;

if (out !== undefined && out !== "") {
  process.on("SIGUSR2", () => {
    collect?.();
    const memory = process.memoryUsage();
    const resources = process.getActiveResourcesInfo();
    const byKind: Record<string, number> = {};
    for (const kind of resources) byKind[kind] = (byKind[kind] ?? 0) + 1;
    appendFileSync(out, `${JSON.stringify({ at: Date.now(), collected: collect !== undefined, ...memory, resources: byKind })}\n`);
  });
}
