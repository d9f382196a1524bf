/**
 * `reportCrash`: the fatal line comes last and whole in the log, after every line taken before it, even when a big
 * line is still being written to a slow reader (pino writes a fatal line at once, which landed inside that one).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { latePipeReader } from "../../testing/late-reader-pipe.js";
import { reportCrash } from "./log-crashes.js";
import { createLogger } from "./logger.js";

const folder = mkdtempSync(join(tmpdir(), "rapport-log-crashes-"));
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe("reportCrash", () => {
  it("logs the crash after a big line still under way to a slow reader, whole and last, then exits with 1", async () => {
    const pipe = latePipeReader(folder);
    const logger = createLogger({ level: "info" }, pipe.fd);
    logger.info({ filler: "x".repeat(2 * 1024 * 1024) }, "big");
    const exitCodes: number[] = [];
    await reportCrash(logger, new Error("crash test: nobody caught this"), "uncaughtException", (code) => exitCodes.push(code));
    expect(exitCodes).toEqual([1]);
    const lines = await pipe.linesRead<{ msg: string; err?: { message: string } }>();
    expect(lines.map((line) => line.msg)).toEqual(["big", "crashed: uncaught exception"]);
    expect(lines[1]).toMatchObject({ err: { message: "crash test: nobody caught this" } });
  });
});
