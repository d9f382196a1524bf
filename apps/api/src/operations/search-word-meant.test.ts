/** searchWordMeant: the filter a search word of a client's own means, where the list has one. */
import { describe, expect, it } from "vitest";
import { searchWordMeant } from "./search-word-meant.js";

const persons = ["per_page", "uuids", "name", "company_uuid", "city"];
const companies = ["per_page", "uuids", "name", "domain"];
const opportunities = ["per_page", "name", "search", "company_uuid"];

describe("searchWordMeant", () => {
  it("names name for a search word on the person and company lists, in any case", () => {
    expect(searchWordMeant("search", persons)).toBe("name");
    expect(searchWordMeant("Q", companies)).toBe("name");
    expect(searchWordMeant("full-name", persons)).toBe("name");
  });

  it("names the company filter for company_name on the person list, and name on the company list", () => {
    expect(searchWordMeant("company_name", persons)).toBe("company_uuid");
    expect(searchWordMeant("company_name", companies)).toBe("name");
  });

  it("names search where the list takes it", () => {
    expect(searchWordMeant("query", opportunities)).toBe("search");
    expect(searchWordMeant("q", opportunities)).toBe("search");
  });

  it("names nothing where the list has neither, or for another word", () => {
    expect(searchWordMeant("search", ["per_page", "since"])).toBeNull();
    expect(searchWordMeant("colour", persons)).toBeNull();
  });
});
