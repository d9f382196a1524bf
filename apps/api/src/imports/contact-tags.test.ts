import { describe, expect, it } from "vitest";
import { contactTags } from "./contact-tags.js";

describe("contactTags", () => {
  it("takes off Google's system group mark, leaves out its group of every contact, and keeps each tag once", () => {
    expect(contactTags(["* myContacts", "* starred", " Investors ", "MyContacts", "Investors", "", "*"])).toEqual(["starred", "Investors", "*"]);
    expect(contactTags(["İstanbul", "ISTANBUL", "istanbul"])).toEqual(["İstanbul"]);
  });
});
