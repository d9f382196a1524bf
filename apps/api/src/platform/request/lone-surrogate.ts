/**
 * @module
 * A lone UTF-16 surrogate (U+D800 to U+DFFF without its pair) is refused in every string of a request body: JSON
 * may spell one (`"\ud800"`), but it is no character and has no UTF-8 form, so SQLite stored it as three U+FFFD and
 * every read of the record differed from the answer to its write.
 */

/** What a refused value is told. */
export const LONE_SURROGATE_PROBLEM = "text must not contain a lone surrogate (U+D800 to U+DFFF unpaired)";

/** Matches only unpaired surrogates: with the `u` flag a pair is read as the one character it encodes. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether `text` holds a surrogate without its pair. */
export const holdsLoneSurrogate = (text: string) => LONE_SURROGATE.test(text);
