/** Each migration event as one structured info line: its start, a long one's progress, its end with the duration. */
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { logMigrations } from "./migration-log.js";

describe("logMigrations", () => {
  it("writes a line for each event, naming the migration, with its figures", () => {
    const lines: Array<Record<string, unknown>> = [];
    const observe = logMigrations(pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line) as Record<string, unknown>) }));
    observe({ event: "started", migration: "0061-email-bodies-announced" });
    observe({ event: "running", migration: "0061-email-bodies-announced", elapsedMs: 10_004, statements: 812 });
    observe({ event: "finished", migration: "0061-email-bodies-announced", durationMs: 12_345 });
    expect(lines.map(({ level, msg, migration, elapsedMs, statements, durationMs }) => ({ level, msg, migration, elapsedMs, statements, durationMs }))).toEqual([
      { level: 30, msg: "migration started", migration: "0061-email-bodies-announced", elapsedMs: undefined, statements: undefined, durationMs: undefined },
      { level: 30, msg: "migration running", migration: "0061-email-bodies-announced", elapsedMs: 10_004, statements: 812, durationMs: undefined },
      { level: 30, msg: "migration finished", migration: "0061-email-bodies-announced", durationMs: 12_345, elapsedMs: undefined, statements: undefined },
    ]);
  });
});
