/**
 * @module
 * The company list's `name` filter: every word of the text in the company's name, in any order, and a text that is
 * a domain also finds the company with that domain.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import { normalizeDomain } from "../normalize.js";
import { nameContainsFolded } from "./name-search.js";
import { nameWords } from "./name-words.js";

const nameContains = (text: string) => nameContainsFolded(sql.ref("companies.company_name"), text);

/**
 * The condition on `companies` of a `name` filter: every word of `text` (`nameWords`) in `company_name`, in any
 * order, case and accents (`nameContainsFolded`), so "acme inc" and "Acme Inc." find "Acme, Inc"; a text of one word
 * that is a domain ("acme.com", "https://www.acme.com/") also finds the company whose domain it is. Text without a
 * word is a substring of the name as it stands.
 */
export function companyNameFilter(text: string): Expression<SqlBool> {
  const words = nameWords(text).map(nameContains);
  const named = words.length > 0 ? sql<SqlBool>`(${sql.join(words, sql` and `)})` : nameContains(text);
  const domain = /\s/.test(text.trim()) || !text.includes(".") ? null : normalizeDomain(text);
  return domain === null ? named : sql<SqlBool>`(${named} or companies.domain = ${domain})`;
}
