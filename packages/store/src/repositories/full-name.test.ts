/** `fullName`: a person's display name from a first and a last name, family name first in Chinese, Japanese and Korean. */
import { describe, expect, it } from "vitest";
import { fullName } from "./full-name.js";

describe("fullName", () => {
  it("joins first and last name with a space, either one alone as it is", () => {
    expect(fullName("Jordan", "Blake")).toBe("Jordan Blake");
    expect(fullName("Иван", "Петров")).toBe("Иван Петров");
    expect(fullName(" प्रिया ", "शर्मा")).toBe("प्रिया शर्मा");
    expect(fullName("Jordan", null)).toBe("Jordan");
    expect(fullName(undefined, " 山田 ")).toBe("山田");
    expect(fullName("", "")).toBe("");
  });

  it("writes a Chinese, Japanese or Korean name family name first, without a space", () => {
    expect(fullName("太郎", "山田")).toBe("山田太郎");
    expect(fullName("さくら", "山本")).toBe("山本さくら");
    expect(fullName("ケンジ", "サトウ")).toBe("サトウケンジ");
    expect(fullName("小明", "王")).toBe("王小明");
    expect(fullName("민수", "김")).toBe("김민수");
    // A name in another script on either side keeps the first name first.
    expect(fullName("Taro", "山田")).toBe("Taro 山田");
    expect(fullName("Ｔａｒｏ", "Ｓｕｚｕｋｉ")).toBe("Ｔａｒｏ Ｓｕｚｕｋｉ");
  });
});
