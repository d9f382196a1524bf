import { describe, expect, it } from "vitest";
import { isWebAddress, nullableTextAsWritten, nullableWebAddress } from "./field-schemas.js";

describe("isWebAddress", () => {
  it("accepts http(s) URLs and addresses written without a scheme", () => {
    for (const text of ["https://acme.com", "http://www.acme.com/about?x=1#top", "acme.com", "www.linkedin.com/company/acme", "acme.co.uk:8080/path", "HTTPS://ACME.COM"]) {
      expect(isWebAddress(text), text).toBe(true);
    }
  });

  it("refuses other schemes, bare words and text with spaces", () => {
    for (const text of ["javascript:alert(1)", "JavaScript:alert(1)", "data:text/html,<b>x</b>", "ftp://acme.com", "mailto:a@acme.com", "acme", "https://", "acme .com", "java.script:alert(1)", "//acme.com"]) {
      expect(isWebAddress(text), text).toBe(false);
    }
  });
});

describe("nullableWebAddress", () => {
  const field = nullableWebAddress("Website.");
  it("trims, maps blank to null, and reports a bad address", () => {
    expect(field.parse("  https://acme.com/ ")).toBe("https://acme.com/");
    expect(field.parse("   ")).toBeNull();
    expect(field.parse(null)).toBeNull();
    const refused = field.safeParse("javascript:alert(1)");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toMatch(/not a web address/);
  });
});

describe("nullableTextAsWritten", () => {
  const field = nullableTextAsWritten("Details.", 20);
  it("maps blank text to null and keeps other text untrimmed", () => {
    for (const blank of ["", " ", "\n\t \r\n", null]) expect(field.parse(blank), JSON.stringify(blank)).toBeNull();
    expect(field.parse("  - first\n")).toBe("  - first\n");
  });

  it("counts the text as sent against its limit", () => {
    const refused = field.safeParse(" ".repeat(21));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("at most 20 characters");
  });
});
