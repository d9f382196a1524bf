/**
 * `reportCrash`: the fatal line comes last and whole in the log, after every line taken before it, even when a big
 * line is still being written to a slow reader (pino writes a fatal line at once, which landed inside that one).
 */
import { execFileSync, spawn } from "node:child_process";
import { constants, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { reportCrash } from "./log-crashes.js";
import { createLogger } from "./logger.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-log-crashes-"));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe("reportCrash", () => {
  it("logs the crash after a big line still under way to a slow reader, whole and last, then exits with 1", async () => {
    const fifo = join(folder, "log.fifo");
    const copy = join(folder, "log.txt");
    execFileSync("mkfifo", [fifo]);
    // A reader that starts late, as a busy log collector does, and copies what it reads until the writer closes.
    const reader = spawn("sh", ["-c", `sleep 0.3; cat "${fifo}" > "${copy}"`]);
    const readerDone = new Promise((resolve) => reader.once("close", resolve));
    // Read-write, so opening does not wait for the reader; the pipe holds far less than the big line.
    const logger = createLogger({ level: "info" }, openSync(fifo, constants.O_RDWR));
    logger.info({ filler: "x".repeat(2 * 1024 * 1024) }, "big");
    const exitCodes: number[] = [];
    await reportCrash(logger, new Error("crash test: nobody caught this"), "uncaughtException", (code) => exitCodes.push(code));
    expect(exitCodes).toEqual([1]);
    await readerDone;
    const lines = readFileSync(copy, "utf8").trimEnd().split("\n").map((line) => JSON.parse(line) as { msg: string; err?: { message: string } });
    expect(lines.map((line) => line.msg)).toEqual(["big", "crashed: uncaught exception"]);
    expect(lines[1]).toMatchObject({ err: { message: "crash test: nobody caught this" } });
  });
});
