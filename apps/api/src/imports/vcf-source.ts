/**
 * @module
 * Reads vCard contacts (2.1, 3.0, 4.0) with ical.js into persons: name, addresses, organization,
 * title, LinkedIn and Twitter profiles, locality and categories; a company card (macOS) into a company.
 */
import type { Readable } from "node:stream";
import { normalizeDomain, normalizeLinkedinUrl } from "@rapport/store";
import ICAL from "ical.js";
import { isWebAddress } from "../platform/request/field-schemas.js";
import { contactEmailOf } from "../routes/companies/company-input.js";
import type { ImportedCompany, ImportedPerson, ImportSource, SourceEntry } from "./imported-items.js";
import { companyDomainOfEmails } from "./company-email-domain.js";
import { contactEntry, sortContactEmails, type ContactEmails } from "./contact-emails.js";
import { contactTags } from "./contact-tags.js";
import { readComponentBlocks } from "./read-component-blocks.js";
import type { LineCounter } from "./read-lines.js";
import { modernizeVcard } from "./vcard-legacy.js";

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;

function clean(value: unknown): string | null {
  const text = Array.isArray(value) ? value.filter((part) => typeof part === "string" && part.trim()).join(", ") : value;
  return typeof text === "string" && text.trim() ? text.trim() : null;
}

function types(property: Property): string[] {
  const value = property.getParameter("type");
  const list = Array.isArray(value) ? value : typeof value === "string" ? value.split(",") : [];
  return list.map((entry) => String(entry).toLowerCase());
}

/** The values of a structured property (N, ADR, ORG) as strings. */
function structured(property: Property | null): string[] {
  if (!property) return [];
  const value = property.getFirstValue();
  if (Array.isArray(value)) return value.map((part) => (Array.isArray(part) ? part.join(" ") : String(part ?? "")));
  return typeof value === "string" ? value.split(";") : [];
}

function emailsOf(card: Component): ContactEmails {
  // vCard 3 marks the preferred address with TYPE=pref, vCard 4 with a PREF parameter.
  const entries = card.getAllProperties("email").map((property) => ({ property, preferred: types(property).includes("pref") || property.getParameter("pref") != null }));
  entries.sort((left, right) => Number(right.preferred) - Number(left.preferred));
  return sortContactEmails(entries.map(({ property }) => String(property.getFirstValue() ?? "")));
}

/**
 * Profile URLs from URL and X-SOCIALPROFILE (Apple) properties. A backslash before `:`, `;`, `,` or `\` is taken off:
 * Google Contacts escapes them in a URL (`https\://www.linkedin.com/in/...`) as in text, which the parser keeps in a URI.
 */
function profiles(card: Component): { linkedin: string | null; twitter: string | null; website: string | null } {
  let linkedin: string | null = null;
  let twitter: string | null = null;
  let website: string | null = null;
  for (const property of [...card.getAllProperties("url"), ...card.getAllProperties("x-socialprofile")]) {
    const url = clean(property.getFirstValue())?.replace(/\\([\\:;,])/g, "$1");
    if (!url) continue;
    const labels = types(property);
    linkedin ??= normalizeLinkedinUrl(url) ?? (labels.includes("linkedin") && url.includes("linkedin") ? normalizeLinkedinUrl(`https://${url.replace(/^\w+:\/\//, "")}`) : null);
    if (!twitter && (/^(https?:\/\/)?(www\.)?(twitter|x)\.com\//i.test(url) || labels.includes("twitter"))) twitter = url;
    if (!website && property.name === "url" && !/linkedin\.com|twitter\.com|x\.com/i.test(url)) website = url;
  }
  return { linkedin, twitter, website };
}

/**
 * The domain of the contact's web page when one of its email addresses is there, else null: a page elsewhere
 * (`github.com/...`, a blog) is the person's, not the company's, and its host made people who merely publish there
 * one company's staff (the company is found by domain before name).
 */
function companyDomain(website: string | null, emails: readonly string[]): string | null {
  const domain = website ? normalizeDomain(website) : null;
  if (!domain) return null;
  const atDomain = emails.some((email) => {
    const host = email.slice(email.lastIndexOf("@") + 1);
    return host === domain || host.endsWith(`.${domain}`);
  });
  return atDomain ? domain : null;
}

/** A vCard component as a person to match or create, with the addresses it gives that are not email addresses. */
export function vcardToPerson(card: Component): { person: ImportedPerson; invalidEmails: string[] } {
  const [familyName, givenName] = structured(card.getFirstProperty("n"));
  const [organization] = structured(card.getFirstProperty("org"));
  const address = card.getAllProperties("adr").sort((left, right) => Number(types(right).includes("work")) - Number(types(left).includes("work")))[0] ?? null;
  const [, , , city, region, , country] = structured(address);
  const { linkedin, twitter, website } = profiles(card);
  const categories = card.getAllProperties("categories").flatMap((property) => property.getValues().map((value) => String(value).trim()));
  const companyName = clean(organization);
  const emails = emailsOf(card);
  const domain = companyDomain(website, emails.valid);
  const person: ImportedPerson = {
    type: "person",
    first_name: clean(givenName),
    last_name: clean(familyName),
    name: clean(card.getFirstPropertyValue("fn")),
    emails: emails.valid,
    linkedin_url: linkedin,
    job_title: clean(card.getFirstPropertyValue("title")),
    company: companyName ? { name: companyName, domain, email_domain: domain ? null : companyDomainOfEmails(emails.valid) } : null,
    twitter_url: twitter,
    city: clean(city),
    state: clean(region),
    country: clean(country),
    tags: contactTags(categories),
  };
  return { person, invalidEmails: emails.invalid };
}

/** True for a card macOS Contacts shows as a company (`X-ABShowAs:COMPANY`): the card stands for the company. */
function isCompanyCard(card: Component): boolean {
  return clean(card.getFirstPropertyValue("x-abshowas"))?.toUpperCase() === "COMPANY";
}

/**
 * A company card as a company: its organization (else its formatted name), its web page as website and domain, its
 * preferred email address as contact email; null without a name. An address's domain is not taken for the company's:
 * `info@gmail.example` would make every such company one.
 */
export function vcardToCompany(card: Component): ImportedCompany | null {
  const [organization] = structured(card.getFirstProperty("org"));
  const name = clean(organization) ?? clean(card.getFirstPropertyValue("fn"));
  if (!name) return null;
  const { website } = profiles(card);
  const email = emailsOf(card).valid.map(contactEmailOf).find((address) => address !== null);
  const fields: ImportedCompany["fields"] = {};
  if (website && isWebAddress(website)) fields.website = website;
  if (email) fields.email = email;
  return { type: "company", company_name: name, domain: fields.website ? normalizeDomain(fields.website) : null, fields };
}

/** True when the text starts (after blank lines) like a vCard file. */
export function looksLikeVcf(head: string): boolean {
  return /^\s*BEGIN:VCARD\s*$/i.test(head.replace(/^\uFEFF/, "").split(/\r?\n/).find((line) => line.trim() !== "") ?? "");
}

/**
 * The contacts of a vCard stream, one entry per card.
 *
 * @example
 * const source = readVcf(createReadStream("contacts.vcf"), size, { name: "contacts.vcf" });
 */
export function readVcf(stream: Readable, totalBytes: number | null, options: { name: string }): ImportSource {
  const counter: LineCounter = { bytes: 0 };
  async function* entries(): AsyncGenerator<SourceEntry> {
    let index = 0;
    const blocks = readComponentBlocks(stream, counter, {
      first: "VCARD",
      capture: new Map([["VCARD", 0]]),
      describe: `${options.name} is not a vCard file`,
      name: options.name,
    });
    for await (const block of blocks) {
      index += 1;
      const position = `card ${index} (line ${block.line})`;
      if ("problem" in block) {
        yield { position, problem: block.problem };
        continue;
      }
      try {
        const card = new ICAL.Component(ICAL.parse(modernizeVcard(block.text)) as unknown as unknown[]);
        if (isCompanyCard(card)) {
          const company = vcardToCompany(card);
          yield company ? { position, item: company } : { position, problem: "company card (X-ABShowAs:COMPANY) without a name" };
          continue;
        }
        const { person, invalidEmails } = vcardToPerson(card);
        yield contactEntry(position, person, invalidEmails);
      } catch (error) {
        yield { position, problem: `unreadable vCard: ${error instanceof Error ? error.message : String(error)}` };
      }
    }
  }
  return { entries: entries(), bytesRead: () => counter.bytes, totalBytes };
}
