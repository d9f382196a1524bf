import { describe, expect, it } from "vitest";
import { canonicalMessageId, messageIdForms } from "./message-id-forms.js";

describe("messageIdForms", () => {
  it("gives the id as given, then its other form", () => {
    expect(messageIdForms("<m1@x.example>")).toEqual(["<m1@x.example>", "m1@x.example"]);
    expect(messageIdForms("m1@x.example")).toEqual(["m1@x.example", "<m1@x.example>"]);
  });

  it("gives only the id itself when brackets would make another id or none", () => {
    for (const id of ["<>", "< >", "<a<b>", "<a>b>", "a>", "<a", "a<b>c", ""]) expect(messageIdForms(id)).toEqual([id]);
  });
});

describe("canonicalMessageId", () => {
  it("gives both forms of one id one key, the bare one, and leaves ids without another form as they are", () => {
    expect(canonicalMessageId("<m1@x.example>")).toBe("m1@x.example");
    expect(canonicalMessageId("m1@x.example")).toBe("m1@x.example");
    expect(canonicalMessageId("< m1@x.example >")).toBe("m1@x.example");
    for (const id of ["<>", "<a<b>", "<a"]) expect(canonicalMessageId(id)).toBe(id);
  });
});
