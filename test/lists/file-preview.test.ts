import ExcelJS from "exceljs";
import { zipSync, strToU8 } from "fflate";
import { noDataRowsMessage } from "../../src/lists/bulk-request";
import { PREVIEW_ROWS, previewFile } from "../../src/lists/file-preview";
import {
  deflatedEntry,
  rawZip,
  repeatedDeflate,
  sheetXml,
  smallWorkbook,
  storedEntry,
  workbookEntries,
  type RawEntry,
} from "./zip-archives";

// The preview of a file chosen for a bulk search (bulk/multipart): its first rows for the
// mapping, whether it has data rows at all, and, for XLSX, untrusted archives read by fflate
// under a cap: every hostile archive ends quickly (about a second at most here) with a message.

const GB = 1024 * 1024 * 1024;

async function xlsxOf(build: (sheet: ExcelJS.Worksheet) => void): Promise<Blob> {
  const workbook = new ExcelJS.Workbook();
  build(workbook.addWorksheet("People"));
  workbook.addWorksheet("Other").addRow(["not", "this"]);
  return new Blob([await workbook.xlsx.writeBuffer()]);
}

/** The preview's outcome and how long it took. */
async function timed(
  bytes: Uint8Array | string,
  name = "leads.xlsx"
): Promise<{ ms: number; rows?: string[][]; error?: string }> {
  const blob = new Blob([bytes as BlobPart]);
  const started = performance.now();
  try {
    const preview = await previewFile(blob, name);
    return { ms: performance.now() - started, rows: preview.rows };
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return { ms: performance.now() - started, error: (error as Error).message };
  }
}

const timings: Record<string, number> = {};

/**
 * Never a hang. What bounds the work is the preview's caps, which each case's message shows (16
 * MB inflated at most, parts it does not need never inflated); this bound only catches a loop
 * that never ends. The figures are printed below: a second or so on a quiet machine, and 3.2 s
 * measured once for a bomb on a loaded 2-core one, so this is no speed target.
 */
const NEVER_A_HANG_MS = 10_000;

/** Each hostile archive: refused with a message matching `expected`, quickly, never a hang. */
async function expectRefusedQuickly(
  label: string,
  bytes: Uint8Array | string,
  expected: RegExp,
  name?: string
): Promise<void> {
  const outcome = await timed(bytes, name);
  timings[label] = Math.round(outcome.ms);
  expect({ label, rows: outcome.rows, error: outcome.error }).toEqual({
    label,
    rows: undefined,
    error: expect.stringMatching(expected),
  });
  expect(outcome.ms).toBeLessThan(NEVER_A_HANG_MS);
}

afterAll(() => {
  if (Object.keys(timings).length)
    console.log(
      "hostile archives (ms):\n" +
        Object.entries(timings)
          .map(([label, ms]) => `  ${String(ms).padStart(5)}  ${label}`)
          .join("\n")
    );
});

describe("CSV preview", () => {
  test("first rows, BOM and quotes handled", async () => {
    const csv = '\uFEFFFirst,Last,"Company, Inc"\nAda,Lovelace,"Acme, Inc"\n';
    await expect(previewFile(new Blob([csv]), "people.csv")).resolves.toEqual({
      kind: "csv",
      rows: [
        ["First", "Last", "Company, Inc"],
        ["Ada", "Lovelace", "Acme, Inc"],
      ],
    });
  });

  test("a header alone, or with blank rows after it, is refused: the file has no data rows", async () => {
    for (const csv of [
      "First name,Last name,Company\n",
      "First name,Last name,Company",
      "Email\r\n\r\n",
      "First name,Last name,Company\n,,\n  ,  ,\n\n,,\n",
      "\n\nEmail;Name\n;;\n",
    ])
      await expect(previewFile(new Blob([csv]), "leads.csv")).rejects.toThrow(
        "The file has a header row and no data rows."
      );
    await expect(previewFile(new Blob([",,\n\n ,\n"]), "leads.csv")).rejects.toThrow(
      "The file has no data rows: every row is empty."
    );
    await expect(previewFile(new Blob([""]), "leads.csv")).rejects.toThrow("The file is empty.");
  });

  test("blank rows past the first chunk are skipped without keeping them, and a row across chunks is whole", async () => {
    // About 700 KB of blank rows between the header and the first data row, in either newline.
    for (const newline of ["\n", "\r\n"]) {
      const blank = `,,${newline}`.repeat(240_000);
      const csv = `First name,Last name,Company${newline}${blank}"Ada, the first","Love${newline}lace",acme.com${newline}Ben,Stone,globex.io${newline}`;
      const preview = await previewFile(new Blob([csv]), "leads.csv");
      expect(preview.rows).toEqual([
        ["First name", "Last name", "Company"],
        ["Ada, the first", `Love${newline}lace`, "acme.com"],
        ["Ben", "Stone", "globex.io"],
      ]);
    }
    // Rows straddling a chunk boundary, at every offset near it.
    for (let pad = 0; pad < 8; pad++) {
      const head = `Email,Note\n${" ".repeat(256 * 1024 - 14 + pad)}\n`;
      const rows = await previewFile(
        new Blob([`${head}ada@example.com,"a ""quoted"" note"\nbob@example.com,x\n`]),
        "leads.csv"
      );
      expect(rows.rows).toEqual([
        ["Email", "Note"],
        ["ada@example.com", 'a "quoted" note'],
        ["bob@example.com", "x"],
      ]);
    }
  });

  test("a 100,000-row file is read only as far as its first rows", async () => {
    const csv = "email,first,last\n" + "someone@example.com,Ada,Lovelace\n".repeat(100_000);
    const blob = new Blob([csv]);
    let bytesRead = 0;
    const counting = {
      size: blob.size,
      slice: (start?: number, end?: number) => {
        bytesRead += Math.min(end ?? blob.size, blob.size) - (start ?? 0);
        return blob.slice(start, end);
      },
    } as unknown as Blob;
    const preview = await previewFile(counting, "big.csv");
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
    expect(bytesRead).toBeLessThanOrEqual(256 * 1024 + 4);
    expect(blob.size).toBeGreaterThan(3_000_000);
  });

  test("one row without a header is one data row; with the header box ticked, none", async () => {
    const preview = await previewFile(new Blob(["Acme,acme.com\n"]), "one.csv");
    expect(preview.rows).toEqual([["Acme", "acme.com"]]);
    expect(noDataRowsMessage("file", preview.rows, false)).toBeNull();
    expect(noDataRowsMessage("file", preview.rows, true)).toBe(
      "The file has a header row and no data rows."
    );
    // Two rows, the box ticked: one data row.
    const two = await previewFile(new Blob(["Company,Site\n\n,\nAcme,acme.com\n"]), "two.csv");
    expect(noDataRowsMessage("file", two.rows, true)).toBeNull();
  });

  test("refuses what it cannot read, with a message", async () => {
    await expect(previewFile(new Blob(["a,b"]), "old.xls")).rejects.toThrow(/\.xls/);
    await expect(previewFile(new Blob(["\u0000\u0001\u0002"]), "bin.csv")).rejects.toThrow(
      /neither CSV nor XLSX/
    );
  });
});

describe("XLSX preview (fflate)", () => {
  test("the first worksheet's first rows: shared and inline strings, numbers, gaps", async () => {
    const blob = await xlsxOf((sheet) => {
      sheet.addRow(["First", "Last", "Website", "Score"]);
      sheet.addRow(["Zoë", "O'Brien & Co", "example.com", 42]);
      sheet.getCell("A3").value = { richText: [{ text: "Ri" }, { text: "ch" }] };
      sheet.getCell("C3").value = "gap.example";
      for (let i = 0; i < 5000; i++) sheet.addRow([`p${i}`, "x", "y.com", i]);
    });
    const preview = await previewFile(blob, "people.xlsx");
    expect(preview.kind).toBe("xlsx");
    expect(preview.rows.slice(0, 3)).toEqual([
      ["First", "Last", "Website", "Score"],
      ["Zoë", "O'Brien & Co", "example.com", "42"],
      ["Rich", "", "gap.example"],
    ]);
    expect(preview.rows).toHaveLength(PREVIEW_ROWS);
  });

  test("a header alone, or with only empty rows under it, is refused; an empty sheet too", async () => {
    const headerOnly = await xlsxOf((sheet) => sheet.addRow(["First name", "Last name", "Domain"]));
    await expect(previewFile(headerOnly, "leads.xlsx")).rejects.toThrow(
      "The file has a header row and no data rows."
    );
    const headerAndEmptyRows = await xlsxOf((sheet) => {
      sheet.addRow(["Email"]);
      for (let r = 2; r < 300; r++) {
        sheet.getCell(`A${r}`).value = "";
        sheet.getCell(`A${r}`).fill = {
          type: "pattern",
          pattern: "solid",
          fgColor: { argb: "FFFF0000" },
        };
      }
    });
    await expect(previewFile(headerAndEmptyRows, "leads.xlsx")).rejects.toThrow(
      "The file has a header row and no data rows."
    );
    const empty = await xlsxOf(() => undefined);
    await expect(previewFile(empty, "leads.xlsx")).rejects.toThrow("The first worksheet is empty.");
  });

  test("a data row far below the header is found; one row without a header is one data row", async () => {
    const far = await xlsxOf((sheet) => {
      sheet.addRow(["Email"]);
      for (let r = 2; r < 5000; r++) sheet.getCell(`A${r}`).numFmt = "@";
      sheet.getCell("A5000").value = "ada@example.com";
    });
    expect((await previewFile(far, "far.xlsx")).rows).toEqual([["Email"], ["ada@example.com"]]);
    const one = await xlsxOf((sheet) => sheet.addRow(["Acme", "acme.com"]));
    const preview = await previewFile(one, "one.xlsx");
    expect(preview.rows).toEqual([["Acme", "acme.com"]]);
    expect(noDataRowsMessage("file", preview.rows, true)).toBe(
      "The file has a header row and no data rows."
    );
  });

  test("a small workbook written part by part, prefixed elements, relative targets", async () => {
    expect(
      (await previewFile(new Blob([smallWorkbook([["Email"], ["a@b.example"]])]), "w.xlsx")).rows
    ).toEqual([["Email"], ["a@b.example"]]);
    const prefixed =
      '<x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><x:sheetData>' +
      '<x:row r="1"><x:c r="B1" t="inlineStr"><x:is><x:t>Domain</x:t></x:is></x:c></x:row>' +
      '<x:row r="2"><x:c r="B2" t="inlineStr"><x:is><x:t>acme.com</x:t></x:is></x:c></x:row>' +
      "</x:sheetData></x:worksheet>";
    const bytes = zipSync({
      "xl/workbook.xml": strToU8(
        '<workbook xmlns:rel="r"><sheets><sheet name="A" sheetId="9" rel:id="rX"/><sheet name="B" sheetId="1" rel:id="rY"/></sheets></workbook>'
      ),
      "xl/_rels/workbook.xml.rels": strToU8(
        "<Relationships><Relationship Id='rY' Target='./worksheets/b.xml'/><Relationship Target=\"/xl/sheets/../worksheets/a.xml\" Id=\"rX\"/></Relationships>"
      ),
      "xl/worksheets/a.xml": strToU8(prefixed),
      "xl/worksheets/b.xml": strToU8(sheetXml([["not"], ["this"]])),
    });
    expect((await previewFile(new Blob([bytes]), "w.xlsx")).rows).toEqual([
      ["", "Domain"],
      ["", "acme.com"],
    ]);
  });

  describe("hostile archives: a message quickly, never a hang", () => {
    const valid = smallWorkbook([["Email"], ["a@b.example"], ["c@d.example"]]);

    test("not a zip, named .xlsx; a zip that is not a workbook", async () => {
      await expectRefusedQuickly(
        "text named .xlsx",
        "First,Last\nAda,Lovelace\n",
        /not a valid workbook/
      );
      await expectRefusedQuickly("empty file named .xlsx", "", /not a valid workbook/);
      await expectRefusedQuickly("PK and garbage", "PK\u0003\u0004garbage", /damaged/);
      await expectRefusedQuickly(
        "zip without a worksheet",
        zipSync({ "word/document.xml": strToU8("<w:document/>") }),
        /has no worksheet/
      );
      await expectRefusedQuickly("empty zip", zipSync({}), /has no worksheet/);
    });

    test("truncated archives", async () => {
      for (const fraction of [0.1, 0.5, 0.9, 0.99])
        await expectRefusedQuickly(
          `cut at ${fraction * 100}%`,
          valid.subarray(0, Math.floor(valid.length * fraction)),
          /damaged/
        );
      await expectRefusedQuickly("last byte cut", valid.subarray(0, valid.length - 1), /damaged/);
      // Directory intact, the worksheet's deflate stream cut in half.
      const entries = workbookEntries(sheetXml([["Email"], ["a@b.example"]]));
      const sheet = entries[2]!;
      entries[2] = { ...sheet, data: sheet.data.subarray(0, sheet.data.length >> 1) };
      await expectRefusedQuickly("worksheet's data cut", rawZip(entries), /damaged/);
    });

    test("huge declared sizes and counts", async () => {
      const entries = workbookEntries(sheetXml([["Email"], ["a@b.example"]]));
      await expectRefusedQuickly(
        "worksheet declares 4 GB",
        rawZip(entries.map((e, i) => (i === 2 ? { ...e, size: 0xfffffffe } : e))),
        /damaged \(xl\/worksheets\/sheet1\.xml declares 4096 MB\)/
      );
      await expectRefusedQuickly(
        "worksheet declares a 4 GB compressed size",
        rawZip(entries.map((e, i) => (i === 2 ? { ...e, compressedSize: 0xfffffffe } : e))),
        /damaged/
      );
      await expectRefusedQuickly(
        "directory claims 65,535 parts",
        rawZip(entries, { count: 65_535 }),
        /damaged \(it lists more parts than it can hold\)/
      );
    });

    test("deeply nested: zips inside the worksheet, directories thousands deep", async () => {
      let nested = valid;
      for (let depth = 0; depth < 40; depth++) nested = rawZip(workbookEntries(nested));
      await expectRefusedQuickly(
        "zip in a zip, 40 deep, each named like the sheet",
        nested,
        /damaged \(xl\/worksheets\/sheet1\.xml is not a worksheet\)/
      );
      const directories: RawEntry[] = [];
      for (let depth = 1; depth <= 2000; depth++)
        directories.push(storedEntry("d/".repeat(depth), ""));
      await expectRefusedQuickly(
        "2,000 directories nested 2,000 deep, no worksheet",
        rawZip([...directories, storedEntry(`${"d/".repeat(5000)}sheet1.xml`, "<x/>")]),
        /has no worksheet/
      );
      // The rels point the first sheet thousands of levels up: resolved, and not found.
      const upward = zipSync({
        "xl/workbook.xml": strToU8('<workbook><sheets><sheet r:id="r1"/></sheets></workbook>'),
        "xl/_rels/workbook.xml.rels": strToU8(
          `<Relationships><Relationship Id="r1" Target="${"../".repeat(5000)}x.xml"/></Relationships>`
        ),
      });
      await expectRefusedQuickly("a target 5,000 levels up", upward, /has no worksheet/);
    });

    test("zip bombs: high-ratio deflate declared small, declared honestly, of empty rows", async () => {
      const [workbook, rels] = workbookEntries("");
      const bomb = (unit: string, declared: number, prefix = ""): Uint8Array => {
        const data = repeatedDeflate(unit, GB, prefix);
        return rawZip([
          workbook!,
          rels!,
          { name: "xl/worksheets/sheet1.xml", data, method: 8, crc: 0, size: declared },
        ]);
      };
      await expectRefusedQuickly(
        "1 GB of zeros declared as 1 KB",
        bomb("\u0000", 1024),
        /damaged \(xl\/worksheets\/sheet1\.xml expands past the 1024 bytes it declares\)/
      );
      await expectRefusedQuickly(
        "1 GB of zeros declared as 1 GB",
        bomb("\u0000", GB),
        /expands to more than 16 MB/
      );
      await expectRefusedQuickly(
        "1 GB of empty rows declared as 1 GB",
        bomb('<row r="1"/>', GB),
        /expands to more than 16 MB/
      );
      await expectRefusedQuickly(
        "1 GB of a row that never ends",
        bomb("1", GB, '<worksheet><sheetData><row r="1"><c><v>'),
        /damaged \(a <row> element runs past 4 MB\)/
      );
      // The shared strings a bomb: read only as far as the index the first rows need.
      const sheet =
        '<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c></row>' +
        '<row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>';
      const strings = repeatedDeflate("<si><t>x</t></si>", GB);
      const previewed = await timed(
        rawZip([
          ...workbookEntries(sheet),
          { name: "xl/sharedStrings.xml", data: strings, method: 8, crc: 0, size: GB },
        ])
      );
      timings["shared strings of 1 GB, two needed"] = Math.round(previewed.ms);
      expect(previewed.rows).toEqual([["x"], ["x"]]);
      expect(previewed.ms).toBeLessThan(NEVER_A_HANG_MS);
      // A bomb in a part the preview does not need is never inflated.
      const aside = await timed(
        rawZip([
          ...workbookEntries(sheetXml([["Email"], ["a@b.example"]])),
          {
            name: "xl/media/image1.png",
            data: repeatedDeflate("\u0000", GB),
            method: 8,
            crc: 0,
            size: 1,
          },
        ])
      );
      timings["1 GB bomb in an image, not read"] = Math.round(aside.ms);
      expect(aside.rows).toEqual([["Email"], ["a@b.example"]]);
      expect(aside.ms).toBeLessThan(NEVER_A_HANG_MS);
    });

    test("wrong checksums: data intact is previewed (the service checks the file), data damaged is refused", async () => {
      const entries = workbookEntries(sheetXml([["Email"], ["a@b.example"]]));
      const wrongCrc = await timed(rawZip(entries.map((e) => ({ ...e, crc: e.crc ^ 0x5a5a5a5a }))));
      timings["wrong CRCs, data intact"] = Math.round(wrongCrc.ms);
      expect(wrongCrc.rows).toEqual([["Email"], ["a@b.example"]]);
      expect(wrongCrc.ms).toBeLessThan(NEVER_A_HANG_MS);
      // Every byte of the worksheet's deflate stream flipped in turn (so its CRC no longer
      // matches): each is refused with a message or still reads as a worksheet, quickly.
      const sheet = entries[2]!;
      let refused = 0;
      let slowest = 0;
      for (let at = 0; at < sheet.data.length; at++) {
        const data = sheet.data.slice();
        data[at] ^= 0xff;
        const outcome = await timed(rawZip([entries[0]!, entries[1]!, { ...sheet, data }]));
        expect(outcome.ms).toBeLessThan(NEVER_A_HANG_MS);
        slowest = Math.max(slowest, outcome.ms);
        if (outcome.error) {
          refused++;
          expect(outcome.error).toMatch(
            /^(This \.xlsx file is damaged|The file has|The first worksheet is empty)/
          );
        }
      }
      timings[`slowest of ${sheet.data.length} single-byte corruptions (${refused} refused)`] =
        Math.round(slowest);
      expect(refused).toBeGreaterThan(sheet.data.length / 2);
    });

    test("fragments of 3 MB of unclosed tags are read in linear time", async () => {
      const unclosed = (tag: string): string => tag.repeat(Math.floor(3_000_000 / tag.length));
      const sheet = (row: string): string =>
        `<worksheet><sheetData><row r="1">${row}</row>` +
        '<row r="2"><c r="A2" t="inlineStr"><is><t>y</t></is></c></row></sheetData></worksheet>';
      const cases: [string, RawEntry[], string[][]][] = [
        ["cells never closed", workbookEntries(sheet(unclosed('<c t="s"><v>'))), [["y"]]],
        [
          "values never closed",
          workbookEntries(sheet(`<c r="A1">${unclosed("<v>")}</c>`)),
          [["y"]],
        ],
        [
          "inline texts never closed",
          workbookEntries(sheet(`<c r="A1" t="inlineStr"><is>${unclosed("<t>")}</is></c>`)),
          [["y"]],
        ],
        [
          "a shared string of unclosed runs",
          [
            ...workbookEntries(sheet('<c r="A1" t="s"><v>0</v></c>')),
            deflatedEntry("xl/sharedStrings.xml", `<sst><si>${unclosed("<r><t>")}</si></sst>`),
          ],
          [[""], ["y"]],
        ],
      ];
      for (const [label, entries, rows] of cases) {
        const outcome = await timed(rawZip(entries));
        timings[label] = Math.round(outcome.ms);
        expect({ label, rows: outcome.rows }).toEqual({ label, rows });
        expect(outcome.ms).toBeLessThan(NEVER_A_HANG_MS);
      }
    });

    test("unsupported compression and an element past 4 MB", async () => {
      const entries = workbookEntries(sheetXml([["Email"], ["a@b.example"]]));
      await expectRefusedQuickly(
        "worksheet compressed with method 12",
        rawZip(entries.map((e, i) => (i === 2 ? { ...e, method: 12 as 8 } : e))),
        /compression other than deflate/
      );
      const longRow = `<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>${"x".repeat(5 * 1024 * 1024)}`;
      await expectRefusedQuickly(
        "a row of 5 MB",
        rawZip(workbookEntries(longRow)),
        /damaged \(a <row> element runs past 4 MB\)/
      );
      await expectRefusedQuickly(
        "stored worksheet of random bytes",
        rawZip([
          ...workbookEntries("").slice(0, 2),
          storedEntry(
            "xl/worksheets/sheet1.xml",
            new Uint8Array(200_000).map((_, i) => (i * 7919) % 251)
          ),
        ]),
        /is not a worksheet/
      );
    });
  });
});
