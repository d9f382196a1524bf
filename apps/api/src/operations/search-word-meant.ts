/**
 * @module
 * The filter a client most likely meant by a search word of its own (`search=`, `q=`, `query=`, `company_name=`): the
 * person and company lists find by `name`, and persons at a company by `company_uuid`, which spelling alone does not
 * lead to; the opportunity list searches with `search`.
 */

/** Names clients give a free-text search or a name filter of their own making. */
const SEARCH_WORDS = new Set(["search", "q", "query", "keyword", "keywords", "text", "term", "full_name", "fullname", "person_name"]);

/**
 * The list's `search`, else its `name`, when `unknown` is a search word; for
 * `company_name`, the list's company filter where it has one (persons), else its `name` (companies); or null.
 * @example searchWordMeant("q", ["per_page", "name"]) // "name"
 */
export function searchWordMeant(unknown: string, known: readonly string[]): string | null {
  const word = unknown.toLowerCase().replace(/-/g, "_");
  if (word === "company_name") return known.includes("company_uuid") ? "company_uuid" : known.includes("name") ? "name" : null;
  if (!SEARCH_WORDS.has(word)) return null;
  return known.includes("search") ? "search" : known.includes("name") ? "name" : null;
}
