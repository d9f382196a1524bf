import { describe, expect, it } from "vitest";
import { defaultScoringParameters, resolveScoringParameters } from "../scoring-parameters.js";
import { GraphState } from "./graph-state.js";
import { AffiliationsByCompany, hydrateInteraction, hydrateInternalUser, requireRows } from "./hydration-rows.js";

describe("hydration rows", () => {
  it("applies users, affiliations and interactions to a state", () => {
    const state = new GraphState(resolveScoringParameters(undefined, defaultScoringParameters));
    hydrateInternalUser("f", state, { userUuid: "user-ada", personUuid: "ada" });
    const affiliations = new AffiliationsByCompany();
    affiliations.add("f", { personUuid: "dana", companyUuid: "acme" });
    affiliations.add("f", { personUuid: "eve", companyUuid: "acme", current: false });
    for (const [personUuid, companyUuid] of affiliations.pairs()) state.setAffiliation(personUuid, companyUuid);
    hydrateInteraction("f", state, { id: "e1", kind: "email", occurredAt: 0, senderUuid: "ada", recipientUuids: ["dana"] });
    expect(state.personByUser.get("user-ada")?.uuid).toBe("ada");
    expect([...(state.companyMembers.get("acme") ?? [])].map((person) => person.uuid)).toEqual(["dana"]);
    expect(state.indexedCount).toBe(1);
  });

  it("checks that rows can be iterated", () => {
    async function* rows(): AsyncGenerator<number> {}
    expect(requireRows("f", "rows", rows(), true)).toBeDefined();
    expect(() => requireRows("f", "rows", rows(), false)).toThrow('f: expecting "rows" to be an iterable but got "{}".');
    expect(() => new AffiliationsByCompany().add("f", { personUuid: "dana" })).toThrow(
      'f: expecting "affiliations[].companyUuid" to be a non-empty string but got "undefined".',
    );
  });

  it("refuses a field a user or affiliation row does not have: a misspelt `curent: false` must not record a current affiliation", () => {
    expect(() => new AffiliationsByCompany().add("f", { personUuid: "dana", companyUuid: "acme", curent: false })).toThrow(
      'f: expecting a known affiliation field ("personUuid", "companyUuid", "current") but got "curent".',
    );
    const state = new GraphState(resolveScoringParameters(undefined, defaultScoringParameters));
    expect(() => hydrateInternalUser("f", state, { userUuid: "user-ada", personUuid: "ada", isActive: false })).toThrow(
      'f: expecting a known internal user field ("userUuid", "personUuid") but got "isActive".',
    );
    expect(state.personByUser.size).toBe(0);
  });

  it("gives back affiliations company by company, the largest first, then as first seen, members in their rows' order", () => {
    const affiliations = new AffiliationsByCompany();
    for (const [personUuid, companyUuid] of [
      ["ada", "zeta"],
      ["bo", "acme"],
      ["cy", "zeta"],
      ["dana", "acme"],
      ["ada", "acme"],
      ["eve", "kilo"],
      ["fay", "kilo"],
    ]) {
      affiliations.add("f", { personUuid, companyUuid });
    }
    expect([...affiliations.pairs()]).toEqual([
      ["bo", "acme"],
      ["dana", "acme"],
      ["ada", "acme"],
      ["ada", "zeta"],
      ["cy", "zeta"],
      ["eve", "kilo"],
      ["fay", "kilo"],
    ]);
  });
});
