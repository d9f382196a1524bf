/** What `rapport` prints for a failure: SQLite's full disk in plain words, not an "unexpected failure". */
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { cliFailureMessage } from "./cli-failure-message.js";
import { CliError } from "./cli-output.js";

/** A real SQLITE_FULL: a database allowed so few pages that an insert finds no room. */
function diskFullError(): unknown {
  const db = new SqliteDatabase(":memory:");
  try {
    db.exec("create table filler (text text)");
    db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true }) as number}`);
    db.prepare("insert into filler values (?)").run("x".repeat(10_000));
  } catch (error) {
    return error;
  } finally {
    db.close();
  }
  throw new Error("the insert found room: no SQLITE_FULL to test with");
}

describe("cliFailureMessage", () => {
  it("says the database's disk is full, that the write under way was not stored and what to do", () => {
    const error = diskFullError();
    expect((error as { code?: unknown }).code).toBe("SQLITE_FULL");
    expect(cliFailureMessage(error)).toBe(
      "the disk holding the database is full: the write under way was not stored; free space on it and run the command again",
    );
  });

  it("keeps a known error's message and quotes anything else as an unexpected failure", () => {
    expect(cliFailureMessage(new CliError("no such tenant"))).toBe("no such tenant");
    expect(cliFailureMessage(new Error("boom"))).toBe("unexpected failure: boom");
    expect(cliFailureMessage("boom")).toBe("unexpected failure: boom");
  });
});
