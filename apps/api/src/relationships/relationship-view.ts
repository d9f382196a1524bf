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

export async function openRelationshipView(services: AppServices, auth: AuthContext): Promise<RelationshipView> {
  const { store, clock } = services;
  const tenantUuid = auth.tenant.uuid;
  const graph = await store.graphs.forTenant(tenantUuid);
  const now = clock.now();
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
    async displays(personUuids) {
      const wanted = [...new Set(personUuids)].filter((uuid) => !cache.has(uuid));
      if (wanted.length > 0) {
        const found = await store.persons.displays(tenantUuid, wanted);
        for (const uuid of wanted) cache.set(uuid, found.get(uuid) ?? null);
      }
      const result = new Map<string, PersonDisplay>();
      for (const uuid of personUuids) {
        const display = cache.get(uuid);
        if (display) result.set(uuid, display);
      }
      return result;
    },
    async cards(personUuids) {
      const wanted = [...new Set(personUuids)].filter((uuid) => !cache.has(uuid) && !cardCache.has(uuid));
      if (wanted.length > 0) {
        const found = await store.persons.displayCards(tenantUuid, wanted);
        for (const uuid of wanted) cardCache.set(uuid, found.get(uuid) ?? null);
      }
      const result = new Map<string, PersonCard>();
      for (const uuid of personUuids) {
        const card = cache.get(uuid) ?? cardCache.get(uuid);
        if (card) result.set(uuid, card);
      }
      return result;
    },
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

