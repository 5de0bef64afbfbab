/**
 * The workbook model the host page executes RichApi requests against: the object model of the
 * old host shim (test/browser/host-shim.js), loaded into the Office page (never into the
 * add-in's frame). Its proxies already carry Excel's semantics (typed input, spills, tables,
 * formats, the errors Excel gives); the host page drives them as Excel's server drives its own
 * objects, one shim request context per RichApi request.
 *
 * This file names the few members of the shim's proxies the host page relies on.
 */

export interface ShimError extends Error {
  code: string;
  debugInfo?: { errorLocation?: string };
}

export interface ShimContext {
  workbook: ShimObject;
  sync(): Promise<unknown>;
  _enqueue(action: Record<string, unknown>, run: () => unknown): void;
}

export interface ShimObject {
  readonly _ctx: ShimContext;
  readonly _type: string;
  readonly _path: string;
  readonly _scalars: string[];
  readonly _settable: string[];
  readonly _navigation: string[];
  readonly _orNull: boolean;
  _isNull: boolean | undefined;
  _memo: unknown;
  _loaded: Record<string, unknown>;
  _id(): unknown;
  _read(name: string): unknown;
  load(paths?: string | string[]): ShimObject;
  [member: string]: unknown;
}

export interface ShimCollection extends ShimObject {
  readonly _itemType: { prototype: { _scalars: string[] } };
  readonly _itemScalars: string[];
  _itemsLoaded: ShimObject[] | undefined;
}

export interface ShimClientResult {
  readonly value: unknown;
}

export interface ShimGlobals {
  Excel: { RequestContext: new () => ShimContext };
  __hostShim: {
    ready: Promise<void>;
    officeError(code: string, location: string, message?: string): Error;
    [member: string]: unknown;
  };
}

export function shim(): ShimGlobals {
  const globals = window as unknown as Partial<ShimGlobals>;
  if (!globals.Excel || !globals.__hostShim)
    throw new Error("office host: the workbook model (host-shim.js) is not loaded");
  return globals as ShimGlobals;
}

export function isShimObject(value: unknown): value is ShimObject {
  return (
    typeof value === "object" &&
    value !== null &&
    "_ctx" in value &&
    typeof (value as { _type?: unknown })._type === "string"
  );
}

export function isCollection(value: ShimObject): value is ShimCollection {
  return "_itemType" in value;
}

export function isClientResult(value: unknown): value is ShimClientResult {
  return (
    typeof value === "object" &&
    value !== null &&
    "_set" in value &&
    "_value" in value &&
    !isShimObject(value)
  );
}

/** A proxy for the same object in another request context (a kept reference). */
export function rebind(object: ShimObject, ctx: ShimContext): ShimObject {
  const identity = object._memo;
  const Type = object.constructor as new (
    ctx: ShimContext,
    path: string,
    resolver: () => unknown
  ) => ShimObject;
  const copy = new Type(ctx, object._path, () => identity);
  copy._memo = identity;
  return copy;
}
