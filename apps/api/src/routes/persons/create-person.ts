/** POST /v1/persons: creates a person. */
import { defineOperation } from "../../operations/operation.js";
import { personSchema, presentPersons } from "../../presenters/person-presenter.js";
import { personCreateSchema, toPersonPatch } from "./person-input.js";

export const createPerson = defineOperation({
  operationId: "createPerson",
  method: "post",
  path: "/v1/persons",
  area: "Person",
  summary: "Create a person",
  description:
    "Creates a person (at least a name, an email address or a LinkedIn URL). An email address belongs to one person per tenant: a taken address is a 409 naming its person. The primary company gets a current affiliation. Answers 201 with the person. To import many persons without duplicates, use POST /v1/persons/batch.",
  body: personCreateSchema,
  successStatus: 201,
  response: personSchema,
  errors: [409],
  example: {
    body: { first_name: "Jane", last_name: "Doe", emails: ["jane.doe@globex-health.example"], job_title: "VP Engineering", tags: ["engineering"] },
  },
  async handler({ body, auth, services }) {
    const person = await services.store.persons.create({ tenant_uuid: auth.tenant.uuid, ...toPersonPatch(body) });
    const [presented] = await presentPersons(services, auth, [person]);
    return presented!;
  },
});
