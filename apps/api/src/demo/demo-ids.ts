/** Deterministic UUIDs for the demo tenant, so the README's examples can name its records. */
import { createHash } from "node:crypto";

/** The UUID of the demo record called `name`: the same on every machine, every time. */
export function demoUuid(name: string): string {
  const hex = createHash("sha256").update(`rapport-demo/${name}`).digest("hex");
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The demo tenant's UUID, "Demo Capital": the same on every machine. */
export const DEMO_TENANT_UUID = demoUuid("tenant");
