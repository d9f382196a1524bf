/** Actors (users and persons named on a record) and ISO renderings of stored times. */
import type { PersonReference, UserReference } from "@rapport/store";
import { z } from "zod";

/** What an actor is: an internal user of the tenant, or a person record. */
export const ACTOR_TYPES = ["USER", "PERSON"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const actorSchema = z
  .object({
    uuid: z.string().describe("For type USER the user's UUID (the owner filter also accepts the user's person UUID); for type PERSON the person's UUID."),
    name: z.string(),
    logo_url: z.string().nullable(),
    type: z.enum(ACTOR_TYPES).describe("USER: an internal user of the tenant; PERSON: a person record."),
  })
  .describe("Who did something, or whom a record names.");

export type ActorResponse = z.input<typeof actorSchema>;

export function presentUserActor(user: UserReference | null): ActorResponse | null {
  return user ? { uuid: user.user_uuid, name: user.name, logo_url: user.logo_url, type: "USER" } : null;
}

export function presentPersonActor(person: PersonReference | null): ActorResponse | null {
  return person ? { uuid: person.uuid, name: person.name, logo_url: person.logo_url, type: "PERSON" } : null;
}

