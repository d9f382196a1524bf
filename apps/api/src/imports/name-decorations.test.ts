import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { withoutNameDecorations } from "./name-decorations.js";

describe("withoutNameDecorations", () => {
  it("takes pronouns, credentials and emoji off a profile's name, and keeps a name and its Last, First order", () => {
    expect(withoutNameDecorations("Jane Doe, MBA")).toBe("Jane Doe");
    expect(withoutNameDecorations("Amy Wu, PhD, CFA 🚀")).toBe("Amy Wu");
    expect(withoutNameDecorations("Lee Park (He/Him)")).toBe("Lee Park");
    expect(withoutNameDecorations("Sam Roe, M.Sc., SHRM-CP")).toBe("Sam Roe");
    expect(withoutNameDecorations("John Smith, Jr.")).toBe("John Smith");
    expect(withoutNameDecorations("Zoë O’Brien 👩‍💻")).toBe("Zoë O’Brien");
    for (const kept of ["Doe, Jane", "García López, José", "José García", "Ana de la Cruz", "李伟", "Mary-Jane Smith-Jones"]) expect(withoutNameDecorations(kept)).toBe(kept);
    expect(withoutNameDecorations("🚀")).toBe("🚀");
  });

  it("is idempotent, never empties a name, and keeps a name of plain words whole", () => {
    const word = fc.stringMatching(/^[A-Z][a-zà-ÿ]{1,8}$/);
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 4 }), fc.string({ maxLength: 30 }), (words, anything) => {
        const name = words.join(" ");
        expect(withoutNameDecorations(name)).toBe(name);
        const once = withoutNameDecorations(`${name}${anything}`);
        expect(once.trim()).not.toBe("");
        expect(withoutNameDecorations(once)).toBe(once);
      }),
      { numRuns: 150 },
    );
  });
});
