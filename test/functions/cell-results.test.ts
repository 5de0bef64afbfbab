import {
  FakeCustomFunctionsError,
  installCustomFunctionsGlobal,
  settled,
} from "../helpers/custom-functions";
import { ApiError } from "../../src/client/errors";
import { ArgumentError } from "../../src/functions/arguments";
import { rejectionOf } from "../helpers/rejection";

installCustomFunctionsGlobal();

const { cell, cellCall, errorCell } =
  require("../../src/functions/cell-results") as typeof import("../../src/functions/cell-results");

// Microsoft's documented error forms: a cell's error is thrown (the promise rejects
// with a CustomFunctions.Error); inside a spilled array an error is an element of the array.

describe("cell(): the documented forms", () => {
  test("a value and a spilled matrix are returned", async () => {
    await expect(cell(() => "valid")).resolves.toBe("valid");
    await expect(cell(async () => [["a@example.com", "valid"]])).resolves.toEqual([
      ["a@example.com", "valid"],
    ]);
  });

  test("a matrix holding CustomFunctions.Error elements is returned as it is", async () => {
    const element = new FakeCustomFunctionsError("#N/A", "No email found.");
    const matrix = [["a@example.com"], [element as unknown as string]];
    const result = await cell(async () => matrix);
    expect(result).toBe(matrix);
    expect((result as unknown[][])[1]![0]).toBe(element);
  });

  test("an error the work returns for the cell is thrown, not returned", async () => {
    const error = new FakeCustomFunctionsError("#N/A", "No email found.");
    expect(await rejectionOf(cell(async () => error as unknown as string))).toBe(error);
  });

  test("an error the work throws is mapped and thrown as a CustomFunctions.Error", async () => {
    const unauthorized = await rejectionOf(
      cell(async () => {
        throw new ApiError({ kind: "unauthorized", status: 401, code: "x", message: "no" });
      })
    );
    expect(unauthorized).toBeInstanceOf(FakeCustomFunctionsError);
    expect(unauthorized).toMatchObject({
      code: "#VALUE!",
      message: "API key missing or rejected: set it in the task pane.",
    });
    const argument = await rejectionOf(
      cell(() => {
        throw new ArgumentError("email", "email is required.");
      })
    );
    expect(argument).toMatchObject({ code: "#VALUE!", message: "email is required." });
    const thrown = new FakeCustomFunctionsError("#N/A", "Stopped.");
    expect(await rejectionOf(cell(() => Promise.reject(thrown)))).toBe(thrown);
  });

  test("even an unexpected failure rejects with a CustomFunctions.Error (never a bare #VALUE!)", async () => {
    const error = await rejectionOf(cell(() => Promise.reject(new TypeError("boom"))));
    expect(error).toBeInstanceOf(FakeCustomFunctionsError);
    expect(error).toMatchObject({ code: "#N/A", message: "Unexpected error: boom" });
  });
});

describe("errorCell()", () => {
  test("refused (the spending guard): #N/A with the guard's own words", () => {
    const error = errorCell(
      new ApiError({
        kind: "refused",
        status: null,
        code: "spending_off",
        message: "Spending is off: change it in the task pane (Settings, Spending).",
      })
    );
    expect(error).toBeInstanceOf(FakeCustomFunctionsError);
    expect(error).toMatchObject({
      code: "#N/A",
      message: "Spending is off: change it in the task pane (Settings, Spending).",
    });
  });
});

describe("errorCell(): the browser's own words never reach a cell", () => {
  test("a storage the browser denies (docs/user-guide.md): #N/A saying what to do, not its message", () => {
    const error = errorCell(
      new DOMException(
        "Failed to read the 'localStorage' property from 'Window': Access is denied for this document.",
        "SecurityError"
      )
    );
    expect(error).toBeInstanceOf(FakeCustomFunctionsError);
    expect(error).toMatchObject({
      code: "#N/A",
      message:
        "This browser denies the add-in its storage (third-party cookies and site data are blocked): the task pane says what to allow.",
    });
  });
});

describe("errorCell(): 402", () => {
  test("a team host's budget refusal: #N/A with the host's message, which names the budget", () => {
    const message = "Your monthly budget of 10 credits is spent (10 of 10 used).";
    const error = errorCell(
      new ApiError({ kind: "out_of_credits", status: 402, code: "budget_exceeded", message })
    );
    expect(error).toBeInstanceOf(FakeCustomFunctionsError);
    expect(error).toMatchObject({ code: "#N/A", message });
  });

  test("the service's own 402 stays Out of credits, whatever its message", () => {
    const error = errorCell(
      new ApiError({ kind: "out_of_credits", status: 402, code: "upgrade_needed", message: "x" })
    );
    expect(error).toMatchObject({ code: "#N/A", message: "Out of credits." });
  });
});

describe("the harness reads a cell as Excel shows it", () => {
  test("the value, or the CustomFunctions.Error the promise rejects with", async () => {
    expect(await settled(Promise.resolve([["x"]]))).toEqual([["x"]]);
    const error = new FakeCustomFunctionsError("#N/A", "Out of credits.");
    expect(await settled(Promise.reject(error))).toBe(error);
  });

  test("a rejection with anything else fails the test (Excel would show a bare #VALUE!)", async () => {
    await expect(settled(Promise.reject(new Error("oops")))).rejects.toThrow(
      /other than a CustomFunctions.Error .*bare #VALUE!.*oops/
    );
  });

  test("a single cell's error returned instead of thrown fails the test", async () => {
    await expect(
      settled(Promise.resolve(new FakeCustomFunctionsError("#N/A", "Not found.")))
    ).rejects.toThrow(/returned its error .*instead of rejecting/);
  });
});

describe("cellCall(): what a cell's lookups take from Excel's invocation", () => {
  test("a value preview, whether Excel says so as a boolean (docs) or a string (@types)", () => {
    const preview = (flag: unknown) =>
      cellCall({ isInValuePreview: flag } as unknown as CustomFunctions.CancelableInvocation)
        .preview;
    expect(preview(true)).toBe(true);
    expect(preview("true")).toBe(true);
    expect(preview(false)).toBe(false);
    expect(preview("false")).toBe(false);
    expect(preview(undefined)).toBe(false);
    expect(cellCall().preview).toBe(false);
  });

  test("Excel's cancellation aborts the cell's signal", () => {
    const invocation = {} as CustomFunctions.CancelableInvocation;
    const call = cellCall(invocation);
    expect(call.signal.aborted).toBe(false);
    invocation.onCanceled!();
    expect(call.signal.aborted).toBe(true);
  });
});
