/**
 * `writeOutLogs`, the server's step before `process.exit`: every line the logger took reaches a reader that reads
 * late, whole and in order, even the last one logged while a big write was still under way (pino's flush at exit
 * wrote that one at once, inside the line before it).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { latePipeReader } from "../../testing/late-reader-pipe.js";
import { createLogger, writeOutLogs } from "./logger.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-write-out-logs-"));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe("writeOutLogs", () => {
  it("writes out a big line and the last one whole and in order to a slow reader, then drops what comes after", async () => {
    const pipe = latePipeReader(folder);
    const logger = createLogger({ level: "info" }, pipe.fd);
    logger.info({ filler: "x".repeat(2 * 1024 * 1024) }, "big");
    logger.info("stopped: database closed");
    await writeOutLogs(logger);
    expect(() => logger.info("after the close")).not.toThrow();
    const lines = await pipe.linesRead<{ msg: string }>();
    expect(lines.map((line) => line.msg)).toEqual(["big", "stopped: database closed"]);
  });

  it("leaves a logger it did not make as it is", async () => {
    await expect(writeOutLogs(createLogger({ level: "silent" }).child({}))).resolves.toBeUndefined();
  });
});
