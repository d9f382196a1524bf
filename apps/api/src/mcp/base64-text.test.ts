import { describe, expect, it } from "vitest";
import { isBase64Text } from "./base64-text.js";

describe("isBase64Text", () => {
  it("takes base64 as encoders write it: padded or not, URL-safe, wrapped in lines", () => {
    for (const text of ["", "aGVsbG8=", "aGVsbG8", "aGk=", "aGk", "-_-_", `${"QUJD".repeat(19)}\r\n${"QUJD".repeat(3)}`]) expect(isBase64Text(text)).toBe(true);
  });

  it("refuses other characters, misplaced padding and a dangling character", () => {
    for (const text of ["!!!notbase64", "aGVs bG8=!", "aG=Vs", "aGVsb", "aGVsbG8==="]) expect(isBase64Text(text)).toBe(false);
  });
});
