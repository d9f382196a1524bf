import fc from "fast-check";
import iconv from "iconv-lite";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { decodeWindows1252, detectTextEncoding, ENCODING_SNIFF_BYTES, isUtf8Head, readAsUtf8, readsAsWindows1252, windows1252ToUtf8 } from "./text-encoding.js";

describe("isUtf8Head", () => {
  it("accepts UTF-8, even cut inside its last character, and refuses Windows-1252 letters", () => {
    const text = Buffer.from("Jürgen Müller, São Paulo, 東京", "utf8");
    expect(isUtf8Head(text)).toBe(true);
    expect(isUtf8Head(text.subarray(0, text.length - 1))).toBe(true);
    expect(isUtf8Head(Buffer.from("Jürgen Müller", "latin1"))).toBe(false);
  });
});

describe("detectTextEncoding", () => {
  const line = "First Name\tLast Name\tE-mail Address\r\nJürgen\tMüller\tjurgen@initech.example\r\n";

  it("tells UTF-16 (by byte order mark or without one), UTF-8 and Windows-1252 apart", () => {
    expect(detectTextEncoding(Buffer.from(`\uFEFF${line}`, "utf16le"))).toBe("utf-16le");
    expect(detectTextEncoding(Buffer.from(`\uFEFF${line}`, "utf16le").swap16())).toBe("utf-16be");
    expect(detectTextEncoding(Buffer.from(line, "utf16le"))).toBe("utf-16le");
    expect(detectTextEncoding(Buffer.from(line, "utf16le").swap16())).toBe("utf-16be");
    expect(detectTextEncoding(Buffer.from(line, "utf8"))).toBe("utf-8");
    expect(detectTextEncoding(Buffer.from(`\uFEFF${line}`, "utf8"))).toBe("utf-8");
    expect(detectTextEncoding(Buffer.from(line, "latin1"))).toBe("windows-1252");
  });

  it("reads an empty file as UTF-8", () => {
    expect(detectTextEncoding(Buffer.alloc(0))).toBe("utf-8");
  });
});

describe("windows1252ToUtf8", () => {
  it("re-encodes any bytes, however the chunks fall, as the whole decoded at once", async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 300 }), fc.integer({ min: 1, max: 50 }), async (bytes, size) => {
        const chunks: Buffer[] = [];
        for (let at = 0; at < bytes.length; at += size) chunks.push(Buffer.from(bytes.subarray(at, at + size)));
        const out: Buffer[] = [];
        for await (const chunk of Readable.from(chunks).pipe(windows1252ToUtf8())) out.push(chunk as Buffer);
        expect(Buffer.concat(out).toString("utf8")).toBe(decodeWindows1252(bytes));
      }),
    );
    expect(decodeWindows1252(Buffer.from([0x4a, 0x6f, 0x73, 0xe9, 0x20, 0x80]))).toBe("José €");
  });
});

describe("readAsUtf8", () => {
  async function read(bytes: Buffer, chunkSize = 1000) {
    const chunks = Array.from({ length: Math.ceil(bytes.length / chunkSize) }, (_unused, index) => bytes.subarray(index * chunkSize, (index + 1) * chunkSize));
    const counter = { bytes: 0 };
    const { encoding, headText, text } = await readAsUtf8(Readable.from(chunks), counter);
    const out: Buffer[] = [];
    for await (const chunk of text) out.push(chunk as Buffer);
    return { encoding, headText, text: Buffer.concat(out).toString("utf8"), counted: counter.bytes };
  }

  it("passes UTF-8 on, and decodes the whole of a file past its head from Windows-1252 when the head is not UTF-8", async () => {
    const line = "José Peña, “Café” – 5 €\n";
    const long = line.repeat(Math.ceil((2 * ENCODING_SNIFF_BYTES) / line.length));
    const utf8 = await read(Buffer.from(long, "utf8"));
    expect(utf8.text).toBe(long);
    const windows1252 = await read(iconv.encode(long, "windows-1252"));
    expect(windows1252.text).toBe(long);
    expect(windows1252.headText.startsWith(line)).toBe(true);
    // The file's bytes are counted, not the longer UTF-8 handed on.
    expect(windows1252.counted).toBe(iconv.encode(long, "windows-1252").length);
  });

  it("decodes the whole of a UTF-16 file past its head, with characters and surrogate pairs cut between chunks", async () => {
    const line = "FN:Jürgen Müller 😀\r\n";
    const long = line.repeat(Math.ceil((2 * ENCODING_SNIFF_BYTES) / line.length));
    for (const [encoding, bytes] of [
      ["utf-16le", Buffer.from(`\uFEFF${long}`, "utf16le")],
      ["utf-16be", Buffer.from(long, "utf16le").swap16()],
    ] as const) {
      // Odd chunks: the head ends inside a code unit, and chunks cut code units and surrogate pairs throughout.
      for (const chunkSize of [999, 1001]) {
        const read16 = await read(bytes, chunkSize);
        expect(read16.encoding).toBe(encoding);
        expect(read16.text).toBe(long);
        expect(read16.headText.startsWith(line)).toBe(true);
        expect(long.startsWith(read16.headText)).toBe(true);
        expect(read16.counted).toBe(bytes.length);
      }
    }
  });

  it("refuses a file in another code page and lets its stream go (a file's descriptor, held until GC)", async () => {
    const line = iconv.encode("Иван Петров, Москва\n", "windows-1251");
    const stream = Readable.from(Array.from({ length: 20 }, () => Buffer.concat(Array.from({ length: 400 }, () => line))));
    await expect(readAsUtf8(stream, { bytes: 0 }, "people.csv")).rejects.toThrow(/^people\.csv /);
    expect(stream.destroyed).toBe(true);
  });

  it("reads an empty file as empty UTF-8 text", async () => {
    expect(await read(Buffer.alloc(0))).toEqual({ encoding: "utf-8", headText: "", text: "", counted: 0 });
  });
});

describe("readsAsWindows1252", () => {
  it("takes Latin text of Western Europe, and not the code pages Excel writes other alphabets in", () => {
    const latin = [
      "First Name;Last Name;Email\r\nJürgen;Müller;j@x.de\r\nFrançois;Lefèvre-Œuvre;f@x.fr\r\n",
      "Nome,Empresa\r\nJoão Gonçalves,Ação Comunicação Ltda\r\nÍñigo Muñoz,Peña – «Café»\r\n",
      "Name\tCity\r\nSigurður Þórðarson\tReykjavík\r\nSøren Ærø\tÅrhus\r\nZoë Brontë\t€ 5\r\n",
    ];
    for (const text of latin) expect(readsAsWindows1252(iconv.encode(text, "windows-1252")), text).toBe(true);
    const others: Array<[string, string]> = [
      ["windows-1251", "Имя;Фамилия;Email\r\nИван;Петров;i@x.ru\r\nЯн;Ли;y@x.ru\r\n"],
      ["koi8-r", "Имя;Фамилия\r\nМария;Иванова\r\n"],
      ["windows-1253", "Name;Email\r\nΟδυσσέας Ελύτης;o@x.gr\r\n"],
      ["windows-1255", "Name,Email\r\nשלום כהן,s@x.il\r\n"],
      ["windows-1256", "Name,Email\r\nمحمد العلي,m@x.sa\r\n"],
      ["windows-874", "Name,Email\r\nสมชาย ใจดี,s@x.th\r\n"],
      ["shift_jis", "First Name,Last Name,Email\r\n太郎,田中,t@x.jp\r\n"],
      ["gbk", "First Name,Last Name,Email\r\n伟,王,w@x.cn\r\n芳,李,l@x.cn\r\n"],
      ["big5", "First Name,Last Name,Email\r\n大文,陳,c@x.tw\r\n"],
      ["euc-kr", "First Name,Last Name,Email\r\n민준,김,k@x.kr\r\n"],
    ];
    for (const [encoding, text] of others) expect(readsAsWindows1252(iconv.encode(text, encoding)), encoding).toBe(false);
  });
});
