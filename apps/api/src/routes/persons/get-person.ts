/** GET /v1/persons/{person_uuid}: one person with derived fields. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { notFound } from "../../platform/errors/api-error.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { personSchema, presentPersons } from "../../presenters/person-presenter.js";

export const getPerson = defineOperation({
  operationId: "getPerson",
  method: "get",
  path: "/v1/persons/{person_uuid}",
  area: "Person",
  summary: "Get a person",
  description: "Reads one person with its derived relationship fields. 404 when the person is not in the tenant.",
  params: z.object({ person_uuid: uuidString("The person's UUID.") }),
  response: personSchema,
  errors: [404],
  async handler({ params, auth, services }) {
    const person = await services.store.persons.get(auth.tenant.uuid, params.person_uuid);
    if (!person) throw notFound(`person ${params.person_uuid} not found`);
    const [presented] = await presentPersons(services, auth, [person]);
    return presented!;
  },
});
