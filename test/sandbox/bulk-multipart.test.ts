import ExcelJS from "exceljs";
import { startSandbox, type TestAccount, type TestSandbox } from "../helpers/sandbox";
import { csvObjects, expectBulkSearch, waitForStatus } from "../helpers/searches";

// POST /v5.1/bulk/multipart (docs/interface.md, Creating a bulk search): a CSV or XLSX file part
// plus the same options as form fields, with the same semantics as bulk/json.

type Body = Record<string, any>;

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

describe("bulk searches from uploaded files", () => {
  let sandbox: TestSandbox;
  let account: TestAccount;
  let examples: Record<string, Record<string, Body>>;
  beforeAll(async () => {
    sandbox = await startSandbox();
    account = await sandbox.account(100);
    examples = (await sandbox.examples()) as typeof examples;
  });
  afterAll(() => sandbox.close());

  function form(
    file: Blob | null,
    fileName: string,
    fields: Record<string, string | string[]>
  ): FormData {
    const data = new FormData();
    for (const [name, value] of Object.entries(fields))
      for (const v of [value].flat()) data.append(name, v);
    if (file) data.append("file", file, fileName);
    return data;
  }
  const upload = (data: FormData, headers: Record<string, string> = {}) =>
    account.request("POST", "/v5.1/bulk/multipart", data, headers);

  async function xlsxBlob(rows: unknown[][]): Promise<Blob> {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("People");
    for (const row of rows) sheet.addRow(row);
    workbook.addWorksheet("Ignored").addRow(["not", "this", "sheet"]);
    return new Blob([await workbook.xlsx.writeBuffer()], { type: XLSX });
  }

  async function rowsOf(id: string): Promise<Array<Record<string, string>>> {
    await waitForStatus(account, `/v5.1/bulk/${id}`, ["completed"]);
    return csvObjects((await account.request("GET", `/v5.1/bulk/${id}/download`)).text);
  }

  test("a CSV file: the same search as bulk/json", async () => {
    const people = Object.values(examples.person!);
    const csv = [
      'first,last,"company, site"',
      ...people.map((p) => `${p.first_name},${p.last_name},${p.domain}`),
    ].join("\r\n");
    const response = await upload(
      form(new Blob([`\uFEFF${csv}\r\n`], { type: "text/csv" }), "people.csv", {
        first_name_field_index: "0",
        last_name_field_index: "1",
        domain_field_index: "2",
        file_name: "From CSV",
      })
    );
    expect(response.status).toBe(200);
    expectBulkSearch(response.body);
    expect(response.body).toMatchObject({
      status: "queued",
      file_name: "From CSV",
      counts: { total: 4 },
    });
    const rows = await rowsOf(response.body.id);
    expect(Object.keys(rows[0]!).slice(0, 3)).toEqual(["first", "last", "company, site"]);
    expect(rows.map((r) => r.email_status)).toEqual(["valid", "risky", "not_found", "blacklisted"]);
  });

  test("a semicolon CSV without a header, and has_header=false", async () => {
    const csv = Object.values(examples.company!)
      .map((b, i) => `${i};${b.domain}`)
      .join("\n");
    const response = await upload(
      form(new Blob([csv]), "companies.txt", { domain_field_index: "1", has_header: "false" })
    );
    expect(response.status).toBe(200);
    expect(response.body.counts.total).toBe(4);
    const rows = await rowsOf(response.body.id);
    expect(Object.keys(rows[0]!).slice(0, 2)).toEqual(["column_1", "column_2"]);
    expect(rows.map((r) => r.email_status)).toEqual(["valid", "risky", "not_found", "blacklisted"]);
  });

  test("an XLSX file (first worksheet; numbers, rich text and formulas read as values)", async () => {
    const dm = Object.values(examples.decision_maker!);
    const blob = await xlsxBlob([
      ["Company", "Website", "Employees"],
      ...dm.map((b, i) => ["", b.domain, i * 10]),
      [
        { richText: [{ text: "Rich " }, { text: "Co" }] },
        { formula: 'LOWER("X")', result: "x" },
        { formula: "1+1", result: 2 },
      ],
    ]);
    const response = await upload(
      form(blob, "leads.xlsx", {
        company_name_field_index: "0",
        domain_field_index: "1",
        decision_maker_category: ["ceo", "sales"],
      })
    );
    expect(response.status).toBe(200);
    expect(response.body.decision_maker_category).toBe("ceo,sales");
    const rows = await rowsOf(response.body.id);
    expect(rows).toHaveLength(5);
    expect(rows.slice(0, 4).map((r) => r.email_status)).toEqual([
      "valid",
      "risky",
      "not_found",
      "blacklisted",
    ]);
    expect(rows[4]).toMatchObject({ Company: "Rich Co", Website: "x", Employees: "2" });
    expect(rows[1]).toMatchObject({ Employees: "10" });
  });

  test("an XLSX file named .csv is recognised by its content", async () => {
    const blob = await xlsxBlob([["email"], [examples.verify!.valid!.email]]);
    const response = await upload(
      form(new Blob([await blob.arrayBuffer()], { type: "text/csv" }), "mislabelled.csv", {
        email_field_index: "0",
      })
    );
    expect(response.status).toBe(200);
    expect((await rowsOf(response.body.id))[0]).toMatchObject({
      email: examples.verify!.valid!.email,
      email_status: "valid",
    });
  });

  test("decision_maker_category as a comma list or a JSON array", async () => {
    const csv = new Blob([`site\n${examples.decision_maker!.valid!.domain}\n`]);
    for (const value of ["finance, ceo", '["finance","ceo"]']) {
      const response = await upload(
        form(csv, "a.csv", { domain_field_index: "0", decision_maker_category: value })
      );
      expect(response.status).toBe(200);
      expect(response.body.decision_maker_category).toBe("finance,ceo");
    }
  });

  test("webhook_url as a form field and x-webhook-url as a header are accepted", async () => {
    const csv = new Blob([`site\n${examples.company!.valid!.domain}\n`]);
    expect(
      (
        await upload(
          form(csv, "a.csv", { domain_field_index: "0", webhook_url: "http://127.0.0.1:9/hook" })
        )
      ).status
    ).toBe(200);
    expect(
      (
        await upload(form(csv, "a.csv", { domain_field_index: "0" }), {
          "x-webhook-url": "http://127.0.0.1:9/hook",
        })
      ).status
    ).toBe(200);
  });

  describe("bad uploads answer 400 naming the part, and charge nothing", () => {
    const csv = () => new Blob(["site\nexample.com\n"], { type: "text/csv" });
    const cases: Array<[string, () => Promise<FormData> | FormData, RegExp]> = [
      ["no file part", () => form(null, "", { domain_field_index: "0" }), /file/],
      [
        "the file sent as a text field",
        () => form(null, "", { domain_field_index: "0", file: "site\nexample.com" }),
        /file/,
      ],
      ["an empty file", () => form(new Blob([]), "empty.csv", { domain_field_index: "0" }), /file/],
      [
        "a file of blank lines",
        () => form(new Blob(["\n\n\n"]), "blank.csv", { domain_field_index: "0" }),
        /file/,
      ],
      [
        "a binary file",
        () =>
          form(new Blob([new Uint8Array([0, 1, 2, 3, 0, 255])]), "x.bin", {
            domain_field_index: "0",
          }),
        /file/,
      ],
      [
        "a broken XLSX",
        () =>
          form(new Blob([Buffer.from("PK\u0003\u0004 not really a zip")]), "x.xlsx", {
            domain_field_index: "0",
          }),
        /file/,
      ],
      [
        "a legacy XLS",
        () =>
          form(new Blob([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 1, 2])]), "old.xls", {
            domain_field_index: "0",
          }),
        /file/,
      ],
      [
        "CSV with a broken quote",
        () => form(new Blob(['site\n"example.com\n']), "q.csv", { domain_field_index: "0" }),
        /file/,
      ],
      [
        "an index that is not a number",
        () => form(csv(), "a.csv", { domain_field_index: "first" }),
        /domain_field_index/,
      ],
      [
        "a negative index",
        () => form(csv(), "a.csv", { domain_field_index: "-1" }),
        /domain_field_index/,
      ],
      [
        "a fractional index",
        () => form(csv(), "a.csv", { domain_field_index: "1.5" }),
        /domain_field_index/,
      ],
      [
        "an index beyond the columns",
        () => form(csv(), "a.csv", { domain_field_index: "1" }),
        /domain_field_index/,
      ],
      [
        "has_header not true/false",
        () => form(csv(), "a.csv", { domain_field_index: "0", has_header: "maybe" }),
        /has_header/,
      ],
      [
        "an unknown category",
        () =>
          form(csv(), "a.csv", { domain_field_index: "0", decision_maker_category: "ceo,boss" }),
        /decision_maker_category/,
      ],
      [
        "a broken JSON category list",
        () => form(csv(), "a.csv", { domain_field_index: "0", decision_maker_category: '["ceo"' }),
        /decision_maker_category/,
      ],
      [
        "a bad webhook_url",
        () => form(csv(), "a.csv", { domain_field_index: "0", webhook_url: "not a url" }),
        /webhook_url/,
      ],
      ["no index at all", () => form(csv(), "a.csv", {}), /email_field_index/],
      [
        "only a header row",
        () => form(new Blob(["site\n"]), "a.csv", { domain_field_index: "0" }),
        /data/,
      ],
    ];
    test.each(cases)("%s", async (_name, build, message) => {
      const before = await account.credits();
      const response = await upload(await build());
      expect(response.status).toBe(400);
      expect(Object.keys(response.body).sort()).toEqual(["error", "message"]);
      expect(response.body.message).toMatch(message);
      expect(await account.credits()).toBe(before);
    });

    test("a JSON body sent to the multipart endpoint", async () => {
      const response = await account.request("POST", "/v5.1/bulk/multipart", {
        data: [["a"], ["b.com"]],
        domain_field_index: 0,
      });
      expect(response.status).toBe(400);
      expect(response.body.message).toMatch(/multipart/);
    });
  });
});
