import { describe, expect, it } from "vitest";
import { TeamLinkLog } from "./team-link-log.js";

describe("TeamLinkLog", () => {
  it("gives each reader the persons changed since its position", () => {
    const log = new TeamLinkLog();
    const first = log.end;
    log.changed(3);
    log.changed(5);
    const second = log.end;
    log.changed(3);
    expect(log.since(first)).toEqual([3, 5, 3]);
    expect(log.since(second)).toEqual([3]);
    expect(log.since(log.end)).toEqual([]);
  });

  it("cannot tell a reader behind a team change, or behind the start of the log", () => {
    const log = new TeamLinkLog();
    const before = log.end;
    log.changed(1);
    log.teamChanged();
    const after = log.end;
    log.changed(2);
    expect(log.since(before)).toBeNull();
    expect(log.since(after)).toEqual([2]);
    for (let count = 0; count < 70_000; count += 1) log.changed(count);
    expect(log.since(after)).toBeNull();
    const recent = log.end - 10;
    expect(log.since(recent)).toHaveLength(10);
  });
});
