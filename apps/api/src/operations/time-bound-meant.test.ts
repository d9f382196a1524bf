/** timeBoundMeant: the activity timelines' time bound for a word meaning a start or an end. */
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

  it("names nothing where the operation has no such bound, or for another word", () => {
    expect(timeBoundMeant("since", ["per_page", "modified_since"])).toBeNull();
    expect(timeBoundMeant("until", ["occurred_after"])).toBeNull();
    expect(timeBoundMeant("name", timeline)).toBeNull();
  });
});
