/** An uploaded part's content type: kept when it is a media type of at most 255 characters, a 400 otherwise. */
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors/api-error.js";
import { MAX_CONTENT_TYPE_LENGTH, uploadContentType } from "./upload-content-type.js";

describe("uploadContentType", () => {
  it("keeps a media type with or without parameters, and names application/octet-stream for none", () => {
    for (const type of ["image/png", "application/vnd.api+json", "text/plain;charset=utf-8", 'multipart/mixed; boundary="a b\\"c"', "text/plain;", `a/${"b".repeat(MAX_CONTENT_TYPE_LENGTH - 2)}`]) {
      expect(uploadContentType(type, "file")).toBe(type);
    }
    expect(uploadContentType("", "file")).toBe("application/octet-stream");
  });

  it("refuses, naming the field, a type that is too long or no media type", () => {
    for (const type of [`a/${"b".repeat(MAX_CONTENT_TYPE_LENGTH - 1)}`, "png", "/png", "image/", "image/png/x", "image/png; q", 'text/plain; a="open', "té/x", "image/png\r\nx-a: b"]) {
      expect(() => uploadContentType(type, "attachment"), type).toThrow(ApiError);
      expect(() => uploadContentType(type, "attachment"), type).toThrow(/^form field 'attachment': the part's Content-Type/);
    }
  });

  it("reads spaces around empty parameters one way only: a long run of them ending in no token is refused at once", () => {
    for (const type of ["text/plain; ", "text/plain ;charset=utf-8", "a/b;  ;  ; x=y", "a/b ; ; x=\"y z\" ;  "]) {
      expect(uploadContentType(type, "file")).toBe(type);
    }
    for (const type of ["a/b ", "a/b;x=y ", "a/b; x"]) expect(() => uploadContentType(type, "file"), type).toThrow(/is not a media type/);
    // 251 characters: written as RFC 9110 writes it, the pattern split each run of spaces every way it could, and 46
    // characters of this took 0.3 s, 64 took minutes of the whole server.
    const pathological = `a/b${";  ".repeat(82)}(`;
    expect(pathological.length).toBeLessThanOrEqual(MAX_CONTENT_TYPE_LENGTH);
    expect(() => uploadContentType(pathological, "file")).toThrow(/is not a media type/);
  });
});
