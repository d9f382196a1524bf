/**
 * @module
 * The sort keys of the persons' and companies' name orders (`nameOrderKeys`): the folded name (migration 0064), the
 * name, then the uuid, so names that fold alike keep one order and the last key is unique.
 */
import type { SortOrder } from "@rapport/graph";
import { InvalidInputError } from "../errors.js";
import type { PagePosition, SortKey } from "../pagination/keyset-page.js";

const NAME_COLUMNS = {
  persons: { key: "persons.name_sort_key", name: "persons.name" },
  companies: { key: "companies.company_name_sort_key", name: "companies.company_name" },
} as const;

/**
 * The keys of `table`'s name order in `direction`. A page after a key of two values (a cursor of the code-point order
 * before migration 0064: the name and the uuid) is an InvalidInputError: its place in the new order is not the one
 * its scan had reached, so the scan starts again rather than skip or repeat names unseen.
 *
 * @example keysetPage(query, nameOrderKeys("persons", "asc", request.position), request)
 */
export function nameOrderKeys(table: keyof typeof NAME_COLUMNS, direction: SortOrder, position: PagePosition): SortKey[] {
  const keys: SortKey[] = [
    { column: NAME_COLUMNS[table].key, direction },
    { column: NAME_COLUMNS[table].name, direction },
    { column: `${table}.uuid`, direction },
  ];
  if (position.kind === "after" && position.key.length === 2) {
    throw new InvalidInputError(
      `cursor no longer valid: ${table} are listed by name in a new order since this version (case and accents no longer split the alphabet); start the scan again without cursor`,
    );
  }
  return keys;
}
