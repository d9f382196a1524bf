/**
 * @module
 * One key for the spellings of one tag (`tagKey`), and a list's tags each once (`distinctTags`): "İstanbul" and
 * "istanbul", "STRASSE" and "Straße", "ＡＩ" and "AI" are one tag.
 */
import { foldCase } from "./fold-case.js";

/**
 * `tag` as tags compare it: trimmed, its compatibility characters in their plain form (NFKC: full-width "ＡＩ" is "AI")
 * and every letter's case folded as Unicode folds it (`foldCase`: "İ" is "i", "ß" is "ss", Greek accents aside), as a
 * company's name is (`companyNameKey`). Other accents and punctuation count: "café" is not "cafe", "C#" not "C".
 *
 * @example tagKey(" İstanbul ") === tagKey("ISTANBUL") // true
 */
export function tagKey(tag: string): string {
  return foldCase(tag.normalize("NFKC").trim());
}

/**
 * Each tag of `tags` once by its `tagKey`, in the order given, the first spelling kept as written; tags that are blank
 * once trimmed are dropped.
 *
 * @example distinctTags(["Fintech", "FINTECH", "straße", "STRASSE"]) // ["Fintech", "straße"]
 */
export function distinctTags(tags: Iterable<string>): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const tag of tags) {
    const key = tagKey(tag);
    if (key === "" || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}
