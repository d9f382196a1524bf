/**
 * `writeOutLogs`, the server's step before `process.exit`: every line the logger took reaches a reader that reads
 * late, whole and in order, even the last one logged while a big write was still under way (pino's flush at exit
 * wrote that one at once, inside the line before it).
 */
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, openSync, readFileSync, rmSync, constants } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger, writeOutLogs } from "./logger.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-write-out-logs-"));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe("writeOutLogs", () => {
  it("writes out a big line and the last one whole and in order to a slow reader, then drops what comes after", async () => {
    const fifo = join(folder, "log.fifo");
    const copy = join(folder, "log.txt");
    execFileSync("mkfifo", [fifo]);
    // A reader that starts late, as a busy log collector does, and copies what it reads until the writer closes.
    const reader = spawn("sh", ["-c", `sleep 0.3; cat "${fifo}" > "${copy}"`]);
    const readerDone = new Promise((resolve) => reader.once("close", resolve));
    // Read-write, so opening does not wait for the reader; the pipe holds far less than the big line.
    const logger = createLogger({ level: "info" }, openSync(fifo, constants.O_RDWR));
    logger.info({ filler: "x".repeat(2 * 1024 * 1024) }, "big");
    logger.info("stopped: database closed");
    await writeOutLogs(logger);
    expect(() => logger.info("after the close")).not.toThrow();
    await readerDone;
    const lines = readFileSync(copy, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as { msg: string });
    expect(lines.map((line) => line.msg)).toEqual(["big", "stopped: database closed"]);
  });

  it("leaves a logger it did not make as it is", async () => {
    await expect(writeOutLogs(createLogger({ level: "silent" }).child({}))).resolves.toBeUndefined();
  });
});
