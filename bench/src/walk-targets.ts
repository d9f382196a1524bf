/**
 * @module
 * What the read walk (`walk-operations.ts`) names in its requests, read from a benchmark tenant's database file: the
 * busiest and the median contact and company by interactions, the widest email and meeting, users, an opportunity,
 * and a hundred uuids of each kind for `uuids=` filters.
 */
import SqliteDatabase from "better-sqlite3";

export interface WalkTargets {
  heavyPerson: string;
  typicalPerson: string;
  heavyCompany: string;
  typicalCompany: string;
  /** Interactions of each (a company's: of its current members). */
  interactions: { heavyPerson: number; typicalPerson: number; heavyCompany: number; typicalCompany: number };
  widestEmail: string;
  widestMeeting: string;
  /** The tenant's users by name: the first is the benchmark's busiest. */
  users: string[];
  opportunity: string;
  opportunityType: string;
  opportunityStage: string;
  /** A hundred uuids of each kind (the API takes up to a hundred in `uuids=`). */
  hundred: { persons: string[]; companies: string[]; emails: string[]; meetings: string[] };
}

/** The targets of the database's (first) tenant, read once: the counts take a second or two at scale M. */
export function walkTargets(databasePath: string): WalkTargets {
  const database = new SqliteDatabase(databasePath, { readonly: true });
  try {
    const one = (source: string) => database.prepare(source).pluck().get() as string;
    const all = (source: string) => database.prepare(source).pluck().all() as string[];
    const byInteractions = (source: string) => database.prepare(source).all() as Array<{ uuid: string; n: number }>;
    const interactions = "(select person_uuid from email_participants union all select person_uuid from meeting_attendees)";
    const persons = byInteractions(
      `select p.uuid, count(*) as n from ${interactions} x join persons p on p.uuid = x.person_uuid and p.is_internal = 0 group by p.uuid order by n desc, p.uuid`,
    );
    const companies = byInteractions(
      `select a.company_uuid as uuid, count(*) as n from affiliations a join ${interactions} x on x.person_uuid = a.person_uuid
       where a.is_current = 1 group by a.company_uuid order by n desc, a.company_uuid`,
    );
    const median = <Item>(items: readonly Item[]) => items[Math.floor(items.length / 2)]!;
    return {
      heavyPerson: persons[0]!.uuid,
      typicalPerson: median(persons).uuid,
      heavyCompany: companies[0]!.uuid,
      typicalCompany: median(companies).uuid,
      interactions: { heavyPerson: persons[0]!.n, typicalPerson: median(persons).n, heavyCompany: companies[0]!.n, typicalCompany: median(companies).n },
      widestEmail: one("select email_uuid from email_participants group by email_uuid order by count(*) desc, email_uuid limit 1"),
      widestMeeting: one("select meeting_uuid from meeting_attendees group by meeting_uuid order by count(*) desc, meeting_uuid limit 1"),
      users: all("select uuid from users order by name_sort_key, uuid"),
      opportunity: one("select uuid from opportunities where deleted_at is null order by uuid limit 1"),
      opportunityType: one("select uuid from opportunity_types order by uuid limit 1"),
      opportunityStage: one("select uuid from opportunity_stages order by uuid limit 1"),
      hundred: {
        persons: all("select uuid from persons where is_internal = 0 order by uuid desc limit 100"),
        companies: all("select uuid from companies order by uuid desc limit 100"),
        emails: all("select uuid from emails order by uuid desc limit 100"),
        meetings: all("select uuid from meetings order by uuid desc limit 100"),
      },
    };
  } finally {
    database.close();
  }
}
