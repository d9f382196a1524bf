/** DELETE /v1/persons/{person_uuid}: erases a person and every trace of them (right to erasure; administrators). */
import { defineOperation } from "../../operations/operation.js";
import { personNotFound } from "./person-not-found.js";
import { getPerson, personPathParameters } from "./get-person.js";

/** What erasure removes and keeps; `feed` and `deletions` name where a poller learns of the deleted emails and persons. */
const erasureText = (feed: string, deletions: string, afterwards: string) =>
  `Erases the person for good (a data subject's right to erasure), in one transaction: the person record and those of the persons merged into it, their email addresses, affiliations, list memberships, links from opportunities, notes and tasks (an opportunity they introduced keeps going with no intro person), their merge history, their email participations (an email they sent, or that would keep fewer than two persons, is deleted whole and ${feed} lists it with removed: true) and meeting attendances (meetings stay, without them), and the search entries derived from them; where an import job's summary or error quotes one of their addresses or full names, the quote becomes [erased]. Not a soft delete: nothing can be restored, and ${afterwards}; only the uuids stay, listed by ${deletions} with reason ERASED so copies elsewhere can be erased too. Notes, tasks, opportunities, files and the emails and meetings of others stay. A deactivated user's own person (a former employee's) is erased too, and their user account keeps only its uuid and role for the records naming it: its name becomes [erased], its email <user uuid>@erased.invalid, its password and OAuth sessions go, its API keys are revoked, and it cannot be reactivated. Administrators and tenant-wide keys only: 403 for a member. 404 when the person is not in the tenant; 409 for an active user's own person (deactivate the user first).`;

export const erasePerson = defineOperation({
  operationId: "erasePerson",
  method: "delete",
  path: "/v1/persons/{person_uuid}",
  area: "Person",
  summary: "Erase a person",
  description: `${erasureText("GET /v1/activity", "GET /v1/deletions", "every endpoint answers 404 for the uuid afterwards")} 204 on success.`,
  // The operations by their paths, which a tool's text follows with their tools where the client has them.
  mcpDescription: erasureText("GET /v1/activity", "GET /v1/deletions", "every tool answers 404 for the uuid afterwards"),
  params: personPathParameters,
  successStatus: 204,
  errors: [403, 404, 409],
  conditionalOn: getPerson,
  onlyAdministratorsMay: "erase a person",
  async handler({ params, auth, services, ifMatch }) {
    if (!(await services.store.persons.erase(auth.tenant.uuid, params.person_uuid, { precondition: ifMatch }))) {
      throw await personNotFound(services, auth.tenant.uuid, params.person_uuid);
    }
    return undefined;
  },
});
