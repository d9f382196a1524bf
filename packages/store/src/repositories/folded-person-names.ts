/**
 * @module
 * A tenant's persons' names as the fuzzy `name` retry compares them (person-fuzzy-names.ts), folded once: each
 * name whole and its words, held in a few joined strings rather than objects per person, so that the store can
 * remember them between retries (a tenant of 200,000 persons in about 20 MB, a handful of heap objects).
 */
import { foldName } from "./fold-name.js";
import { nameWords } from "./name-words.js";

/** A person's uuid and display name, as the retry reads them. */
export interface NamedPerson {
  uuid: string;
  name: string;
}

/** Strings joined into one, each read back by its position. */
class JoinedStrings {
  private readonly text: string;
  private readonly ends: Int32Array;

  constructor(strings: readonly string[]) {
    this.text = strings.join("");
    this.ends = new Int32Array(strings.length);
    let end = 0;
    strings.forEach((string, index) => {
      end += string.length;
      this.ends[index] = end;
    });
  }

  private startOf(index: number): number {
    return index === 0 ? 0 : this.ends[index - 1]!;
  }

  at(index: number): string {
    return this.text.slice(this.startOf(index), this.ends[index]);
  }

  /** The string's first UTF-16 unit (what `string[0]` reads), undefined for an empty one; no string is made. */
  firstUnitAt(index: number): string | undefined {
    const start = this.startOf(index);
    return start < this.ends[index]! ? this.text[start] : undefined;
  }
}

/**
 * The persons of `persons`, in their order, with each name folded whole (`foldName`) and each of its words
 * (`nameWords`, then `foldName`): what `fuzzyNameRanking` reads of every name.
 */
export class FoldedPersonNames {
  readonly size: number;
  private readonly uuids: JoinedStrings;
  private readonly names: JoinedStrings;
  private readonly parts: JoinedStrings;
  /** Where each person's words end in `parts`. */
  private readonly partEnds: Int32Array;

  constructor(persons: readonly NamedPerson[]) {
    this.size = persons.length;
    this.uuids = new JoinedStrings(persons.map((person) => person.uuid));
    this.names = new JoinedStrings(persons.map((person) => foldName(person.name)));
    const parts: string[] = [];
    this.partEnds = new Int32Array(persons.length);
    persons.forEach((person, index) => {
      for (const word of nameWords(person.name)) parts.push(foldName(word));
      this.partEnds[index] = parts.length;
    });
    this.parts = new JoinedStrings(parts);
  }

  uuidAt(index: number): string {
    return this.uuids.at(index);
  }

  /** The person's name folded whole. */
  foldedNameAt(index: number): string {
    return this.names.at(index);
  }

  /** The person's name's words, each folded. */
  partsAt(index: number): string[] {
    const parts: string[] = [];
    for (let part = this.partStart(index); part < this.partEnds[index]!; part += 1) parts.push(this.parts.at(part));
    return parts;
  }

  /** Whether some word of the person's folded name starts with `unit` (a UTF-16 unit); no string is made. */
  hasPartStartingWith(index: number, unit: string): boolean {
    for (let part = this.partStart(index); part < this.partEnds[index]!; part += 1) if (this.parts.firstUnitAt(part) === unit) return true;
    return false;
  }

  private partStart(index: number): number {
    return index === 0 ? 0 : this.partEnds[index - 1]!;
  }
}
