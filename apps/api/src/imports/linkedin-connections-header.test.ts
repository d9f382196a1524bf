import { describe, expect, it } from "vitest";
import { jobSourceOfHeader } from "./linkedin-connections-header.js";

describe("jobSourceOfHeader", () => {
  it("tells LinkedIn's connections export by its header, with or without its URL and address columns", () => {
    expect(jobSourceOfHeader(["First Name", "Last Name", "URL", "Email Address", "Company", "Position", "Connected On"])).toBe("linkedin_connections");
    expect(jobSourceOfHeader(["First Name", "Last Name", "Email Address", "Company", "Position", "Connected On"])).toBe("linkedin_connections");
  });

  it("takes no other CSV for it: a CRM's or an address book's export says neither its system nor its date", () => {
    expect(jobSourceOfHeader(["First Name", "Last Name", "Email", "Company", "Job Title"])).toBeNull();
    expect(jobSourceOfHeader(["First Name", "Last Name", "Company", "Position"])).toBeNull();
  });
});
