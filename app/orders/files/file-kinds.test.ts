import { describe, expect, it } from "vitest";
import { jpeg, png, webp } from "../../../tests/fixtures/images.ts";
import { csv, docx, pdf, xlsx, zip } from "../../../tests/fixtures/office.ts";
import { cleanFileName, describeRefused, sniffOrderFile, zipEntryNames } from "./file-kinds.ts";

describe("order file kinds, from the bytes", () => {
  it("knows the seven kinds whatever the name says", async () => {
    expect(sniffOrderFile(pdf(), "report.png")).toBe("pdf");
    expect(sniffOrderFile(await png(20, 10), "x.pdf")).toBe("png");
    expect(sniffOrderFile(await jpeg(20, 10), "x")).toBe("jpeg");
    expect(sniffOrderFile(await webp(20, 10), "x")).toBe("webp");
    expect(sniffOrderFile(docx(), "brief.xlsx")).toBe("docx");
    expect(sniffOrderFile(xlsx(), "data.docx")).toBe("xlsx");
    expect(sniffOrderFile(csv(), "rankings.csv")).toBe("csv");
  });

  it("refuses a disguised file and says what it is", () => {
    const program = Buffer.from("MZ\x90\x00 this program cannot be run in DOS mode");
    expect(sniffOrderFile(program, "report.pdf")).toBeUndefined();
    expect(describeRefused(program)).toBe("a Windows program");
    const archive = zip({ "notes.txt": "hello" });
    expect(sniffOrderFile(archive, "report.docx")).toBeUndefined();
    expect(describeRefused(archive)).toBe("a ZIP archive");
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    expect(sniffOrderFile(html, "data.csv")).toBeUndefined();
    expect(sniffOrderFile(Buffer.from("a,b\n1,2\n"), "data.txt")).toBeUndefined();
    expect(sniffOrderFile(Buffer.from([0x61, 0x2c, 0x00, 0x62]), "nul.csv")).toBeUndefined();
    expect(sniffOrderFile(Buffer.from([0xc3, 0x28]), "latin.csv")).toBeUndefined();
  });

  it("reads a ZIP's entry names from its central directory; a truncated one is not a ZIP", () => {
    const file = docx();
    expect(zipEntryNames(file)).toEqual(["[Content_Types].xml", "word/document.xml"]);
    expect(zipEntryNames(file.subarray(0, file.length - 30))).toBeUndefined();
    expect(sniffOrderFile(file.subarray(0, file.length - 30), "x.docx")).toBeUndefined();
  });

  it("keeps a clean name with the kind's extension", () => {
    expect(cleanFileName("../../etc/passwd", "pdf")).toBe("passwd.pdf");
    expect(cleanFileName('C:\\Users\\me\\Q3 "audit".PDF', "pdf")).toBe("Q3 audit.pdf");
    expect(cleanFileName("photo.png", "jpeg")).toBe("photo.jpg");
    expect(cleanFileName("", "csv")).toBe("file.csv");
  });
});
