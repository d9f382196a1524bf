/** GET /v1/persons/{person_uuid}: one person with derived fields. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { uuidString } from "../../platform/request/common-schemas.js";
import { personSchema, presentPersons } from "../../presenters/person-presenter.js";
import { personNotFound } from "./person-not-found.js";

/** The path of an operation on one person. */
export const personPathParameters = z.object({ person_uuid: uuidString("The person's UUID.") });

export const getPerson = defineOperation({
  operationId: "getPerson",
  method: "get",
  path: "/v1/persons/{person_uuid}",
  area: "Person",
  summary: "Get a person",
  description:
    "Reads one person with its derived relationship fields and affiliations. 404 when the person is not in the tenant; a person merged into another answers 404 naming the canonical person.",
  params: personPathParameters,
  response: personSchema,
  errors: [404],
  cacheable: true,
  taggedRecord: ({ params, auth, services }) => services.store.persons.get(auth.tenant.uuid, params.person_uuid),
  async handler({ params, auth, services }) {
    const person = await services.store.persons.get(auth.tenant.uuid, params.person_uuid);
    if (!person) throw await personNotFound(services, auth.tenant.uuid, params.person_uuid);
    const [presented] = await presentPersons(services, auth, [person]);
    return presented!;
  },
});
