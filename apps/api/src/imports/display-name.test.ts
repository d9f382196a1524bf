import { describe, expect, it } from "vitest";
import { personNameOf } from "./display-name.js";

describe("personNameOf", () => {
  it("turns round a directory's 'Last, First' only when each side is one word and the second a first name", () => {
    expect(personNameOf("Partner, Bob")).toBe("Bob Partner");
    expect(personNameOf(" O'Neil ,  Anne-Marie ")).toBe("Anne-Marie O'Neil");
    expect(personNameOf("Weiß, Jörg")).toBe("Jörg Weiß");
    for (const kept of ["van der Berg, Anna", "Partner, Bob J.", "Smith, Jr", "Acme, Inc", "Sales, Marketing, Ops", "Partner, Bob (Acme)", "Bob Partner"]) {
      expect(personNameOf(kept)).toBe(kept);
    }
  });

  it("gives no name for an address written as the name, quoted or not, nor for a blank one", () => {
    for (const none of ["bob@partner.example", "Bob@Partner.Example", "'bob@partner.example'", "other@elsewhere.example", "  ", "", null, undefined]) {
      expect(personNameOf(none)).toBeNull();
    }
    expect(personNameOf("Bob at partner.example")).toBe("Bob at partner.example");
  });
});
