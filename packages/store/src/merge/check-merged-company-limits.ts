/** @module Refuses a company merge whose merged company would hold more custom fields or tags than a company may. */
import { InvalidInputError } from "../errors.js";
import type { CompanyPatch } from "../records.js";
import type { CompanyMergeLimits } from "../store.js";

const TAG_FIELDS = ["service_industry_tags", "investor_types", "npi_types"] as const;

/**
 * Throws an InvalidInputError (a merge refused on validation, as the spec has a person merge's) when `merged` (the merge's patch of the canonical company) holds more custom fields or more
 * tags of a kind, or custom fields taking more bytes, than `limits` allow. A company over its write limits could be read but never written back whole
 * (a PUT resending its custom fields is refused), and dropping values to fit would lose what a user typed: the
 * user trims either company first. Nothing without limits.
 *
 * @example
 * checkMergedCompanyLimits(mergedCompanyPatch(canonical, superseded), { custom_fields: 200, tags: 50 }); // throws for 300 custom fields
 */
export function checkMergedCompanyLimits(merged: CompanyPatch, limits: CompanyMergeLimits | undefined): void {
  if (limits === undefined) return;
  const customFields = Object.keys(merged.company_custom_fields ?? {}).length;
  if (customFields > limits.custom_fields) {
    throw new InvalidInputError(
      `the merged company would hold ${customFields} custom fields, more than the ${limits.custom_fields} a company may hold: remove some from either company (PUT /v1/companies/{company_uuid}), then merge`,
    );
  }
  const customFieldsBytes = Buffer.byteLength(JSON.stringify(merged.company_custom_fields ?? {}));
  if (limits.custom_fields_bytes !== undefined && customFieldsBytes > limits.custom_fields_bytes) {
    throw new InvalidInputError(
      `the merged company's custom fields would take ${customFieldsBytes} bytes as JSON, more than the ${limits.custom_fields_bytes} a write of them can carry: shorten some in either company (PUT /v1/companies/{company_uuid}), then merge`,
    );
  }
  for (const field of TAG_FIELDS) {
    const count = (merged[field] ?? []).length;
    if (count > limits.tags) {
      throw new InvalidInputError(
        `the merged company would hold ${count} ${field}, more than the ${limits.tags} a company may hold: remove some from either company (PUT /v1/companies/{company_uuid}), then merge`,
      );
    }
  }
}
