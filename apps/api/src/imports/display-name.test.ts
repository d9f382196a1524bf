import { describe, expect, it } from "vitest";
import { personNameOf } from "./display-name.js";

describe("personNameOf", () => {
  it("turns round a directory's 'Last, First' only when each side is one word and the second a first name", () => {
    expect(personNameOf("Partner, Bob")).toBe("Bob Partner");
    expect(personNameOf(" O'Neil ,  Anne-Marie ")).toBe("Anne-Marie O'Neil");
    expect(personNameOf("Weiß, Jörg")).toBe("Jörg Weiß");
    // Letters written with marks: Devanagari's vowel signs, Thai's, Arabic's vowel points, a decomposed "ö" (NFD).
    expect(personNameOf("पटेल, अमित")).toBe("अमित पटेल");
    expect(personNameOf("ใจดี, สมชาย")).toBe("สมชาย ใจดี");
    expect(personNameOf("العَلي, مُحَمَّد")).toBe("مُحَمَّد العَلي");
    expect(personNameOf("Mu\u0308ller, Jo\u0308rg")).toBe("Jo\u0308rg Mu\u0308ller");
    expect(personNameOf("Иванов, Дмитрий")).toBe("Дмитрий Иванов");
    expect(personNameOf("\u0301Smith, Bob")).toBe("\u0301Smith, Bob");
    // A family name's lower-case particles, before the comma or after the first name (as Dutch directories sort).
    expect(personNameOf("van der Berg, Anna")).toBe("Anna van der Berg");
    expect(personNameOf("de Vries, Pieter")).toBe("Pieter de Vries");
    expect(personNameOf("Vries, Pieter de")).toBe("Pieter de Vries");
    expect(personNameOf("Berg, Jan-Willem van der")).toBe("Jan-Willem van der Berg");
    for (const kept of ["Van Sales, Team", "de Vries, Pieter Jan", "van der Berg, Anna de", "Sales Team, Europe", "Partner, Bob J.", "Smith, Jr", "Acme, Inc", "Sales, Marketing, Ops", "Partner, Bob (Acme)", "Bob Partner"]) {
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
