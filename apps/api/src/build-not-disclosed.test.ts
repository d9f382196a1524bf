/**
 * A client without a key learns neither the release nor the build serving it (a security review asks for that: a
 * version names the known flaws to try); the operator reads them in `rapport --version` and the logs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runRapport, startRapportServer } from "./testing/built-cli.js";
import { migratedDatabaseAt } from "./testing/migrated-database.js";
import { RAPPORT_VERSION } from "./version.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-build-not-disclosed-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe("a server's answers to a client without a key", { timeout: 60_000 }, () => {
  it("name neither its release nor the commit it was built from, in a body or a header", async () => {
    const database = migratedDatabaseAt(join(folder, "disclosed.db"));
    const build = (await runRapport(database, "--version")).stdout.trim();
    const commit = build.split("+")[1]?.split(".")[0];
    const server = await startRapportServer(database);
    try {
      const paths = ["/health", "/ready", "/v1/openapi.json", "/docs", "/.well-known/oauth-protected-resource", "/.well-known/oauth-protected-resource/mcp", "/v1/persons", "/mcp", "/nowhere"];
      for (const path of paths) {
        const response = await fetch(`${server.url}${path}`);
        const text = `${[...response.headers].map(([name, value]) => `${name}: ${value}`).join("\n")}\n${await response.text()}`;
        expect(text, path).not.toContain(RAPPORT_VERSION);
        if (commit) expect(text, path).not.toContain(commit);
      }
      const initialize = await fetch(`${server.url}/mcp`, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json, text/event-stream" },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "probe", version: "1" } } }),
      });
      expect(initialize.status).toBe(401);
      expect(await initialize.text()).not.toContain(RAPPORT_VERSION);
    } finally {
      await server.stop();
    }
  });
});
