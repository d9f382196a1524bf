/** GET /v1/persons/{person_uuid}/ai-summary: a live summary grounded in the tenant's records. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { aiSummarySchema } from "../../presenters/ai-summary-presenter.js";
import { summarizePerson } from "../../summary/summarize-entity.js";
import { personNotFound } from "./person-not-found.js";

export const getPersonAiSummary = defineOperation({
  operationId: "getPersonAiSummary",
  method: "get",
  path: "/v1/persons/{person_uuid}/ai-summary",
  area: "AI summary",
  summary: "Summarize a person",
  description:
    "Generates a live summary of a person: a bio from their profile and headed sections (career, lists and tags, recent changes, and what other features know: relationships, activity, opportunities, notes). Every statement comes from the tenant's own records; nothing is invented. By default the wording is deterministic; a deployment may configure an LLM to reword the same facts, with the deterministic summary served whenever it fails. sections is empty and generated_at null when nothing is recorded. 404 when the person is not found.",
  params: z.object({ person_uuid: uuidString("The person's UUID.") }),
  response: aiSummarySchema,
  errors: [404],
  async handler({ params, auth, services }) {
    const person = await services.store.persons.get(auth.tenant.uuid, params.person_uuid);
    if (!person) throw await personNotFound(services, auth.tenant.uuid, params.person_uuid);
    return summarizePerson(services, auth.tenant.uuid, person);
  },
});
