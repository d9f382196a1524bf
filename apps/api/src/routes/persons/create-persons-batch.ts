/**
 * POST /v1/persons/batch: match-or-create up to MAX_BATCH_PERSONS persons. Each item is independent and atomic:
 * MATCHED (an existing person with one of its email addresses or its LinkedIn URL, returned as is),
 * CREATED, or ERROR with a message; results in input order.
 */
import { ConflictError, InvalidInputError, NotFoundError, type Person, type Store } from "@rapport/store";
import { z } from "zod";
import { findPersonMatch, PERSON_MATCH_KEYS, type PersonMatchKey } from "../../persons/find-person-match.js";
import { batchItem, itemError, type BatchItem } from "../../operations/batch-item.js";
import { batchStatusCountSchema, countBatchStatuses } from "../../operations/batch-status-counts.js";
import { defineOperation } from "../../operations/operation.js";
import { personSchema, presentPersons } from "../../presenters/person-presenter.js";
import { personCreateSchema, toPersonPatch, type PersonInput } from "./person-input.js";

export const MAX_BATCH_PERSONS = 50;

/** MATCHED: an existing person; CREATED: a new one; ERROR: the item's problem. */
export const PERSON_BATCH_STATUSES = ["MATCHED", "CREATED", "ERROR"] as const;
export type PersonBatchStatus = (typeof PERSON_BATCH_STATUSES)[number];

const resultSchema = z.object({
  index: z.number().int().describe("Position of the item in the request, from 0."),
  status: z.enum(PERSON_BATCH_STATUSES).describe("MATCHED: an existing person, returned as is; CREATED: a new person; ERROR: see error."),
  matched_by: z.enum(PERSON_MATCH_KEYS).nullable().describe("For MATCHED: which key matched."),
  person: personSchema.nullable().describe("The matched or created person; null for ERROR."),
  error: z.string().nullable().describe("What is wrong with the item; null unless status is ERROR."),
});

type Outcome =
  | { status: "MATCHED"; matched_by: PersonMatchKey; person: Person }
  | { status: "CREATED"; person: Person }
  | { status: "ERROR"; error: string };

/** Finds the item's person (an email first, in the item's order, then its LinkedIn URL) or creates it, in one transaction (a savepoint of the batch's). */
async function matchOrCreate(store: Store, tenantUuid: string, input: PersonInput): Promise<Outcome> {
  return store.transaction(async (transaction) => {
    const match = await findPersonMatch(transaction, tenantUuid, {
      emails: (input.emails ?? []).map((email) => email.address),
      linkedin_url: input.linkedin_url,
    });
    if (match) {
      const person = await transaction.persons.get(tenantUuid, match.uuid);
      if (person) return { status: "MATCHED", matched_by: match.matched_by, person };
    }
    const person = await transaction.persons.create({ tenant_uuid: tenantUuid, ...toPersonPatch(input) });
    return { status: "CREATED", person };
  });
}

export const createPersonsBatch = defineOperation({
  operationId: "createPersonsBatch",
  method: "post",
  path: "/v1/persons/batch",
  area: "Person",
  summary: "Match or create persons in bulk",
  description:
    `Match-or-create up to ${MAX_BATCH_PERSONS} persons (each item has the fields of POST /v1/persons). An item matches an existing person by any of its email addresses (in the item's order), else by its LinkedIn URL (normalized as in the lookup); a match is returned as is, not updated. Items are independent and each is atomic: an invalid item is an ERROR result and does not fail the batch. Results are in input order; duplicates inside one batch resolve to one person (the later item is MATCHED). Items with neither email nor LinkedIn URL are always created. The batch is written as one: a 503 (or any 5xx) stored none of it, so send the same batch again. The second step of a bulk import, after POST /v1/persons/lookup/batch.`,
  body: z.strictObject({
    persons: z
      .array(batchItem(personCreateSchema))
      .min(1, "send at least one person")
      .max(MAX_BATCH_PERSONS, `at most ${MAX_BATCH_PERSONS} persons per call`)
      .describe(`Persons to match or create, at most ${MAX_BATCH_PERSONS}; each has the fields of POST /v1/persons.`),
  }),
  response: z.object({
    results: z.array(resultSchema).describe("One result per item, in input order."),
    created: batchStatusCountSchema("CREATED"),
    matched: batchStatusCountSchema("MATCHED"),
    errors: batchStatusCountSchema("ERROR"),
  }),
  example: {
    body: {
      persons: [
        { first_name: "Ana", last_name: "Silva", emails: ["ana.silva@umbra-energy.example"], job_title: "COO" },
        { name: "Jordan Blake", emails: ["jordan@northwind-robotics.example"] },
      ],
    },
  },
  async handler({ body, auth, services, http }) {
    const tenantUuid = auth.tenant.uuid;
    // One transaction for the batch, each item a savepoint of it: an item's ERROR undoes that item alone, and a
    // failure of the write itself (another process holding the lock past the wait, a full disk) leaves nothing, so
    // the 503 that says to retry is true. Items committed one by one were kept before such a 503, and the retry
    // created the persons without an address or profile a second time.
    const outcomes = await services.store.transaction(async (transaction) => {
      const outcomes: Outcome[] = [];
      for (const item of body.persons as BatchItem<PersonInput>[]) {
        if (!item.ok) {
          outcomes.push({ status: "ERROR", error: itemError(item, http) });
          continue;
        }
        try {
          outcomes.push(await matchOrCreate(transaction, tenantUuid, item.input));
        } catch (error) {
          if (error instanceof InvalidInputError || error instanceof ConflictError || error instanceof NotFoundError) {
            outcomes.push({ status: "ERROR", error: error.message });
          } else {
            throw error;
          }
        }
      }
      return outcomes;
    });
    const persons = outcomes.flatMap((outcome) => ("person" in outcome ? [outcome.person] : []));
    const presented = new Map((await presentPersons(services, auth, persons)).map((person) => [person.uuid, person]));
    const results = outcomes.map((outcome, index) => ({
      index,
      status: outcome.status,
      matched_by: outcome.status === "MATCHED" ? outcome.matched_by : null,
      person: "person" in outcome ? presented.get(outcome.person.uuid)! : null,
      error: outcome.status === "ERROR" ? outcome.error : null,
    }));
    return { results, ...countBatchStatuses(results, { created: "CREATED", matched: "MATCHED", errors: "ERROR" }) };
  },
});
