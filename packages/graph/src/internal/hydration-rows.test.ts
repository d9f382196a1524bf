import { describe, expect, it } from "vitest";
import { defaultScoringParameters, resolveScoringParameters } from "../scoring-parameters.js";
import { GraphState } from "./graph-state.js";
import { hydrateAffiliation, hydrateInteraction, hydrateInternalUser, requireRows } from "./hydration-rows.js";

describe("hydration rows", () => {
  it("applies users, affiliations and interactions to a state", () => {
    const state = new GraphState(resolveScoringParameters(undefined, defaultScoringParameters));
    hydrateInternalUser("f", state, { userUuid: "user-ada", personUuid: "ada" });
    hydrateAffiliation("f", state, { personUuid: "dana", companyUuid: "acme" });
    hydrateAffiliation("f", state, { personUuid: "eve", companyUuid: "acme", current: false });
    hydrateInteraction("f", state, { id: "e1", kind: "email", occurredAt: 0, senderUuid: "ada", recipientUuids: ["dana"] });
    expect(state.personByUser.get("user-ada")?.uuid).toBe("ada");
    expect([...(state.companyMembers.get("acme") ?? [])].map((person) => person.uuid)).toEqual(["dana"]);
    expect(state.indexedCount).toBe(1);
  });

  it("checks that rows can be iterated", () => {
    async function* rows(): AsyncGenerator<number> {}
    expect(requireRows("f", "rows", rows(), true)).toBeDefined();
    expect(() => requireRows("f", "rows", rows(), false)).toThrow('f: expecting "rows" to be an iterable but got "{}".');
    expect(() => hydrateAffiliation("f", new GraphState(resolveScoringParameters()), { personUuid: "dana" })).toThrow(
      'f: expecting "affiliations[].companyUuid" to be a non-empty string but got "undefined".',
    );
  });
});
