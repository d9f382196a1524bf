/** The rows of a users file: CSV and JSON lines read alike, every bad row named with its line. */
import { describe, expect, it } from "vitest";
import { readUserRows, userFileFormat } from "./user-rows.js";

describe("readUserRows", () => {
  it("reads CSV with a header in any order and case, role member when left blank, emails as the store keeps them", () => {
    const text = "Email;Name;ROLE\r\n\r\n ADA@Acme.example ;Ada Park;Administrator\r\nbo@acme.example;\"Bo, Jr.\";\r\n";
    expect(readUserRows(text, "csv")).toEqual({
      rows: [
        { line: 3, name: "Ada Park", email: "ada@acme.example", role: "administrator" },
        { line: 4, name: "Bo, Jr.", email: "bo@acme.example", role: "member" },
      ],
      problems: [],
    });
  });

  it("reads JSON lines, role member when left out", () => {
    const text = '{"name":"Ada Park","email":"ada@acme.example","role":"administrator"}\n\n{"name":"Bo","email":"bo@acme.example"}\n';
    expect(readUserRows(text, "jsonl").rows).toEqual([
      { line: 1, name: "Ada Park", email: "ada@acme.example", role: "administrator" },
      { line: 3, name: "Bo", email: "bo@acme.example", role: "member" },
    ]);
  });

  it("names every bad row by its line: blank or missing fields, a bad address or role, a repeated email, extra cells", () => {
    const text = [
      "name,email,role",
      "Ada Park,ada@acme.example,administrator",
      ",bo@acme.example,member",
      "Cy,cy@,member",
      "Di,di@acme.example,admin",
      "Ed,ADA@acme.example,",
      "Fay,fay@acme.example,member,extra",
      "Gus\u001b[2J,gus@acme.example,",
    ].join("\n");
    const { rows, problems } = readUserRows(text, "csv");
    expect(rows.map((row) => row.line)).toEqual([2]);
    expect(problems).toEqual([
      { line: 3, problem: "name must not be empty" },
      { line: 4, problem: "email cy@ is not an email address" },
      { line: 5, problem: 'role "admin" is not one of member, administrator' },
      { line: 6, problem: "email ada@acme.example is on line 2 already" },
      { line: 7, problem: "4 cells, but the header names 3 columns" },
      { line: 8, problem: "name must not contain control characters (U+001B)" },
    ]);
  });

  it("names JSON lines that are not objects, have unknown fields or values that are not text", () => {
    const text = ['{"name":"Ada","email":"ada@acme.example"}', "not json", '{"name":"Bo","mail":"bo@acme.example"}', '{"name":7,"email":"c@acme.example"}', '{"email":"d@acme.example"}'].join("\n");
    expect(readUserRows(text, "jsonl").problems).toEqual([
      { line: 2, problem: "not a JSON object" },
      { line: 3, problem: 'unknown field "mail"; a user has name, email, role' },
      { line: 4, problem: "name must be text" },
      { line: 5, problem: "name is missing" },
    ]);
  });

  it("refuses a file whose shape is wrong throughout: a header without the columns, a JSON array, no users", () => {
    expect(() => readUserRows("full name,e-mail\nAda,ada@acme.example\n", "csv")).toThrow(
      'line 1: the header must name the columns name, email and (optionally) role, each once; it has "full name", "e-mail"',
    );
    expect(() => readUserRows("name,email,name\n", "csv")).toThrow("each once");
    expect(() => readUserRows('[{"name":"Ada"}]', "jsonl")).toThrow("the file is a JSON array");
    expect(() => readUserRows("name,email\n", "csv")).toThrow("the file has no users");
    expect(() => readUserRows("\n\n", "jsonl")).toThrow("the file has no users");
  });
});

describe("userFileFormat", () => {
  it("goes by the extension, else by the first character", () => {
    expect(userFileFormat("team.CSV", "{")).toBe("csv");
    expect(userFileFormat("team.ndjson", "name")).toBe("jsonl");
    expect(userFileFormat("team.jsonl", "name")).toBe("jsonl");
    expect(userFileFormat("team.txt", '  {"name"')).toBe("jsonl");
    expect(userFileFormat("team", "name,email")).toBe("csv");
    // A JSON array goes to the JSON reader, which says to give one object a line.
    expect(userFileFormat("team.json", "name")).toBe("jsonl");
    expect(userFileFormat("team.txt", '[{"name":"Ada"}]')).toBe("jsonl");
  });
});
