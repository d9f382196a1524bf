/** The import command's lines about the new records that look like existing ones ("2 new persons look like ..."). */
import type { LikelyDuplicates } from "../imports/likely-duplicates.js";

/** How many a line names; its count covers all. */
const NAMED_PER_LINE = 3;

const KINDS = [
  { type: "PERSON", count: "persons", one: "person", many: "persons" },
  { type: "COMPANY", count: "companies", one: "company", many: "companies" },
] as const;

/**
 * One line a kind, when any of its new records looks like an existing one: the count, the first few names with the one
 * each looks like, and where to merge them.
 *
 * @example likelyDuplicateLines(summary.likely_duplicates) // ["  2 new persons look like existing ones: Ann Lee (like Ann Lee), Bo Berg (maybe Bo Berg); GET /v1/duplicates ..."]
 */
export function likelyDuplicateLines(duplicates: LikelyDuplicates): string[] {
  const lines: string[] = [];
  for (const kind of KINDS) {
    const total = duplicates[kind.count];
    if (total === 0) continue;
    const named = duplicates.first.filter((entry) => entry.entity_type === kind.type).slice(0, NAMED_PER_LINE);
    const names = named.map((entry) => `${entry.new_name} (${entry.confidence === "possible" ? "maybe" : "like"} ${entry.existing_name})`);
    const more = total > named.length ? `, ${total - named.length} more` : "";
    const subject = total === 1 ? `1 new ${kind.one} looks like an existing one` : `${total} new ${kind.many} look like existing ones`;
    lines.push(`  ${subject}: ${names.join(", ")}${more}; GET /v1/duplicates lists them with the merge for each`);
  }
  return lines;
}
