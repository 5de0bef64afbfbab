import type { Page } from "playwright-core";
import { SHELVES_SETTING_KEY } from "../../src/runtime/answer-shelves";
import { cellsOf, errorOf, startCells, type Cell } from "../engines/steps";
import { eventually } from "../helpers/sandbox";
import { useKey } from "./flows-helpers";
import { browserTest, describeBrowser, screenshot, useAddin } from "./harness";

// Kept answers gone, under Microsoft's office.js on the Office host page: the
// browser forgets the add-in frame's storage (a cleared browser; WebKit does it at every
// restart, see test/office-host/README.md) and the workbook is opened again. Its cells would
// buy again, below the 25-credit threshold, what they showed: the pane says so and asks first.

const CELLS = 8;

describeBrowser("kept answers gone (Chromium, the built add-in, office.js)", () => {
  const addin = useAddin();

  const lookups = (): number =>
    addin.relayLog.filter((r) => r.path === "/v5.1/find-email/person").length;

  const shelves = async (page: Page): Promise<string[]> =>
    ((await addin.workbook(page)).settings[SHELVES_SETTING_KEY] ?? []) as string[];

  browserTest(
    "storage forgotten: no lookup until Buy again, a no asks again at the next recalculation, the new shelf noted",
    async () => {
      const account = await addin.sandbox.account(100);
      const context = await addin.newContext();
      const first = await addin.openTaskPane({ context });
      await useKey(first, account.apiKey);
      await startCells(first, "bought", CELLS);
      const bought = await cellsOf(first, "bought");
      expect(lookups()).toBe(CELLS);
      expect(await first.getByTestId("spending-question").count()).toBe(0);
      expect(await shelves(first)).toHaveLength(1);
      await first.close();

      // Reopened in the same browser: every answer kept, nothing asked.
      const same = await addin.openTaskPane({ context });
      await startCells(same, "kept", CELLS);
      expect(await cellsOf(same, "kept")).toEqual(bought);
      expect(lookups()).toBe(CELLS);
      await same.close();

      // The browser forgets the add-in's storage (its key too: entered again).
      await addin.forgetAddinStorage(context);
      const after = await addin.openTaskPane({ context });
      await useKey(after, account.apiKey);
      await startCells(after, "declined", CELLS);
      const question = after.getByTestId("spending-question");
      await question.waitFor();
      expect(await question.getAttribute("data-reason")).toBe("answers_gone");
      expect(await question.getAttribute("data-count")).toBe(String(CELLS));
      expect(await question.innerText()).toContain("no longer in this browser");
      expect(await after.getByTestId("spending-run").innerText()).toBe("Buy again");
      await screenshot(after, "kept-answers-gone");
      expect(lookups()).toBe(CELLS);
      await after.getByTestId("spending-decline").click();
      const declined = await cellsOf(after, "declined");
      for (const cell of declined) expect(errorOf(cell)?.message).toMatch(/declined/);
      expect(lookups()).toBe(CELLS);
      expect(await shelves(after)).toHaveLength(1);

      // Recalculated: asked again; Buy again sends them, the cells show what they showed.
      await startCells(after, "again", CELLS);
      await question.waitFor();
      expect(await question.getAttribute("data-reason")).toBe("answers_gone");
      await after.getByTestId("spending-run").click();
      const again: Cell[] = await cellsOf(after, "again");
      expect(again).toEqual(bought);
      expect(lookups()).toBe(2 * CELLS);
      await eventually(async () => ((await shelves(after)).length === 2 ? true : undefined));
      await after.close();

      // And reopened once more: the new answers serve it, nothing asked.
      const last = await addin.openTaskPane({ context });
      await startCells(last, "last", CELLS);
      expect(await cellsOf(last, "last")).toEqual(bought);
      expect(lookups()).toBe(2 * CELLS);
      expect(await last.getByTestId("spending-question").count()).toBe(0);
    }
  );
});
