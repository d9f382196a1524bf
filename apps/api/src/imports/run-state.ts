/**
 * @module
 * What an import remembers across batches: which addresses, messages, meetings, persons and
 * companies it has already counted (so that every count is of distinct records), and, in a dry run,
 * what it would have created (so that a later entry naming it counts as matched, as it would in a
 * real run). A batch stages its additions; they count only once the batch commits.
 */
import type { PersonFieldHolder } from "@rapport/store";
import type { CompanyFieldHolder } from "./empty-company-fields.js";
import type { ImportProblem } from "./import-summary.js";

/** A set whose additions are staged until `commit` (or dropped by `discard`). */
export class StagedSet {
  private readonly committed = new Set<string>();
  private readonly staged = new Set<string>();

  has(key: string): boolean {
    return this.committed.has(key) || this.staged.has(key);
  }

  add(key: string): void {
    if (!this.committed.has(key)) this.staged.add(key);
  }

  commit(): void {
    for (const key of this.staged) this.committed.add(key);
    this.staged.clear();
  }

  discard(): void {
    this.staged.clear();
  }
}

/** A map whose additions are staged until `commit` (or dropped by `discard`), as `StagedSet`'s. */
export class StagedMap<Value> {
  private readonly committed = new Map<string, Value>();
  private readonly staged = new Map<string, Value>();

  get(key: string): Value | undefined {
    return this.staged.has(key) ? this.staged.get(key) : this.committed.get(key);
  }

  set(key: string, value: Value): void {
    this.staged.set(key, value);
  }

  commit(): void {
    for (const [key, value] of this.staged) this.committed.set(key, value);
    this.staged.clear();
  }

  discard(): void {
    this.staged.clear();
  }
}

/** Dry run: a person the run would create, as a later contact matching one of its keys would find it. */
export interface WouldCreatePerson {
  /** Its match keys (`email:…`, `linkedin:…`), each of which finds it. */
  keys: readonly string[];
  /** The addresses it would have (normalized): what a later contact's name is held to. */
  addresses: readonly string[];
  /** True while its name would be derived from an address (the contact gave none), so a later contact names it. */
  nameFromAddress: boolean;
  /** The fields it would have that a later contact may fill, as earlier contacts of the run left them. */
  fields: PersonFieldHolder;
}

export interface RunState {
  /** Addresses that resolved to persons already known before this import touched them. */
  matchedAddresses: StagedSet;
  /** Persons known before this import that it matched, by uuid: a person's two addresses are one person matched. */
  matchedPersons: StagedSet;
  /** Addresses for which this import created (or would create) a person. */
  createdAddresses: StagedSet;
  /** Dry run: message ids seen, so a repeat within the archive counts as known. */
  messageIds: StagedSet;
  /** Dry run: meeting keys that would be created or updated. */
  meetingKeys: StagedSet;
  /** Dry run: match keys of persons that would be created, and `named:<uuid>` of matched persons a contact would name. */
  personKeys: StagedSet;
  /** Dry run: the persons that would be created, by each of their match keys (one record for all its keys). */
  createdPersons: StagedMap<WouldCreatePerson>;
  /** Dry run: the fields of matched persons as the contacts of the run would have filled them, by person uuid. */
  filledPersons: StagedMap<PersonFieldHolder>;
  /** Dry run: addresses a contact would give the stored person it matched (`persons.addFreeAddresses`), to that person's uuid. */
  givenAddresses: StagedMap<string>;
  /** Dry run: how many addresses a stored person a contact matched would hold, as the run left them, by person uuid. */
  addressCounts: StagedMap<number>;
  /** Companies counted so far (persons' companies are counted once each). */
  companyKeys: StagedSet;
  /**
   * Dry run: the company a company row's key (`domain:…`, `name:…`) finds: a stored company's uuid, or `run:<key>` for
   * one the run would create or a person's company it would; one value for all its keys.
   */
  companyIds: StagedMap<string>;
  /** Dry run: the fields of the companies of `companyIds` as the rows of the run would have filled them, by that value. */
  filledCompanies: StagedMap<CompanyFieldHolder>;
  /** Problems of items that failed inside a batch that otherwise committed. */
  stagedProblems: ImportProblem[];
}

export function createRunState(): RunState {
  return {
    matchedAddresses: new StagedSet(),
    matchedPersons: new StagedSet(),
    createdAddresses: new StagedSet(),
    messageIds: new StagedSet(),
    meetingKeys: new StagedSet(),
    personKeys: new StagedSet(),
    createdPersons: new StagedMap(),
    filledPersons: new StagedMap(),
    givenAddresses: new StagedMap(),
    addressCounts: new StagedMap(),
    companyKeys: new StagedSet(),
    companyIds: new StagedMap(),
    filledCompanies: new StagedMap(),
    stagedProblems: [],
  };
}

function sets(state: RunState): Array<StagedSet | StagedMap<unknown>> {
  return [
    state.matchedAddresses, state.matchedPersons, state.createdAddresses, state.messageIds, state.meetingKeys, state.personKeys, state.createdPersons,
    state.filledPersons, state.givenAddresses, state.addressCounts, state.companyKeys, state.companyIds, state.filledCompanies,
  ];
}

/** Makes a batch's additions permanent; returns its problems. */
export function commitRunState(state: RunState): ImportProblem[] {
  for (const set of sets(state)) set.commit();
  return state.stagedProblems.splice(0);
}

export function discardRunState(state: RunState): void {
  for (const set of sets(state)) set.discard();
  state.stagedProblems.length = 0;
}
