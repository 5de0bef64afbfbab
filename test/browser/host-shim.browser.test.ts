import { browserTest, describeBrowser, useAddin } from "./harness";

// The host shim stands in for Excel on the web: these tests pin the Office.js behaviours it
// reproduces, so that a test passing against it means something. Pages are opened with the
// pane hidden, so only the shim and the worksheet functions run (no UI touching the workbook).

type Outcome = Record<string, unknown>;

describeBrowser("host shim (office.js stand-in) in Chromium", () => {
  // These tests are of the shim itself, which stays for the faults the Office host page
  // cannot produce (see test/office-host/README.md).
  const addin = useAddin({ host: "shim" });

  browserTest(
    "custom functions get every declared parameter: omitted ones as null, too many refused",
    async () => {
      const page = await addin.openTaskPane({ visible: false });
      const seen = await page.evaluate(async () => {
        // Stand-in implementations under the real ids, to see what Excel would pass.
        const received: Record<string, unknown[]> = {};
        for (const id of ["FINDEMAIL", "VERIFYEMAIL", "CREDITS"])
          CustomFunctions.associate(id, (...args: unknown[]) => {
            received[id] = args.slice(0, -1);
            return "ok";
          });
        await window.__hostShim.invokeFunction("FINDEMAIL", ["Ada", "", "acme.com"]);
        await window.__hostShim.invokeFunction("VERIFYEMAIL", [undefined]);
        await window.__hostShim.invokeFunction("CREDITS", []);
        const tooMany = await window.__hostShim
          .invokeFunction("VERIFYEMAIL", ["a@b.co", "extra"])
          .then(
            () => "accepted",
            (error: Error) => error.message
          );
        return { received, tooMany };
      });
      expect(seen.received).toEqual({
        FINDEMAIL: ["Ada", "", "acme.com", null, null],
        VERIFYEMAIL: [null],
        CREDITS: [],
      });
      expect(seen.tooMany).toBe("MAIL.VERIFYEMAIL takes 1 arguments, not 2");
    }
  );

  browserTest(
    "proxies: reads need load and sync, writes apply at sync, values are read as Excel reads typed input",
    async () => {
      const page = await addin.openTaskPane({ visible: false });
      const out: Outcome = await page.evaluate(async () => {
        const result: Record<string, unknown> = {};
        const code = (fn: () => unknown): unknown => {
          try {
            fn();
            return "no error";
          } catch (error) {
            return (error as OfficeExtension.Error).code;
          }
        };
        await Excel.run(async (context) => {
          const sheet = context.workbook.worksheets.getActiveWorksheet();
          const range = sheet.getRange("A1:D2");
          result.beforeLoad = code(() => range.values);
          range.values = [
            ["=1+1", "00123", "'=cmd|' /C calc'!A0", "TRUE"],
            ["+49 30 1234", "5%", "2024-01-31", "-x"],
          ];
          range.load("values, formulas, valueTypes, address, rowCount");
          result.beforeSync = code(() => range.address);
          await context.sync();
          result.values = range.values;
          result.formulas = range.formulas;
          result.valueTypes = range.valueTypes;
          result.address = range.address;
          result.rowCount = range.rowCount;
          // Text number format first: the same input stays text.
          const text = sheet.getRange("E1:F1");
          text.numberFormat = [["@", "@"]];
          text.values = [['=HYPERLINK("x")', "00123"]];
          text.load("values, formulas");
          const wrong = sheet.getRange("A5:B5");
          wrong.values = [["only one"]];
          try {
            await context.sync();
          } catch (error) {
            result.shapeError = (error as OfficeExtension.Error).code;
          }
          const used = sheet.getUsedRange().load("address");
          await context.sync();
          result.textValues = text.values;
          result.used = used.address;
        });
        return result;
      });
      expect(out).toMatchObject({
        beforeLoad: "PropertyNotLoaded",
        beforeSync: "PropertyNotLoaded",
        values: [
          ["#NAME?", 123, "=cmd|' /C calc'!A0", true],
          ["#NAME?", 0.05, 45322, "#NAME?"],
        ],
        formulas: [
          ["=1+1", 123, "=cmd|' /C calc'!A0", true],
          ["=+49 30 1234", 0.05, 45322, "=-x"],
        ],
        // A formula cell holds its result: the shim does not calculate, so #NAME?, an Error.
        valueTypes: [
          ["Error", "Double", "String", "Boolean"],
          ["Error", "Double", "Double", "Error"],
        ],
        address: "Sheet1!A1:D2",
        rowCount: 2,
        shapeError: "InvalidArgument",
        textValues: [['=HYPERLINK("x")', "00123"]],
        used: "Sheet1!A1:F2",
      });
      const workbook = await addin.workbook(page);
      expect(workbook.sheets[0]!.formulas).toEqual({ A1: "=1+1", A2: "=+49 30 1234", D2: "=-x" });
      expect(workbook.sheets[0]!.numberFormats).toMatchObject({
        E1: "@",
        F1: "@",
        B2: "0%",
        C2: "m/d/yyyy",
      });
    }
  );

  browserTest(
    "a request over 5 MB is refused whole; requests are counted with their payload sizes",
    async () => {
      const page = await addin.openTaskPane({ visible: false });
      const out: Outcome = await page.evaluate(async () => {
        const result: Record<string, unknown> = {};
        const rows = (n: number, from: number): string[][] =>
          Array.from({ length: n }, (_, i) => [`${from + i}:${"x".repeat(96)}`]);
        await Excel.run(async (context) => {
          const sheet = context.workbook.worksheets.add("Big");
          await context.sync();
          sheet.getRange("A1:A60000").values = rows(60000, 0);
          try {
            await context.sync();
          } catch (error) {
            result.big = (error as OfficeExtension.Error).code;
          }
          const after = sheet.getUsedRangeOrNullObject();
          await context.sync();
          result.sheetAfterRefusal = after.isNullObject ? "empty" : "written";
          sheet.getRange("A1:A30000").values = rows(30000, 0);
          await context.sync();
          sheet.getRange("A30001:A60000").values = rows(30000, 30000);
          await context.sync();
          const last = sheet.getRange("A60000").load("values");
          await context.sync();
          result.last = last.values[0]![0];
        });
        result.requests = window.__hostShim.requests().requests;
        return result;
      });
      expect(out.big).toBe("RequestPayloadSizeLimitExceeded");
      expect(out.sheetAfterRefusal).toBe("empty");
      expect(String(out.last)).toMatch(/^59999:/);
      const requests = out.requests as Array<{ payloadBytes: number; ok: boolean; error?: string }>;
      const refused = requests.find((r) => !r.ok)!;
      expect(refused.error).toBe("RequestPayloadSizeLimitExceeded");
      expect(refused.payloadBytes).toBeGreaterThan(5_000_000);
      const written = requests.filter((r) => r.ok && r.payloadBytes > 2_000_000);
      expect(written).toHaveLength(2);
      for (const r of written) expect(r.payloadBytes).toBeLessThan(5_000_000);
    }
  );

  browserTest("worksheets, tables and null objects follow Excel's rules", async () => {
    const page = await addin.openTaskPane({ visible: false });
    const out: Outcome = await page.evaluate(async () => {
      const result: Record<string, unknown> = {};
      const failure = async (work: (context: Excel.RequestContext) => void): Promise<unknown> => {
        try {
          await Excel.run(async (context) => {
            work(context);
            await context.sync();
          });
          return "no error";
        } catch (error) {
          return (error as OfficeExtension.Error).code;
        }
      };
      result.duplicate = await failure((c) => c.workbook.worksheets.add("sheet1"));
      result.badChar = await failure((c) => c.workbook.worksheets.add("a/b"));
      result.tooLong = await failure((c) => c.workbook.worksheets.add("x".repeat(32)));
      result.missing = await failure((c) => c.workbook.worksheets.getItem("Nope").load("name"));
      try {
        await Excel.run((() => undefined) as unknown as (c: Excel.RequestContext) => Promise<void>);
      } catch (error) {
        result.noPromise = (error as OfficeExtension.Error).code;
      }
      await Excel.run(async (context) => {
        const maybe = context.workbook.worksheets.getItemOrNullObject("Results");
        try {
          void maybe.isNullObject;
        } catch (error) {
          result.nullBeforeSync = (error as OfficeExtension.Error).code;
        }
        await context.sync();
        result.isNull = maybe.isNullObject;
        const sheet = context.workbook.worksheets.add("Results");
        sheet.getRange("A1:C2").values = [
          ["Email", "", "email"],
          ["a@x.test", "1", "b@x.test"],
        ];
        const table = sheet.tables.add("A1:C2", true);
        table.rows.add(undefined, [["c@x.test", "2", "d@x.test"]]);
        sheet.freezePanes.freezeRows(1);
        sheet.activate();
        table.load("name");
        const headers = table.getHeaderRowRange().load("values");
        const body = table.getDataBodyRange().load("address");
        const sheets = context.workbook.worksheets.load("items/name");
        await context.sync();
        result.table = { name: table.name, headers: headers.values[0], body: body.address };
        result.sheets = sheets.items.map((s) => s.name);
      });
      return result;
    });
    expect(out).toEqual({
      duplicate: "ItemAlreadyExists",
      badChar: "InvalidArgument",
      tooLong: "InvalidArgument",
      missing: "ItemNotFound",
      noPromise: "RunMustReturnPromise",
      nullBeforeSync: "PropertyNotLoaded",
      isNull: true,
      table: { name: "Table1", headers: ["Email", "Column2", "email2"], body: "Results!A2:C3" },
      sheets: ["Sheet1", "Results"],
    });
    const workbook = await addin.workbook(page);
    expect(workbook.activeSheet).toBe("Results");
    expect(workbook.tables).toEqual([
      expect.objectContaining({
        name: "Table1",
        address: "Results!A1:C3",
        headers: ["Email", "Column2", "email2"],
        rowCount: 2,
      }),
    ]);
    expect(workbook.sheets[1]).toMatchObject({
      frozenRows: 1,
      values: [
        ["Email", "Column2", "email2"],
        ["a@x.test", 1, "b@x.test"],
        ["c@x.test", 2, "d@x.test"],
      ],
    });
  });

  browserTest(
    "reopening: a new page of the same context has the workbook and its saved settings; another context is another user",
    async () => {
      const context = await addin.newContext();
      const first = await addin.openTaskPane({ context, visible: false });
      await first.evaluate(async () => {
        await window.__hostShim.setCells("Input", "A1", [
          ["name", "domain"],
          ["Ada", "example.com"],
        ]);
        await window.__hostShim.setSelection("Input", "A1:B2");
        const settings = Office.context.document.settings;
        settings.set("saved", { jobs: ["j1"] });
        await new Promise<void>((resolve, reject) =>
          settings.saveAsync((r) =>
            r.status === Office.AsyncResultStatus.Succeeded ? resolve() : reject(r.error)
          )
        );
        settings.set("unsaved", true);
        await OfficeRuntime.storage.setItem("user.thing", "kept");
      });
      await first.close();

      const second = await addin.openTaskPane({ context, visible: false });
      const reopened = await second.evaluate(async () => {
        const settings = Office.context.document.settings;
        const selected = await Excel.run(async (ctx) => {
          const range = ctx.workbook.getSelectedRange().load("address, values");
          await ctx.sync();
          return { address: range.address, values: range.values };
        });
        return {
          saved: settings.get("saved"),
          unsaved: settings.get("unsaved"),
          storage: await OfficeRuntime.storage.getItem("user.thing"),
          selected,
        };
      });
      expect(reopened).toEqual({
        saved: { jobs: ["j1"] },
        unsaved: null,
        storage: "kept",
        selected: {
          address: "Input!A1:B2",
          values: [
            ["name", "domain"],
            ["Ada", "example.com"],
          ],
        },
      });

      const stranger = await addin.openTaskPane({ visible: false });
      const fresh = await addin.workbook(stranger);
      expect(fresh.sheets.map((s) => s.name)).toEqual(["Sheet1"]);
      expect(await addin.storage(stranger)).toEqual({});
    }
  );

  browserTest(
    "formula results: a matrix spills from its anchor; writing over the anchor removes the spill, writing into it blocks it",
    async () => {
      const page = await addin.openTaskPane({ visible: false });
      await page.evaluate(async () => {
        const shim = window.__hostShim;
        await shim.setFormulaResult(
          "Sheet1",
          "A1",
          '=MAIL.FINDEMAIL(E1,F1,"acme.com","email,status,score")',
          [["ada@acme.com", "valid", 97]]
        );
        await shim.setFormulaResult("Sheet1", "A3", '=MAIL.COMPANYEMAILS("acme.com")', [
          ["info@acme.com"],
          ["00123"],
          [""],
        ]);
        await shim.setFormulaResult("Sheet1", "C3", "=MAIL.VERIFYEMAIL(A3)", [["#N/A"]]);
        await shim.setCells("Sheet1", "G2", [["in the way"]]);
        await shim.setFormulaResult("Sheet1", "G1", "=SEQUENCE(2)", [[1], [2]]);
      });
      const before = (await addin.workbook(page)).sheets[0]!;
      expect(before.spills).toEqual({ A1: "A1:C1", A3: "A3:A5" });
      expect(before.formulas).toEqual({
        A1: '=MAIL.FINDEMAIL(E1,F1,"acme.com","email,status,score")',
        A3: '=MAIL.COMPANYEMAILS("acme.com")',
        C3: "=MAIL.VERIFYEMAIL(A3)",
        G1: "=SEQUENCE(2)",
      });

      const out: Outcome = await page.evaluate(async () => {
        const result: Record<string, unknown> = {};
        const code = async (work: (sheet: Excel.Worksheet) => void): Promise<unknown> => {
          try {
            await Excel.run(async (context) => {
              work(context.workbook.worksheets.getActiveWorksheet());
              await context.sync();
            });
            return "no error";
          } catch (error) {
            return (error as OfficeExtension.Error).code;
          }
        };
        await Excel.run(async (context) => {
          const sheet = context.workbook.worksheets.getActiveWorksheet();
          const cells = sheet.getRange("A1:C5").load("values, formulas, valueTypes");
          const spills = ["A1", "A3", "B1", "C3", "A1:A2"].map((a) =>
            sheet.getRange(a).getSpillingToRangeOrNullObject().load("address")
          );
          const parents = ["A1", "C1", "A5", "C3"].map((a) =>
            sheet.getRange(a).getSpillParentOrNullObject().load("address")
          );
          const blocked = sheet.getRange("G1:G2").load("values, valueTypes");
          await context.sync();
          result.cells = {
            values: cells.values,
            formulas: cells.formulas,
            types: cells.valueTypes,
          };
          result.spills = spills.map((r) => (r.isNullObject ? null : r.address));
          result.parents = parents.map((r) => (r.isNullObject ? null : r.address));
          result.blocked = [blocked.values, blocked.valueTypes];
        });
        result.notAnchor = await code((sheet) =>
          sheet.getRange("C3").getSpillingToRange().load("address")
        );
        result.severalCells = await code((sheet) =>
          sheet.getRange("A1:B1").getSpillingToRange().load("address")
        );
        await Excel.run(async (context) => {
          const sheet = context.workbook.worksheets.getActiveWorksheet();
          // Deleting a spilled value changes nothing; a value over the anchor ends its spill.
          sheet.getRange("A4").values = [[""]];
          sheet.getRange("A1").values = [["'frozen"]];
          const row = sheet.getRange("A1:C1").load("values, formulas");
          const column = sheet.getRange("A3:A5").load("values");
          const spill = sheet.getRange("A1").getSpillingToRangeOrNullObject();
          await context.sync();
          result.overAnchor = {
            values: row.values,
            formulas: row.formulas,
            spill: !spill.isNullObject,
          };
          result.deleteSpilled = column.values;
          // A value inside a spill blocks it: #SPILL! in the anchor, which keeps its formula.
          sheet.getRange("A4").values = [["typed"]];
          const blockedColumn = sheet.getRange("A3:A5").load("values, formulas, valueTypes");
          const gone = sheet.getRange("A3").getSpillingToRangeOrNullObject();
          await context.sync();
          result.intoSpill = {
            values: blockedColumn.values,
            formulas: blockedColumn.formulas,
            types: blockedColumn.valueTypes,
            spill: !gone.isNullObject,
          };
        });
        return result;
      });
      expect(out).toEqual({
        cells: {
          values: [
            ["ada@acme.com", "valid", 97],
            ["", "", ""],
            ["info@acme.com", "", "#N/A"],
            ["00123", "", ""],
            ["", "", ""],
          ],
          // A spilled cell has no formula of its own: formulas gives its value.
          formulas: [
            ['=MAIL.FINDEMAIL(E1,F1,"acme.com","email,status,score")', "valid", 97],
            ["", "", ""],
            ['=MAIL.COMPANYEMAILS("acme.com")', "", "=MAIL.VERIFYEMAIL(A3)"],
            ["00123", "", ""],
            ["", "", ""],
          ],
          types: [
            ["String", "String", "Double"],
            ["Empty", "Empty", "Empty"],
            ["String", "Empty", "Error"],
            ["String", "Empty", "Empty"],
            ["Empty", "Empty", "Empty"],
          ],
        },
        spills: ["Sheet1!A1:C1", "Sheet1!A3:A5", null, null, null],
        parents: ["Sheet1!A1", "Sheet1!A1", "Sheet1!A3", null],
        blocked: [
          [["#SPILL!"], ["in the way"]],
          [["Error"], ["String"]],
        ],
        notAnchor: "ItemNotFound",
        severalCells: "InvalidArgument",
        overAnchor: { values: [["frozen", "", ""]], formulas: [["frozen", "", ""]], spill: false },
        deleteSpilled: [["info@acme.com"], ["00123"], [""]],
        intoSpill: {
          values: [["#SPILL!"], ["typed"], [""]],
          formulas: [['=MAIL.COMPANYEMAILS("acme.com")'], ["typed"], [""]],
          types: [["Error"], ["String"], ["Empty"]],
          spill: false,
        },
      });
      const after = (await addin.workbook(page)).sheets[0]!;
      expect(after.spills).toEqual({});
      expect(after.usedRange).toBe("A1:G4");
    }
  );

  browserTest(
    "OfficeRuntime.storage refuses more than 10 MB; a selection of several areas is InvalidSelection",
    async () => {
      const page = await addin.openTaskPane({ visible: false });
      const out: Outcome = await page.evaluate(async () => {
        const result: Record<string, unknown> = {};
        await OfficeRuntime.storage.setItems({
          a: "x".repeat(2_000_000),
          b: "y".repeat(2_000_000),
        });
        try {
          await OfficeRuntime.storage.setItem("c", "z".repeat(1_500_000));
          result.third = "stored";
        } catch (error) {
          result.third = (error as Error).name;
        }
        // setItems as office.js on the web: what fits is written, then a bare "Unknown error.".
        try {
          await OfficeRuntime.storage.setItems({ d: "small", e: "w".repeat(1_500_000) });
          result.several = "stored";
        } catch (error) {
          result.several = (error as Error).message;
        }
        result.keys = (await OfficeRuntime.storage.getKeys()).sort();
        await window.__hostShim.setSelection("Sheet1", "A1:A3,C1:C3");
        try {
          await Excel.run(async (context) => {
            context.workbook.getSelectedRange().load("address");
            await context.sync();
          });
        } catch (error) {
          result.selection = (error as OfficeExtension.Error).code;
        }
        return result;
      });
      expect(out.third).toBe("QuotaExceededError");
      expect(out.several).toBe("Unknown error.");
      expect(out.keys).toEqual(["a", "b", "d"]);
      expect(out.selection).toBe("InvalidSelection");
    }
  );

  browserTest("the /api relay passes method, authorization and body to the sandbox", async () => {
    const account = await addin.sandbox.account(10);
    const examples = await addin.sandbox.examples();
    const page = await addin.openTaskPane({ visible: false });
    const answer = await page.evaluate(
      async ([key, body]) => {
        const response = await fetch("/api/v5.1/verify-email", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return { status: response.status, body: await response.json() };
      },
      [account.apiKey, examples.verify!.valid] as const
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ email_status: "valid" });
    expect(addin.relayLog).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: "POST", path: "/v5.1/verify-email", status: 200 }),
      ])
    );
    expect(await account.credits()).toBeLessThan(10);
  });
});
