/**
 * @module
 * An uploaded part's content type, which a file keeps and its download sends back as `Content-Type`: a media type
 * (RFC 9110 8.3.1: `type/subtype`, parameters optional) of at most 255 characters, or `application/octet-stream`
 * when the part names none. Until 2026-12-05 any text was kept: up to the upload's 10 MiB, sent back as a header.
 */
import { badRequest } from "../errors/api-error.js";
import { cutText } from "./cut-text.js";

/** Longest content type a file keeps, as its filename. */
export const MAX_CONTENT_TYPE_LENGTH = 255;

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const QUOTED_STRING = '"(?:[\\t \\x21\\x23-\\x5b\\x5d-\\x7e]|\\\\[\\t \\x21-\\x7e])*"';
/**
 * `type/subtype *( OWS ";" OWS [ parameter ] )`, written so that each run of spaces can be read one way only: the spaces
 * after a ";" go with the parameter that follows, else with the next ";" or the end. Written as in RFC 9110, a run
 * between two ";" could be split between them in as many ways as it is long, tried in turn for each run: 46
 * characters of "a/b;  ;  ;  (" took 0.3 s, 64 took minutes, of the whole server.
 */
const MEDIA_TYPE = new RegExp(`^${TOKEN}/${TOKEN}(?:[ \\t]*;(?:[ \\t]*${TOKEN}=(?:${TOKEN}|${QUOTED_STRING}))?)*(?:(?<=;)[ \\t]*)?$`);

/**
 * The content type to keep for the part `field` that was sent with `type` ("" when it named none): the type itself,
 * or `application/octet-stream` for none. Throws a 400 naming the field for one longer than
 * MAX_CONTENT_TYPE_LENGTH or that is not a media type.
 */
export function uploadContentType(type: string, field: string): string {
  if (type === "") return "application/octet-stream";
  if (type.length > MAX_CONTENT_TYPE_LENGTH) {
    throw badRequest(
      `form field '${field}': the part's Content-Type is ${type.length} characters long, at most ${MAX_CONTENT_TYPE_LENGTH} are kept: send its media type, such as application/pdf`,
    );
  }
  if (!MEDIA_TYPE.test(type)) {
    throw badRequest(`form field '${field}': the part's Content-Type "${cutText(type, 60)}" is not a media type: send type/subtype, such as application/pdf`);
  }
  return type;
}
