/** @module The name an AI summary gives a person, also one whose record has none (known by a LinkedIn profile alone). */
import { normalizeLinkedinUrl, type Person } from "@rapport/store";

/**
 * The person's name, or for a person without one (created from a LinkedIn URL alone, whose display `name` is `""`)
 * their profile: "LinkedIn member linkedin.com/in/jane-doe"; "Unnamed person" when neither is there. Each reads at
 * the start of a sentence and within one alike, so a fact never begins " is Advisor at Acme".
 *
 * @example
 * personNameInWords({ name: "", linkedin_url: "https://www.linkedin.com/in/Jane-Doe/" }); // "LinkedIn member linkedin.com/in/jane-doe"
 */
export function personNameInWords(person: Pick<Person, "name" | "linkedin_url">): string {
  const name = person.name.trim();
  if (name) return name;
  const profile = person.linkedin_url ? normalizeLinkedinUrl(person.linkedin_url) : null;
  return profile ? `LinkedIn member ${profile}` : "Unnamed person";
}
