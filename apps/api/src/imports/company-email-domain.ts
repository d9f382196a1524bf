/**
 * @module
 * Whether a contact's own email address names their company's domain: any address whose domain is not a free-mail,
 * internet provider's or disposable one (the `free-email-domains` list, with its parent domains: `mail.yahoo.co.uk`).
 */
import freeEmailDomains from "free-email-domains";

const FREE_EMAIL_DOMAINS: ReadonlySet<string> = new Set(freeEmailDomains.map((domain) => domain.toLowerCase()));

/** True when `domain`, or a domain it is under, is a free-mail, internet provider's or disposable one. */
export function isFreeEmailDomain(domain: string): boolean {
  const labels = domain.toLowerCase().split(".");
  for (let start = 0; start < labels.length - 1; start += 1) {
    if (FREE_EMAIL_DOMAINS.has(labels.slice(start).join("."))) return true;
  }
  return false;
}

/**
 * The domain of the first of a contact's addresses (normalized, primary first) that is at a company's domain, or null
 * when every one is at a free-mail, internet provider's or disposable domain.
 *
 * @example
 * companyDomainOfEmails(["jane@gmail.com", "jane@globex.example"]); // "globex.example"
 */
export function companyDomainOfEmails(emails: readonly string[]): string | null {
  for (const email of emails) {
    const domain = email.slice(email.lastIndexOf("@") + 1).toLowerCase();
    if (domain.includes(".") && !isFreeEmailDomain(domain)) return domain;
  }
  return null;
}
