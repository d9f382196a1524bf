/**
 * @module
 * A tenant's persons' (or companies') names as the fuzzy `name` retry compares them (person-fuzzy-names.ts), folded once: each
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

  get size(): number {
    return this.ends.length;
  }

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

  /** The string's UTF-16 unit at `offset` (what `string[offset]` reads), undefined past its end; no string is made. */
  unitAt(index: number, offset = 0): string | undefined {
    const position = this.startOf(index) + offset;
    return position < this.ends[index]! ? this.text[position] : undefined;
  }
}

/** A word's remembered first sound in `partSounds`: not yet asked, none, or the sound's letter's code. */
const SOUND_NOT_ASKED = 0;
const NO_SOUND = 1;

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
  /** Each word's first sound, as `partSound` remembers it; made when first asked. */
  private partSounds: Uint16Array | undefined;

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
    for (let part = this.partStart(index); part < this.partEnds[index]!; part += 1) if (this.parts.unitAt(part) === unit) return true;
    return false;
  }

  /**
   * Whether some word of the person's folded name passes `test`, given the word's position among every person's
   * words (for `partUnitAt` and `partSound`); no string is made.
   */
  somePart(index: number, test: (part: number) => boolean): boolean {
    for (let part = this.partStart(index); part < this.partEnds[index]!; part += 1) if (test(part)) return true;
    return false;
  }

  /** The UTF-16 unit at `offset` of the word at `part` (see `somePart`), undefined past its end. */
  partUnitAt(part: number, offset: number): string | undefined {
    return this.parts.unitAt(part, offset);
  }

  /**
   * The first sound of the word at `part` (see `somePart`), `soundOf` asked once per word and remembered with the
   * names (a single letter, or "" for none): a retry for a misspelt first letter asked it of every word, every time.
   */
  partSound(part: number, soundOf: (word: string) => string): string {
    this.partSounds ??= new Uint16Array(this.parts.size);
    const known = this.partSounds[part]!;
    if (known === NO_SOUND) return "";
    if (known !== SOUND_NOT_ASKED) return String.fromCharCode(known);
    const sound = soundOf(this.parts.at(part));
    this.partSounds[part] = sound === "" ? NO_SOUND : sound.charCodeAt(0);
    return sound;
  }

  private partStart(index: number): number {
    return index === 0 ? 0 : this.partEnds[index - 1]!;
  }
}
