/** timeBoundMeant: a list's time bound for a word meaning a start or an end. */
import { describe, expect, it } from "vitest";
import { timeBoundMeant } from "./time-bound-meant.js";

const timeline = ["per_page", "cursor", "occurred_after", "occurred_before"];

describe("timeBoundMeant", () => {
  it("names occurred_after for a start and occurred_before for an end, in any case", () => {
    expect(timeBoundMeant("since", timeline)).toBe("occurred_after");
    expect(timeBoundMeant("Occurred-Since", timeline)).toBe("occurred_after");
    expect(timeBoundMeant("until", timeline)).toBe("occurred_before");
    expect(timeBoundMeant("before", timeline)).toBe("occurred_before");
  });

  it("names the email list's and the meeting list's bounds, and a relationship list's", () => {
    const emails = ["per_page", "person_uuid", "sent_from", "sent_to", "order"];
    expect(timeBoundMeant("since", emails)).toBe("sent_from");
    expect(timeBoundMeant("after", emails)).toBe("sent_from");
    expect(timeBoundMeant("until", emails)).toBe("sent_to");
    // On an email, from and to are its sender and recipients.
    expect(timeBoundMeant("from", emails)).toBeNull();
    expect(timeBoundMeant("to", emails)).toBeNull();
    const meetings = ["person_uuid", "starts_from", "starts_to", "updated_after"];
    expect(timeBoundMeant("from", meetings)).toBe("starts_from");
    expect(timeBoundMeant("before", meetings)).toBe("starts_to");
    expect(timeBoundMeant("until", ["user_uuid", "last_activity_after", "last_activity_before"])).toBe("last_activity_before");
  });

  it("names nothing where the operation has no such bound, or for another word", () => {
    expect(timeBoundMeant("since", ["per_page", "modified_since"])).toBeNull();
    expect(timeBoundMeant("until", ["occurred_after"])).toBeNull();
    expect(timeBoundMeant("name", timeline)).toBeNull();
    // Two ranges: which one is meant is not known.
    expect(timeBoundMeant("since", ["sent_from", "sent_to", "starts_from", "starts_to"])).toBeNull();
  });
});
