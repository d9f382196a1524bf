/**
 * @module
 * The one rule for "is this person already here?", shared by `POST /v1/persons/batch` and the
 * contact imports: any of the email addresses, in the given order, then the LinkedIn URL (the
 * oldest person with it).
 */
import { normalizeEmail, type Store } from "@rapport/store";

/** The keys a person is matched by, in the order they are tried: what `matched_by` reports. */
export const PERSON_MATCH_KEYS = ["email", "linkedin_url"] as const;
export type PersonMatchKey = (typeof PERSON_MATCH_KEYS)[number];

export interface PersonMatch {
  uuid: string;
  matched_by: PersonMatchKey;
}

export async function findPersonMatch(
  store: Store,
  tenantUuid: string,
  keys: { emails: readonly string[]; linkedin_url?: string | null },
): Promise<PersonMatch | null> {
  const addresses = keys.emails.map(normalizeEmail).filter(Boolean);
  if (addresses.length > 0) {
    const byEmail = await store.persons.findByEmails(tenantUuid, addresses);
    const match = addresses.map((address) => byEmail.get(address)).find(Boolean);
    if (match) return { uuid: match, matched_by: "email" };
  }
  if (keys.linkedin_url) {
    const byLinkedin = await store.persons.findByLinkedinUrls(tenantUuid, [keys.linkedin_url]);
    const [oldest] = [...byLinkedin.values()][0] ?? [];
    if (oldest) return { uuid: oldest, matched_by: "linkedin_url" };
  }
  return null;
}
