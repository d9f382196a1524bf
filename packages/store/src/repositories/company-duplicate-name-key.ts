/**
 * @module
 * The key likely duplicate companies share (`companyDuplicateNameKey`): the name without its legal form, then as an
 * import compares names (`companyNameKey`), so "Acme", "Acme Inc." and "ACME GmbH" share one.
 */
import { withoutLegalForm } from "./company-legal-form.js";
import { companyNameKey } from "./company-name-key.js";

/**
 * `name` as the duplicates list compares companies: its ending legal forms left out ("Acme, Inc." is "Acme"), then
 * case, punctuation and spaces as `companyNameKey` leaves them. Stored beside the name (`name_duplicate_key`, store
 * migration 0096) so that the tenant's shared keys are read from an index. Not what an import matches by: "Acme GmbH"
 * and "Acme Ltd." may be two firms, so a user is shown the pair and decides.
 *
 * @example companyDuplicateNameKey("ACME GmbH") === companyDuplicateNameKey("Acme, Inc.") // true
 */
export function companyDuplicateNameKey(name: string): string {
  return companyNameKey(withoutLegalForm(name));
}
