import { browserTest, describeBrowser, useAddin } from "./harness";
import { recordConsole, showTab, textOf, waitForText } from "./flows-helpers";

// Freeze results in Chromium: the MAIL formulas of the selected range become
// their values in the workbook, text stays text, a cell showing an error keeps its formula, a
// spilling result is frozen whole, and other formulas are left alone.

describeBrowser("task pane flows in Chromium: freeze results", () => {
  const addin = useAddin();

  browserTest(
    "the MAIL formulas of the selection become their values; errors and other formulas keep theirs",
    async () => {
      const context = await addin.newContext();
      const consoleLines = recordConsole(context);
      const page = await addin.openTaskPane({ context });
      await page.evaluate(async () => {
        const shim = window.__hostShim;
        await shim.setCells("Sheet1", "A1", [
          ["Name", "Domain", "Email", "Status"],
          ["Ada", "acme.com"],
          ["Ben", "beta.io"],
          ["Cy", "gamma.org"],
          ["Di", "delta.net"],
        ]);
        // Results that Excel would read as a number, a formula and a boolean if typed.
        await shim.setFormulaResult("Sheet1", "C2", "=MAIL.FINDEMAIL(A2,B2)", [["00123"]]);
        await shim.setFormulaResult("Sheet1", "C3", "=MAIL.FINDEMAIL(A3,B3)", [["=1+1"]]);
        await shim.setFormulaResult("Sheet1", "C4", "=MAIL.FINDEMAIL(A4,B4)", [["#N/A"]]);
        await shim.setFormulaResult("Sheet1", "C5", '=IFERROR(mail.findemail(A5,B5),"")', [
          ["TRUE"],
        ]);
        // A row that spills beyond the selection (E2), and formulas that are not MAIL's.
        await shim.setFormulaResult("Sheet1", "D2", '=MAIL.VERIFYEMAIL(C2,"status,score")', [
          ["valid", 97],
        ]);
        await shim.setFormulaResult("Sheet1", "D3", "=LEN(C3)", [[4]]);
        await shim.setFormulaResult("Sheet1", "D4", "=SEQUENCE(2)", [[1], [2]]);
        await shim.setSelection("Sheet1", "A1:D5");
      });

      await showTab(page, "lookups");
      await page.getByTestId("freeze-selection").click();
      await waitForText(page, "freeze-result", /Froze/);
      expect(await textOf(page, "freeze-result")).toBe(
        "Froze 5 cells; 1 cell showing an error kept its formula."
      );
      const sheet = (await addin.workbook(page)).sheets[0]!;
      expect(sheet.formulas).toEqual({
        C4: "=MAIL.FINDEMAIL(A4,B4)",
        D3: "=LEN(C3)",
        D4: "=SEQUENCE(2)",
      });
      expect(sheet.spills).toEqual({ D4: "D4:D5" });
      // Text stays text: the same strings, not 123, a formula or TRUE.
      expect(sheet.values.slice(1).map((row) => row.slice(2, 5))).toEqual([
        ["00123", "valid", 97],
        ["=1+1", 4, ""],
        ["#N/A", 1, ""],
        ["TRUE", 2, ""],
      ]);

      // Again: only the error is left, and it keeps its formula.
      await page.getByTestId("freeze-selection").click();
      await waitForText(page, "freeze-result", /Nothing frozen/);
      expect(await textOf(page, "freeze-result")).toBe(
        "Nothing frozen: 1 cell showing an error kept its formula."
      );

      // No MAIL formula selected, then a selection of several areas: said, nothing written.
      const before = await addin.workbook(page);
      await page.evaluate(() => window.__hostShim.setSelection("Sheet1", "D3:D5"));
      await page.getByTestId("freeze-selection").click();
      await waitForText(page, "error-message", /^No MAIL formulas in the selection\.$/);
      await page.evaluate(() => window.__hostShim.setSelection("Sheet1", "C2:C3,C5"));
      await page.getByTestId("freeze-selection").click();
      await waitForText(page, "error-message", /one block of cells/);
      const after = await addin.workbook(page);
      expect(after.sheets.map((s) => [s.values, s.formulas])).toEqual(
        before.sheets.map((s) => [s.values, s.formulas])
      );
      expect(consoleLines.filter((line) => line.startsWith("[pageerror]"))).toEqual([]);
    }
  );
});
