/** GET /v1/emails/{email_uuid}: one email, and its kept body on request. */
import { z } from "zod";
import { defineOperation } from "../../operations/operation.js";
import { forbidden, notFound } from "../../platform/errors/api-error.js";
import { booleanQuery, uuidString } from "../../platform/request/common-schemas.js";
import { emailSchema, presentEmail } from "../../presenters/email-presenter.js";
import { mayReadEmailBody } from "./email-body-access.js";

export const getEmail = defineOperation({
  operationId: "getEmail",
  method: "get",
  path: "/v1/emails/{email_uuid}",
  area: "Activity",
  summary: "Get an email",
  description:
    "One email an activity feed or timeline names. include_body=true adds its kept body (up to 200,000 characters) for administrators, tenant-wide calls and members on the email (403 for others). 404 when not in the tenant or erased.",
  params: z.object({ email_uuid: uuidString("The email's UUID.") }),
  query: z.object({
    include_body: booleanQuery("Add the kept body (null if none). Default false.").default(false),
  }),
  response: emailSchema,
  errors: [404],
  async handler({ params, query, auth, services }) {
    const email = await services.store.emails.getByUuid(auth.tenant.uuid, params.email_uuid);
    if (!email) throw notFound(`email ${params.email_uuid} not found`);
    if (!query.include_body) return presentEmail(email);
    if (!mayReadEmailBody(auth, email)) throw forbidden("only an administrator or a member whose own person is on the email may read its body");
    const body = email.has_body ? await services.store.emailBodies.get(auth.tenant.uuid, email.uuid) : null;
    return { ...presentEmail(email), body };
  },
});
