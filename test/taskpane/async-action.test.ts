import { ApiError } from "../../src/client/errors";
import { ArgumentError } from "../../src/functions/arguments";
import { SettingsError } from "../../src/runtime/settings";
import {
  ActionRunner,
  FieldError,
  actionError,
  atField,
  fieldNamedBy,
} from "../../src/taskpane/ui/async-action";

// The core of useAsyncAction (src/taskpane/ui/use-async-action.ts): the hook only binds this
// runner to a component (useSyncExternalStore, attach on mount, detach on unmount).

/** A promise settled from outside. */
function deferred<T>(): {
  promise: Promise<T>;
  resolve: (v: T) => void;
  reject: (e: unknown) => void;
} {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Every state a runner goes through, in order. */
function watch<R, F extends string>(runner: ActionRunner<any[], R, F>) {
  const states: Array<ReturnType<typeof runner.getState>> = [];
  runner.subscribe(() => states.push(runner.getState()));
  return states;
}

describe("useAsyncAction's runner: busy, error, done", () => {
  test("a run is busy, then done with the action's result; the next run clears it first", async () => {
    const gate = deferred<string>();
    const runner = new ActionRunner(async (name: string) => `hello ${name} ${await gate.promise}`);
    const states = watch(runner);
    expect(runner.getState()).toEqual({ busy: false, error: null, done: undefined });

    const run = runner.run("Ada");
    expect(runner.getState()).toEqual({ busy: true, error: null, done: undefined });
    gate.resolve("!");
    await expect(run).resolves.toBe("hello Ada !");
    expect(runner.getState()).toEqual({ busy: false, error: null, done: "hello Ada !" });

    const again = runner.run("Bob");
    expect(runner.getState()).toEqual({ busy: true, error: null, done: undefined });
    await again;
    expect(states.map((s) => [s.busy, s.done])).toEqual([
      [true, undefined],
      [false, "hello Ada !"],
      [true, undefined],
      [false, "hello Bob !"],
    ]);
  });

  test("a thrown error ends the run (never rejects) and is kept with its field until the next run", async () => {
    let fail = true;
    const runner = new ActionRunner(
      async () => {
        if (fail) throw new Error("The service is busy.");
        return 1;
      },
      { fallback: "action" }
    );
    await expect(runner.run()).resolves.toBeUndefined();
    expect(runner.getState()).toEqual({
      busy: false,
      error: { field: "action", message: "The service is busy." },
      done: undefined,
    });
    fail = false;
    const run = runner.run();
    expect(runner.getState().error).toBeNull();
    await expect(run).resolves.toBe(1);
    expect(runner.getState()).toEqual({ busy: false, error: null, done: 1 });
  });

  test("the result of a run overtaken by a newer one is dropped; busy lasts until the newest ends", async () => {
    const first = deferred<string>();
    const second = deferred<string>();
    const gates = [first, second];
    const runner = new ActionRunner(async () => gates.shift()!.promise);
    const runs = [runner.run(), runner.run()];
    second.resolve("newer");
    await runs[1];
    expect(runner.getState()).toEqual({ busy: false, error: null, done: "newer" });
    first.resolve("older");
    await expect(runs[0]).resolves.toBeUndefined();
    expect(runner.getState().done).toBe("newer");

    // And the other way round: the older run ends first, the newer one is still busy.
    const third = deferred<string>();
    const fourth = deferred<string>();
    gates.push(third, fourth);
    const more = [runner.run(), runner.run()];
    third.reject(new Error("too late"));
    await more[0];
    expect(runner.getState()).toEqual({ busy: true, error: null, done: undefined });
    fourth.resolve("newest");
    await more[1];
    expect(runner.getState()).toEqual({ busy: false, error: null, done: "newest" });
  });

  test("after detach (the panel unmounted) nothing that finishes changes the state or is heard", async () => {
    const gate = deferred<string>();
    const failing = deferred<string>();
    const gates = [gate, failing];
    const runner = new ActionRunner(async () => gates.shift()!.promise);
    const ok = runner.run();
    const bad = runner.run();
    const states = watch(runner);
    runner.detach();
    gate.resolve("late");
    failing.reject(new Error("late failure"));
    await expect(ok).resolves.toBeUndefined();
    await expect(bad).resolves.toBeUndefined();
    expect(states).toEqual([]);
    expect(runner.getState()).toEqual({ busy: false, error: null, done: undefined });

    // Mounted again (React may remount): new runs speak.
    runner.attach();
    runner.setWork(async () => "again");
    await expect(runner.run()).resolves.toBe("again");
    expect(runner.getState().done).toBe("again");
  });

  test("the newest action is run (a component's newest closure)", async () => {
    const runner = new ActionRunner(async () => "first render");
    runner.setWork(async () => "second render");
    await expect(runner.run()).resolves.toBe("second render");
  });

  test("reset forgets the outcome; reset(field) forgets only an error at that field", async () => {
    const runner = new ActionRunner<[string], string, string>(async (field) => {
      if (field) throw new FieldError(field, `bad ${field}`);
      return "saved";
    });
    await runner.run("");
    expect(runner.getState().done).toBe("saved");
    runner.reset("apiKey");
    expect(runner.getState().done).toBeUndefined();

    await runner.run("baseUrl");
    runner.reset("apiKey");
    expect(runner.getState().error).toEqual({ field: "baseUrl", message: "bad baseUrl" });
    runner.reset("baseUrl");
    expect(runner.getState().error).toBeNull();

    await runner.run("baseUrl");
    const states = watch(runner);
    runner.reset();
    runner.reset();
    expect(runner.getState()).toEqual({ busy: false, error: null, done: undefined });
    // Nothing to forget: no update.
    expect(states).toHaveLength(1);
  });
});

describe("where an action's error is shown", () => {
  const options = { fields: ["email", "baseUrl", "confirmAbove", "latitude"], fallback: "submit" };

  test("an error naming one of the form's fields goes next to it, as the panels placed them", () => {
    expect(actionError(new SettingsError("baseUrl", "Use https."), options)).toEqual({
      field: "baseUrl",
      message: "Use https.",
    });
    expect(
      actionError(
        new ApiError({
          kind: "bad_request",
          status: 400,
          code: "x",
          message: "Bad email.",
          field: "email",
        }),
        options
      )
    ).toEqual({ field: "email", message: "Bad email." });
    expect(actionError(new ArgumentError("latitude", "Out of range."), options)).toEqual({
      field: "latitude",
      message: "Out of range.",
    });
  });

  test("an error naming no field, or a field the form does not show, goes to the fallback", () => {
    expect(actionError(new Error("Network down."), options)).toEqual({
      field: "submit",
      message: "Network down.",
    });
    expect(actionError(new SettingsError("sessionBudget", "No."), options).field).toBe("submit");
    expect(
      actionError(
        new ApiError({
          kind: "bad_request",
          status: 400,
          code: "x",
          message: "m",
          field: "radius_km",
        }),
        options
      ).field
    ).toBe("submit");
    expect(actionError("a string", {})).toEqual({ field: "submit", message: "a string" });
  });

  test("a FieldError (the action's own check) always goes to its field", () => {
    expect(actionError(new FieldError("categories", "Unknown category."), options)).toEqual({
      field: "categories",
      message: "Unknown category.",
    });
  });

  test("atField puts what a step throws at a field, keeping a FieldError where it is", async () => {
    await expect(atField("file", Promise.reject(new Error("Not a CSV.")))).rejects.toEqual(
      new FieldError("file", "Not a CSV.")
    );
    const own = new FieldError("source", "No rows.");
    await expect(atField("file", Promise.reject(own))).rejects.toBe(own);
    await expect(atField("file", Promise.resolve(3))).resolves.toBe(3);
    expect(fieldNamedBy(null)).toBeNull();
    expect(fieldNamedBy({ field: "" })).toBeNull();
  });
});
