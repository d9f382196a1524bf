import { describe, expect, it } from "vitest";
import { describeRelationship } from "./describe-relationship.js";

const at = Date.UTC(2026, 10, 2);

describe("describeRelationship", () => {
  it("states the window counts and the last date", () => {
    expect(describeRelationship({ emails: 20, meetings: 4, windowEmails: 12, windowMeetings: 3, lastAt: at }, 90)).toBe(
      "12 emails and 3 meetings in the last 90 days, last on 2026-11-02",
    );
    expect(describeRelationship({ emails: 1, meetings: 0, windowEmails: 1, windowMeetings: 0, lastAt: at }, 30)).toBe("1 email in the last 30 days, last on 2026-11-02");
    expect(describeRelationship({ emails: 0, meetings: 1, windowEmails: 0, windowMeetings: 1, lastAt: at }, 90)).toBe("1 meeting in the last 90 days, last on 2026-11-02");
  });

  it("says a window of one day in the singular", () => {
    expect(describeRelationship({ emails: 1, meetings: 0, windowEmails: 1, windowMeetings: 0, lastAt: at }, 1)).toBe("1 email in the last 1 day, last on 2026-11-02");
    expect(describeRelationship({ emails: 2, meetings: 0, windowEmails: 0, windowMeetings: 0, lastAt: at }, 1)).toBe(
      "No interactions in the last 1 day; 2 emails in total, last on 2026-11-02",
    );
    expect(describeRelationship({ emails: 1, meetings: 0, windowEmails: 1, windowMeetings: 0, lastAt: at }, 1.5)).toBe("1 email in the last 1.5 days, last on 2026-11-02");
  });

  it("falls back to totals, then to nothing", () => {
    expect(describeRelationship({ emails: 2, meetings: 1, windowEmails: 0, windowMeetings: 0, lastAt: at }, 90)).toBe(
      "No interactions in the last 90 days; 2 emails and 1 meeting in total, last on 2026-11-02",
    );
    expect(describeRelationship({ emails: 0, meetings: 0, windowEmails: 0, windowMeetings: 0, lastAt: null }, 90)).toBe("No recorded interactions");
  });
});
