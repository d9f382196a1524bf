/** PUT /v1/persons/{person_uuid}: writes the fields present in the body, keeps the others. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { personSchema, presentPersons } from "../../presenters/person-presenter.js";
import { getPerson } from "./get-person.js";
import { personNotFound } from "./person-not-found.js";
import { personUpdateSchema, toPersonPatch } from "./person-input.js";

export const updatePerson = defineOperation({
  operationId: "updatePerson",
  method: "put",
  path: "/v1/persons/{person_uuid}",
  area: "Person",
  summary: "Update a person",
  description:
    "Updates a person like PUT /v1/companies/{company_uuid} updates a company: only fields present in the body are written, null clears a field, and emails, tags and affiliations replace the stored lists. A new primary_company_uuid without affiliations ends the current tenure at the previous primary company (ended_on today), and clears job_title unless the body gives the new one. Only a change bumps service_updated_at. Answers the updated person; 404 when not in the tenant, 409 when an email belongs to another person.",
  params: z.object({ person_uuid: uuidString("The person's UUID.") }),
  body: personUpdateSchema,
  response: personSchema,
  errors: [404, 409],
  conditionalOn: getPerson,
  example: { body: { job_title: "CTO", city: "Boston", tags: ["founder"] } },
  async handler({ params, body, auth, services, ifMatch }) {
    const person = await services.store.persons.update(auth.tenant.uuid, params.person_uuid, toPersonPatch(body), { precondition: ifMatch });
    if (!person) throw await personNotFound(services, auth.tenant.uuid, params.person_uuid);
    const [presented] = await presentPersons(services, auth, [person]);
    return presented!;
  },
});
