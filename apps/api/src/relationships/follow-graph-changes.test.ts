import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteStore } from "@rapport/store";
import { pino } from "pino";
import { afterAll, describe, expect, it, vi } from "vitest";
import { followGraphChanges } from "./follow-graph-changes.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-follow-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const DAY = 86_400_000;

describe("followGraphChanges", () => {
  it("brings a loaded graph up to another process's writes between requests, drops a deleted tenant's, and stops when told", async () => {
    const path = join(folder, "follow.db");
    const server = await createSqliteStore({ path });
    const other = await createSqliteStore({ path });
    const lines: string[] = [];
    const follower = followGraphChanges(server, pino({ level: "warn" }, { write: (line: string) => lines.push(line) }), 10);
    try {
      const tenant = await server.tenants.create({ name: "Acme", tier: "standard" });
      await server.users.create({ tenant_uuid: tenant.uuid, name: "Ada", email: "ada@acme.example", role: "member" });
      const graph = await server.graphs.forTenant(tenant.uuid);
      await other.emails.ingest(tenant.uuid, { message_id: "m1", sent_at: Date.now() - DAY, from: { email: "ada@acme.example" }, to: [{ email: "cleo@globex.example" }] });
      // No read of the server's asks for the tenant's graph: the follower's rounds catch it up.
      await vi.waitFor(() => expect(graph.interactionCount).toBe(1), { timeout: 30_000, interval: 10 });
      // A tenant deleted beside the server: its graph leaves the server's memory, the others' stay.
      const gone = await server.tenants.create({ name: "Gone", tier: "standard" });
      await server.graphs.forTenant(gone.uuid);
      await other.tenants.delete(gone.uuid);
      await vi.waitFor(() => expect(server.graphs.loadedTenants()).toEqual([tenant.uuid]), { timeout: 30_000, interval: 10 });

      follower.stop();
      await new Promise((resolve) => setTimeout(resolve, 50));
      await other.emails.ingest(tenant.uuid, { message_id: "m2", sent_at: Date.now() - DAY, from: { email: "ada@acme.example" }, to: [{ email: "dan@globex.example" }] });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(graph.interactionCount).toBe(1);
      expect(lines).toEqual([]);
    } finally {
      follower.stop();
      await other.close();
      await server.close();
    }
  });
});
