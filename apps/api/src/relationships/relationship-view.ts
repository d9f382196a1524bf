/**
 * @module
 * What a relationship read needs, gathered once per request: the tenant's graph, the present, the
 * users by uuid and by person node, and display records for the persons a response mentions.
 */
import type { RelationshipGraph, ScoringOptions } from "@rapport/graph";
import type { PersonDisplayCard, PersonDisplayRecord, User } from "@rapport/store";
import type { AuthContext } from "../platform/auth/auth-context.js";
import type { PersonSignals } from "../presenters/recommended-paths-presenter.js";
import type { AppServices } from "../services.js";
import { scoringInstant } from "./scoring-instant.js";

/** A mentioned person's name, titles, links, emails and primary company (the store's display record). */
export type PersonDisplay = PersonDisplayRecord;
/** The same without the emails (the store's display card): what most mentions show. */
export type PersonCard = PersonDisplayCard;

export interface RelationshipView {
  graph: RelationshipGraph;
  scoring: ScoringOptions;
  now: number;
  /** Every user of the tenant (active or not) by uuid. */
  users: Map<string, User>;
  /** Loads display records (with primary companies) for these persons, each once per view; missing ones are absent. */
  displays(personUuids: Iterable<string>): Promise<Map<string, PersonDisplay>>;
  /**
   * The same without emails, which are not read for them: a batch shows the emails of its team members and
   * top contacts only, not of the hundreds of bridges it names. A display record already loaded serves.
   */
  cards(personUuids: Iterable<string>): Promise<Map<string, PersonCard>>;
  /**
   * Entity-list memberships and opportunity associations of these persons (at most `recentLimit`
   * opportunities named per person), each person fetched once per view: a batch asks about the same
   * busy bridges for every target.
   */
  signals(personUuids: Iterable<string>, recentLimit: number): Promise<PersonSignals>;
}

/**
 * The records of these persons, each read once per view: `held` gives what the view already has (undefined:
 * not asked yet; null: asked, absent), `load` reads the rest, remembered in `into`.
 */
async function heldOrLoaded<Value>(
  personUuids: Iterable<string>,
  held: (uuid: string) => Value | null | undefined,
  into: Map<string, Value | null>,
  load: (uuids: string[]) => Promise<Map<string, Value>>,
): Promise<Map<string, Value>> {
  const asked = [...new Set(personUuids)];
  const wanted = asked.filter((uuid) => held(uuid) === undefined);
  if (wanted.length > 0) {
    const found = await load(wanted);
    for (const uuid of wanted) into.set(uuid, found.get(uuid) ?? null);
  }
  const result = new Map<string, Value>();
  for (const uuid of asked) {
    const value = held(uuid);
    if (value) result.set(uuid, value);
  }
  return result;
}

/** What a view is opened for beyond the tenant. */
export interface RelationshipViewOptions {
  /** Score as of this earlier instant (epoch ms) instead of the clock's: a 400 when it is after it (`scoringInstant`). */
  asOf?: number | undefined;
}

export async function openRelationshipView(services: AppServices, auth: AuthContext, options: RelationshipViewOptions = {}): Promise<RelationshipView> {
  const { store, clock } = services;
  const tenantUuid = auth.tenant.uuid;
  const graph = await store.graphs.forTenant(tenantUuid);
  const now = scoringInstant(options.asOf, clock.now());
  const userPage = await store.users.list(tenantUuid, { order: "asc", position: { kind: "offset", offset: 0 }, limit: 100_000 });
  const users = new Map(userPage.rows.map((user) => [user.uuid, user]));
  const cache = new Map<string, PersonDisplay | null>();
  const cardCache = new Map<string, PersonCard | null>();
  const listCounts = new Map<string, number>();
  const opportunityLinks = new Map<string, { total: number; recent: string[] } | null>();
  let linksLimit: number | null = null;
  return {
    graph,
    now,
    scoring: { now },
    users,
    displays: (personUuids) => heldOrLoaded(personUuids, (uuid) => cache.get(uuid), cache, (uuids) => store.persons.displays(tenantUuid, uuids)),
    cards: (personUuids) =>
      heldOrLoaded(
        personUuids,
        (uuid) => (cache.has(uuid) ? cache.get(uuid) : cardCache.get(uuid)),
        cardCache,
        (uuids) => store.persons.displayCards(tenantUuid, uuids),
      ),
    async signals(personUuids, recentLimit) {
      if (linksLimit !== recentLimit) {
        opportunityLinks.clear();
        linksLimit = recentLimit;
      }
      const people = [...new Set(personUuids)];
      const wanted = people.filter((uuid) => !opportunityLinks.has(uuid));
      if (wanted.length > 0) {
        const lists = await store.entityLists.membershipCounts(tenantUuid, wanted);
        const links = await store.associations.recentOpportunitiesOf(tenantUuid, "PERSON", wanted, recentLimit);
        for (const uuid of wanted) {
          listCounts.set(uuid, lists.get(uuid) ?? 0);
          opportunityLinks.set(uuid, links.get(uuid) ?? null);
        }
      }
      const signals: PersonSignals = { lists: new Map(), associations: new Map() };
      for (const uuid of people) {
        const lists = listCounts.get(uuid) ?? 0;
        if (lists > 0) signals.lists.set(uuid, lists);
        const links = opportunityLinks.get(uuid);
        if (links) signals.associations.set(uuid, links);
      }
      return signals;
    },
  };
}

