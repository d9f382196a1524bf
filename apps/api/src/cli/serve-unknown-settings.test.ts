/** `rapport serve` names the RAPPORT_ variables it does not read in its log, with the setting likely meant. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { serveOnceForLogs } from "../testing/built-cli.js";
import { migratedDatabaseAt } from "../testing/migrated-database.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-serve-unknown-settings-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.RAPPORT_PORTT;
  delete process.env.RAPPORT_LOGLEVEL;
  delete process.env.RAPPORT_KEEP_ALIVE_SECONDS;
});

describe("rapport serve with a misspelt setting", () => {
  // One serve for both checks (each start costs over a second of processor time): a setting it reads, set beside the
  // misspelt ones, is not among the warnings, which are exactly the misspelt ones.
  it("warns of each unknown RAPPORT_ variable by name (not its value), with the one likely meant, of none it reads, and serves", async () => {
    // The server inherits this process's environment.
    process.env.RAPPORT_PORTT = "19391";
    process.env.RAPPORT_LOGLEVEL = "debug";
    process.env.RAPPORT_KEEP_ALIVE_SECONDS = "7";
    const { exit, logs } = await serveOnceForLogs(migratedDatabaseAt(join(folder, "misspelt.db")));
    expect(exit).toBe(0);
    const warnings = logs.filter((line) => line.msg === "unknown RAPPORT_ variable ignored");
    expect(warnings).toEqual([
      expect.objectContaining({ level: 40, variable: "RAPPORT_LOGLEVEL", meant: "RAPPORT_LOG_LEVEL" }),
      expect.objectContaining({ level: 40, variable: "RAPPORT_PORTT", meant: "--port" }),
    ]);
    expect(JSON.stringify(warnings)).not.toContain("19391");
    expect(logs.some((line) => line.msg === "listening")).toBe(true);
  });
});
