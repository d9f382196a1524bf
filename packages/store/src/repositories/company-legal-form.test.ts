import { describe, expect, it } from "vitest";
import { withoutLegalForm } from "./company-legal-form.js";

describe("withoutLegalForm", () => {
  it.each([
    ["Northwind Robotics Inc", "Northwind Robotics"],
    ["Northwind Robotics, Inc.", "Northwind Robotics"],
    ["Acme Co., Ltd.", "Acme"],
    ["Müller GmbH & Co. KG", "Müller"],
    ["Cemex S.A. de C.V.", "Cemex"],
    ["Ørsted A/S", "Ørsted"],
    ["Fiat S.p.A.", "Fiat"],
    ["Procter & Gamble Co", "Procter & Gamble"],
    ["ＡＣＭＥ ＧＭＢＨ", "ACME"],
  ])("drops the legal forms ending %s", (name, expected) => {
    expect(withoutLegalForm(name)).toBe(expected);
  });

  it("keeps a name that is no more than a legal form, one that ends in none and a legal form that starts it", () => {
    expect(withoutLegalForm("AG")).toBe("AG");
    expect(withoutLegalForm("Inc.")).toBe("Inc.");
    expect(withoutLegalForm("Northwind Robotics")).toBe("Northwind Robotics");
    expect(withoutLegalForm("AB Volvo")).toBe("AB Volvo");
    expect(withoutLegalForm("Incorporated Television")).toBe("Incorporated Television");
  });

  it("keeps a name of no words as it is (a filter of punctuation alone threw)", () => {
    expect(withoutLegalForm("[]")).toBe("[]");
    expect(withoutLegalForm(" ,. ")).toBe(" ,. ");
    expect(withoutLegalForm("")).toBe("");
  });
});
