import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { guessEntity, headerKey, mapColumns, parseColumnMap } from "./column-mapping.js";
import { sniffDelimiter } from "./csv-source.js";
import { readLineChunks } from "./read-lines.js";
import { modernizeVcard } from "./vcard-legacy.js";
import { zonedWallClockToEpoch } from "./zoned-time.js";

async function lines(chunks: string[]): Promise<{ lines: string[]; bytes: number }> {
  const counter = { bytes: 0 };
  const all: string[] = [];
  for await (const batch of readLineChunks(Readable.from(chunks.map((chunk) => Buffer.from(chunk, "latin1"))), "latin1", counter)) all.push(...batch);
  return { lines: all, bytes: counter.bytes };
}

describe("readLineChunks", () => {
  it("splits on LF and CRLF across chunk boundaries, keeps every byte, counts bytes", async () => {
    expect(await lines(["a\r", "\nb", "c\n\nd\xe9", "\r\n", "last"])).toEqual({ lines: ["a", "bc", "", "d\xe9", "last"], bytes: 15 });
  });
});

describe("zonedWallClockToEpoch", () => {
  it("resolves wall-clock times in IANA zones, across DST changes", () => {
    const at = (month: number, day: number, hour: number, zone: string) => zonedWallClockToEpoch({ year: 2026, month, day, hour, minute: 0, second: 0 }, zone);
    expect(at(11, 5, 9, "America/New_York")).toBe(Date.UTC(2026, 10, 5, 14));
    expect(at(10, 5, 9, "America/New_York")).toBe(Date.UTC(2026, 9, 5, 13));
    expect(at(3, 29, 2, "Europe/Berlin")).toBe(Date.UTC(2026, 2, 29, 1));
    expect(at(1, 1, 0, "Mars/Olympus")).toBeNull();
  });
});

describe("modernizeVcard", () => {
  it("rewrites 2.1 bare parameters and quoted-printable values, leaves 3.0 alone", () => {
    const legacy = ["BEGIN:VCARD", "VERSION:2.1", "EMAIL;INTERNET;PREF:a@x.example", "NOTE;ENCODING=QUOTED-PRINTABLE;CHARSET=UTF-8:Gr=C3=BC=", "=C3=9Fe", "END:VCARD"].join("\r\n");
    expect(modernizeVcard(legacy).split("\r\n")).toEqual(["BEGIN:VCARD", "VERSION:2.1", "EMAIL;TYPE=INTERNET;TYPE=PREF:a@x.example", "NOTE:Grüße", "END:VCARD"]);
    const modern = "BEGIN:VCARD\r\nVERSION:3.0\r\nEMAIL;INTERNET:a@x.example\r\nEND:VCARD";
    expect(modernizeVcard(modern)).toBe(modern);
  });

  it("decodes a quoted-printable value in the charset it names, Windows-1252 and ISO-8859-2 included", () => {
    const card = (line: string) => modernizeVcard(["BEGIN:VCARD", "VERSION:2.1", line, "END:VCARD"].join("\r\n")).split("\r\n")[2];
    expect(card("NOTE;CHARSET=WINDOWS-1252;ENCODING=QUOTED-PRINTABLE:=93Caf=E9=94 =96 =805")).toBe("NOTE:“Café” – €5");
    expect(card("FN;CHARSET=ISO-8859-2;ENCODING=QUOTED-PRINTABLE:=A3ukasz Wo=BCniak")).toBe("FN:Łukasz Woźniak");
    expect(card("FN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:Jos=E9")).toBe("FN:José");
  });

  it("joins a base64 value's lines written without the folding space to their property, and no other line", () => {
    const legacy = ["BEGIN:VCARD", "VERSION:2.1", "PHOTO;ENCODING=BASE64;JPEG:/9j/4AAQ", "SkZJRg==", "", "LOGO;BASE64:", "  AAEC", "TITLE:Cook", "END:VCARD"].join("\r\n");
    expect(modernizeVcard(legacy).split("\r\n")).toEqual(["BEGIN:VCARD", "VERSION:2.1", "PHOTO;ENCODING=BASE64;TYPE=JPEG:/9j/4AAQSkZJRg==", "", "LOGO;TYPE=BASE64:AAEC", "TITLE:Cook", "END:VCARD"]);
  });
});

describe("CSV columns", () => {
  it("maps headers by their key, --map first, and guesses the entity", () => {
    expect(headerKey("E-mail Address")).toBe("emailaddress");
    const explicit = parseColumnMap(["Organisation=company, Notes=ignore", "Title=ignore"]);
    expect([...mapColumns(["First Name", "E-mail Address", "Organisation", "Title", "Notes"], "persons", explicit)]).toEqual([
      [0, "first_name"],
      [1, "email"],
      [2, "company"],
    ]);
    expect(guessEntity(["Name", "Email"], new Map())).toBe("persons");
    expect(guessEntity(["Company Name", "Website"], new Map())).toBe("companies");
    expect(guessEntity(["Colour"], new Map())).toBeNull();
    expect(sniffDelimiter("Nom;Courriel;Ville\nA;a@x;Lyon")).toBe(";");
    expect(sniffDelimiter("a\tb\tc")).toBe("\t");
    // Delimiters inside a quoted cell are text: a cell listing addresses does not make the file semicolon-separated.
    expect(sniffDelimiter('First Name,Email\nMany,"a@x.example; b@x.example; c@x.example"')).toBe(",");
    expect(sniffDelimiter('Name;Note\nAda;"one, two, three"')).toBe(";");
  });
});
