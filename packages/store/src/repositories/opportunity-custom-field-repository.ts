/** Custom field definitions of opportunities, and the validation of values written against them. */
import { sql, type Kysely } from "kysely";
import { isCalendarDate } from "../calendar-date.js";
import type { Database, OpportunityCustomFieldsTable } from "../database-schema.js";
import { controlCharacterProblem, refusedCharacter } from "../control-character.js";
import { CUSTOM_FIELD_TYPES, type CustomFieldType, type OpportunityCustomField } from "../deal-records.js";
import { assertAllowedValue } from "./allowed-value.js";
import { assertNonBlankFields } from "./required-fields.js";
import type { OpportunityCustomFieldRepository } from "../deal-store.js";
import { ConflictError, InvalidInputError } from "../errors.js";
import { parseJson, withTransaction, type RepositoryContext } from "./repository-context.js";

export function toCustomField(row: OpportunityCustomFieldsTable): OpportunityCustomField {
  return {
    uuid: row.uuid,
    tenant_uuid: row.tenant_uuid,
    key: row.key,
    name: row.name,
    type: row.type as CustomFieldType,
    choices: parseJson<string[]>(row.choices, []),
    created_at: Number(row.created_at),
    updated_at: Number(row.updated_at),
  };
}

export async function loadCustomFields(db: Kysely<Database>, tenantUuid: string): Promise<OpportunityCustomField[]> {
  const rows = await db
    .selectFrom("opportunity_custom_fields")
    .selectAll()
    .where("tenant_uuid", "=", tenantUuid)
    .orderBy("created_at")
    .orderBy("uuid")
    .execute();
  return rows.map(toCustomField);
}

/**
 * `value` checked against `field`'s type. A select choice the opportunity already holds (`stored`) is taken though the
 * field's choices no longer list it: a client writing back what it read must not be refused a value it did not touch.
 */
function checkValue(field: OpportunityCustomField, value: unknown, stored: unknown): unknown {
  const fail = (expected: string): never => {
    // JSON would show Infinity (a JSON 1e400) and NaN as null, the value that removes a field.
    const shown = typeof value === "number" ? String(value) : JSON.stringify(value)?.slice(0, 60);
    throw new InvalidInputError(`custom field '${field.key}' (${field.type}) needs ${expected}, got ${shown}`);
  };
  switch (field.type) {
    case "text": {
      if (typeof value !== "string" || value.length > 10_000) return fail("a string of at most 10000 characters");
      // The API's schemas refuse these before; this holds any other writer (an embedding program) to the same rule.
      const codePoint = refusedCharacter(value, "multi-line");
      if (codePoint !== null) throw new InvalidInputError(`custom field '${field.key}' (text) ${controlCharacterProblem(codePoint)}`);
      return value;
    }
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? value : fail("a finite number");
    case "boolean":
      return typeof value === "boolean" ? value : fail("true or false");
    case "date":
      return typeof value === "string" && isCalendarDate(value) ? value : fail("a date YYYY-MM-DD");
    case "single_select":
      return typeof value === "string" && (field.choices.includes(value) || value === stored)
        ? value
        : fail(`one of ${JSON.stringify(field.choices)}`);
    case "multi_select": {
      const held = Array.isArray(stored) ? stored : [];
      const allowed = (item: unknown) => typeof item === "string" && (field.choices.includes(item) || held.includes(item));
      if (!Array.isArray(value) || !value.every(allowed)) {
        return fail(`an array of values from ${JSON.stringify(field.choices)}`);
      }
      return [...new Set(value as string[])];
    }
  }
}

/**
 * Merges written custom field values (keyed by field UUID or key) into the stored ones (keyed by
 * field UUID); a null value removes the key. Throws InvalidInputError for an unknown field, a field named
 * twice (by key and by UUID), or a value that does not fit the field's type (a text value holding a control character multi-line text may not hold
 * among them). A select choice since removed from the field is taken only where `stored` holds it already.
 */
export function mergeCustomFieldValues(
  fields: readonly OpportunityCustomField[],
  stored: Record<string, unknown>,
  written: Record<string, unknown>,
): Record<string, unknown> {
  const byUuid = new Map(fields.map((field) => [field.uuid, field]));
  const byKey = new Map(fields.map((field) => [field.key, field]));
  const merged = { ...stored };
  // A field named twice (by key and by UUID) would keep whichever came last, and the other value go unsaid.
  const namedAs = new Map<string, string>();
  for (const [name, value] of Object.entries(written)) {
    const field = byUuid.get(name.toLowerCase()) ?? byKey.get(name);
    if (!field) throw new InvalidInputError(`custom field '${name.slice(0, 60)}' is not defined: create it first, or use a field UUID or key from custom_field_mapping`);
    const earlier = namedAs.get(field.uuid);
    if (earlier !== undefined) throw new InvalidInputError(`custom field '${field.key}' is named twice, as '${earlier}' and '${name}': send one value for it`);
    namedAs.set(field.uuid, name);
    if (value === null) delete merged[field.uuid];
    else merged[field.uuid] = checkValue(field, value, stored[field.uuid]);
  }
  return merged;
}

/**
 * The most custom fields a tenant defines for opportunities: an opportunity holds a value of each at most, and a write
 * of them all (what a client read, written back) is held to as many keys.
 */
export const MAX_OPPORTUNITY_CUSTOM_FIELDS = 200;

export function createOpportunityCustomFieldRepository({ db, now, generateId }: RepositoryContext): OpportunityCustomFieldRepository {
  const getRow = (executor: Kysely<Database>, tenantUuid: string, fieldUuid: string) =>
    executor
      .selectFrom("opportunity_custom_fields")
      .selectAll()
      .where("tenant_uuid", "=", tenantUuid)
      .where("uuid", "=", fieldUuid)
      .executeTakeFirst();

  return {
    async create(input) {
      assertNonBlankFields(input, ["key", "name"], "opportunityCustomFields.create");
      assertAllowedValue(CUSTOM_FIELD_TYPES, input.type, "type", "opportunityCustomFields.create");
      // One transaction: two creations of a key at once would otherwise both pass the check, and the second
      // would hit the unique index (an unexpected error, not a ConflictError).
      return withTransaction(db, async (transaction) => {
        const taken = await transaction
          .selectFrom("opportunity_custom_fields")
          .select("uuid")
          .where("tenant_uuid", "=", input.tenant_uuid)
          .where("key", "=", input.key)
          .executeTakeFirst();
        if (taken) throw new ConflictError(`a custom field with key '${input.key}' already exists`);
        const defined = await transaction
          .selectFrom("opportunity_custom_fields")
          .select((expression) => expression.fn.countAll<number>().as("count"))
          .where("tenant_uuid", "=", input.tenant_uuid)
          .executeTakeFirstOrThrow();
        if (Number(defined.count) >= MAX_OPPORTUNITY_CUSTOM_FIELDS) {
          throw new ConflictError(`the tenant has ${MAX_OPPORTUNITY_CUSTOM_FIELDS} opportunity custom fields, the most it may define: delete one first`);
        }
        const timestamp = now(input.tenant_uuid);
        const row: OpportunityCustomFieldsTable = {
          uuid: generateId(),
          tenant_uuid: input.tenant_uuid,
          key: input.key,
          name: input.name,
          type: input.type,
          choices: JSON.stringify(input.choices ?? []),
          created_at: timestamp,
          updated_at: timestamp,
        };
        await transaction.insertInto("opportunity_custom_fields").values(row).execute();
        return toCustomField(row);
      });
    },
    async get(tenantUuid, fieldUuid) {
      const row = await getRow(db, tenantUuid, fieldUuid);
      return row ? toCustomField(row) : null;
    },
    list: (tenantUuid) => loadCustomFields(db, tenantUuid),
    async update(tenantUuid, fieldUuid, changes) {
      assertNonBlankFields(changes, ["name"], "opportunityCustomFields.update");
      return withTransaction(db, async (transaction) => {
        const row = await getRow(transaction, tenantUuid, fieldUuid);
        if (!row) return null;
        const updated: OpportunityCustomFieldsTable = {
          ...row,
          name: changes.name ?? row.name,
          choices: changes.choices === undefined ? row.choices : JSON.stringify(changes.choices),
          updated_at: now(tenantUuid),
        };
        await transaction
          .updateTable("opportunity_custom_fields")
          .set(updated)
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", fieldUuid)
          .execute();
        return toCustomField(updated);
      });
    },
    async delete(tenantUuid, fieldUuid) {
      return withTransaction(db, async (transaction) => {
        const result = await transaction
          .deleteFrom("opportunity_custom_fields")
          .where("tenant_uuid", "=", tenantUuid)
          .where("uuid", "=", fieldUuid)
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        // The stored values stay, but an opportunity's `custom_fields` shows only defined fields: those holding a value
        // of this one change, so `updated_after` pollers get them again. One walk of the tenant's live opportunities,
        // for a rare administrator's write. Field uuids are lower-case hex and hyphens: safe in a JSON path.
        await transaction
          .updateTable("opportunities")
          .set({ updated_at: now(tenantUuid) })
          .where("tenant_uuid", "=", tenantUuid)
          .where("deleted_at", "is", null)
          .where(sql<string | null>`json_type(custom_fields, ${`$."${fieldUuid}"`})`, "is not", null)
          .execute();
        return true;
      });
    },
  };
}
