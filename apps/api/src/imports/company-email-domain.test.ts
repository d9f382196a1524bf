/** A contact's own address names their company's domain unless it is a free-mail, provider's or disposable one. */
import { describe, expect, it } from "vitest";
import { companyDomainOfEmails, isFreeEmailDomain } from "./company-email-domain.js";

describe("isFreeEmailDomain", () => {
  it("knows free-mail, internet provider and disposable domains, and those under them, but not a company's", () => {
    for (const domain of ["gmail.com", "GMAIL.com", "yahoo.co.uk", "comcast.net", "t-online.de", "mailinator.com", "mail.yahoo.co.uk"]) {
      expect(isFreeEmailDomain(domain), domain).toBe(true);
    }
    for (const domain of ["globex.example", "ibm.com", "us.ibm.com", "co.uk"]) expect(isFreeEmailDomain(domain), domain).toBe(false);
  });
});

describe("companyDomainOfEmails", () => {
  it("is the first company domain among the addresses, primary first, else null", () => {
    expect(companyDomainOfEmails(["jane@gmail.com", "jane@Globex.example", "jane@initech.example"])).toBe("globex.example");
    expect(companyDomainOfEmails(["jane@initech.example", "jane@globex.example"])).toBe("initech.example");
    expect(companyDomainOfEmails(["jane@gmail.com", "jane@hotmail.com"])).toBeNull();
    expect(companyDomainOfEmails(["root@localhost"])).toBeNull();
    expect(companyDomainOfEmails([])).toBeNull();
  });
});
