/**
 * Executes office.js's RichApi requests (the body of each `context.sync()`) the way Excel's
 * server does: object paths are resolved against the workbook model, actions run in order, and
 * the response carries one result per action that asks for one.
 *
 * The request format is office.js's own (OfficeExtension's ObjectPathType and ActionType, see
 * ObjectPathFactory and ActionFactory in excel-web-16.00.debug.js):
 * - ObjectPaths: 1 global object (the workbook), 2 new object (a service, by type name),
 *   3 method, 4 property, 5 indexer (a collection's getItem), 6 reference id, 7 null object;
 * - Actions: 1 instantiate, 2 query, 3 method, 4 set property, 5 trace, 7 query as JSON,
 *   9 update (set several properties).
 *
 * Names arrive as Excel's (PascalCase "GetRange", "Values"); results go back the same way. A
 * member the model does not have is Excel's `ApiNotFound`, never a made-up answer, and each
 * member a request used is counted (see `usage`), so that the list of members the suites use
 * can be generated.
 */
import {
  isClientResult,
  isCollection,
  isShimObject,
  rebind,
  shim,
  type ShimContext,
  type ShimError,
  type ShimObject,
} from "./shim-model";
import type { Service } from "./services";

export interface ObjectPathInfo {
  Id: number;
  ObjectPathType: number;
  Name: string;
  ParentObjectPathId?: number;
  ArgumentInfo?: ArgumentInfo;
}

export interface ArgumentInfo {
  Arguments?: unknown[];
  ReferencedObjectPathIds?: Array<number | null>;
}

export interface QueryInfo {
  Select?: string[] | null;
  Expand?: string[] | null;
  Skip?: number | null;
  Top?: number | null;
}

export interface ActionInfo {
  Id: number;
  ActionType: number;
  Name: string;
  ObjectPathId: number;
  ArgumentInfo?: ArgumentInfo;
  QueryInfo?: QueryInfo;
  ObjectState?: Record<string, unknown>;
}

export interface RichApiRequestBody {
  AutoKeepReference?: boolean;
  Actions: ActionInfo[];
  ObjectPaths: Record<string, ObjectPathInfo>;
}

export interface RichApiErrorBody {
  Code: string;
  Message: string;
  Location?: string;
  ActionIndex?: number;
  HttpStatusCode?: number;
}

export interface RichApiResponseBody {
  Results?: Array<{ ActionId: number; Value: unknown }>;
  Error?: RichApiErrorBody;
  TraceIds?: number[];
}

/** A failure that becomes the response's Error (Excel's code, message and location). */
export class RichApiFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly location?: string
  ) {
    super(message);
  }
}

export function apiNotFound(type: string, member: string): RichApiFailure {
  return new RichApiFailure(
    "ApiNotFound",
    `The host page does not implement ${type}.${member} (test/office-host/README.md, "Nothing invented").`,
    `${type}.${member}`
  );
}

type Resolved =
  | { kind: "model"; object: ShimObject; keep?: boolean }
  | { kind: "service"; service: Service }
  | { kind: "null" };

/** Members used by the requests so far ("Range.Values": count), for the generated list. */
export type Usage = Map<string, number>;

export interface RichApiHostOptions {
  services: Record<string, () => Service>;
  usage: Usage;
}

const camel = (name: string) => (name ? name[0]!.toLowerCase() + name.slice(1) : name);
const pascal = (name: string) => (name ? name[0]!.toUpperCase() + name.slice(1) : name);

/** Members of every proxy that are not Excel's API. */
const NOT_API = new Set(["load", "set", "toJSON", "constructor", "context", "track", "untrack"]);

export class RichApiHost {
  /** References kept for office.js (_KeepReference): reference id -> object in the model. */
  private readonly references = new Map<string, ShimObject>();
  private nextReference = 1;
  private readonly services = new Map<string, Service>();

  constructor(private readonly options: RichApiHostOptions) {}

  /** Forgets every kept reference (the add-in's frame was reloaded). */
  reset(): void {
    this.references.clear();
  }

  referenceCount(): number {
    return this.references.size;
  }

  async execute(body: RichApiRequestBody): Promise<RichApiResponseBody> {
    await shim().__hostShim.ready;
    const run = new RequestRun(this, body);
    try {
      return await run.execute();
    } catch (error) {
      return { Error: toErrorBody(error, run.failedActionIndex) };
    }
  }

  count(member: string): void {
    this.options.usage.set(member, (this.options.usage.get(member) ?? 0) + 1);
  }

  service(name: string): Service | undefined {
    let service = this.services.get(name);
    if (!service) {
      const make = this.options.services[name];
      if (!make) return undefined;
      service = make();
      this.services.set(name, service);
    }
    return service;
  }

  keep(object: ShimObject): string {
    const id = `${object._type}:${this.nextReference++}`;
    this.references.set(id, object);
    return id;
  }

  reference(id: string, ctx: ShimContext): ShimObject | undefined {
    const kept = this.references.get(id);
    return kept ? rebind(kept, ctx) : undefined;
  }

  removeReference(id: string): void {
    this.references.delete(id);
  }
}

interface Rect {
  r0: number;
  c0: number;
  r1: number;
  c1: number;
}

interface PendingResult {
  actionId: number;
  value: () => unknown;
}

/** One request: its paths resolved once, its actions queued, one sync, then the results. */
class RequestRun {
  private readonly ctx: ShimContext;
  private readonly resolved = new Map<number, Resolved>();
  private readonly results: PendingResult[] = [];
  /** Objects whose identity is kept for office.js once the sync has resolved it. */
  private readonly keepAfterSync: Array<{ path: number; object: ShimObject }> = [];
  private readonly kept = new Map<number, string>();
  failedActionIndex = -1;

  constructor(
    private readonly host: RichApiHost,
    private readonly body: RichApiRequestBody
  ) {
    this.ctx = new (shim().Excel.RequestContext)();
  }

  async execute(): Promise<RichApiResponseBody> {
    const immediate: PendingResult[] = [];
    const traceIds: number[] = [];
    for (let index = 0; index < this.body.Actions.length; index++) {
      const action = this.body.Actions[index]!;
      this.failedActionIndex = index;
      if (action.ActionType === 5) {
        // A trace marker: office.js runs its callback (an event handler's registration, for
        // one) when the response carries a result for it.
        traceIds.push(action.Id);
        immediate.push({ actionId: action.Id, value: () => null });
        continue;
      }
      // The model runs the queued operations in order at the sync: this marks which action
      // the ones that follow belong to, so that a failure names it (office.js shows the
      // failing statement from ActionIndex).
      this.ctx._enqueue({ a: "mark" }, () => {
        this.failedActionIndex = index;
        return null;
      });
      const target = this.resolve(action.ObjectPathId);
      if (target.kind === "service") {
        immediate.push(...this.serviceAction(target.service, action));
        continue;
      }
      this.modelAction(target, action);
    }
    this.failedActionIndex = -1;
    await this.ctx.sync();
    this.failedActionIndex = -1;
    for (const { path, object } of this.keepAfterSync) this.kept.set(path, this.host.keep(object));
    const results: Array<{ ActionId: number; Value: unknown }> = [];
    for (const pending of [...immediate, ...this.results])
      results.push({ ActionId: pending.actionId, Value: await pending.value() });
    results.sort((a, b) => a.ActionId - b.ActionId);
    const response: RichApiResponseBody = { Results: results };
    if (traceIds.length) response.TraceIds = traceIds;
    return response;
  }

  // ---------------------------------------------------------------------------- object paths

  private pathInfo(id: number): ObjectPathInfo {
    const info = this.body.ObjectPaths[String(id)];
    if (!info)
      throw new RichApiFailure("InvalidObjectPath", `Object path ${id} is not in the request.`);
    return info;
  }

  private resolve(id: number): Resolved {
    const known = this.resolved.get(id);
    if (known) return known;
    const resolved = this.resolveNew(this.pathInfo(id));
    this.resolved.set(id, resolved);
    return resolved;
  }

  private resolveNew(info: ObjectPathInfo): Resolved {
    switch (info.ObjectPathType) {
      case 1:
        return { kind: "model", object: this.ctx.workbook };
      case 2: {
        const service = this.host.service(info.Name);
        if (!service) throw apiNotFound(info.Name, "(service)");
        this.host.count(`${service.type}`);
        return { kind: "service", service };
      }
      case 3:
      case 4:
      case 5:
        return this.navigate(info);
      case 6: {
        const object = this.host.reference(info.Name, this.ctx);
        if (!object)
          throw new RichApiFailure(
            "InvalidObjectPath",
            `The object path '${info.Name}' isn't working for what you're trying to do.`,
            info.Name
          );
        return { kind: "model", object };
      }
      case 7:
        return { kind: "null" };
      default:
        throw new RichApiFailure(
          "InvalidArgument",
          `Unknown object path type ${info.ObjectPathType}.`
        );
    }
  }

  private navigate(info: ObjectPathInfo): Resolved {
    if (info.ParentObjectPathId === undefined)
      throw new RichApiFailure("InvalidArgument", `Object path ${info.Id} has no parent.`);
    const parent = this.resolve(info.ParentObjectPathId);
    if (parent.kind === "null") return parent;
    if (parent.kind === "service") {
      const child = parent.service.navigate?.(info.Name, this.args(info.ArgumentInfo));
      if (!child) throw apiNotFound(parent.service.type, info.Name);
      return { kind: "service", service: child };
    }
    const owner = parent.object;
    const args = this.args(info.ArgumentInfo);
    let value: unknown;
    const member = info.ObjectPathType === 5 ? "GetItem" : info.Name;
    if (info.ObjectPathType === 5) value = this.call(owner, "GetItem", args);
    else if (info.ObjectPathType === 4) value = this.property(owner, info.Name);
    else value = this.call(owner, info.Name, args);
    if (!isShimObject(value)) throw apiNotFound(owner._type, info.Name);
    // Counted once the model has it: the list names members Excel's side answered.
    this.host.count(`${owner._type}.${member}`);
    return { kind: "model", object: value };
  }

  private args(info: ArgumentInfo | undefined): unknown[] {
    const args = info?.Arguments ? [...info.Arguments] : [];
    const refs = info?.ReferencedObjectPathIds ?? [];
    refs.forEach((ref, index) => {
      if (ref === null || ref === undefined || ref === 0) return;
      const target = this.resolve(ref);
      args[index] = target.kind === "model" ? target.object : null;
    });
    return args;
  }

  private property(owner: ShimObject, name: string): unknown {
    const member = camel(name);
    if (owner._scalars.includes(member) || NOT_API.has(member) || member.startsWith("_"))
      throw apiNotFound(owner._type, name);
    if (!(member in owner)) throw apiNotFound(owner._type, name);
    return owner[member];
  }

  private call(owner: ShimObject, name: string, args: unknown[]): unknown {
    const member = camel(name);
    const fn = owner[member];
    if (typeof fn !== "function" || NOT_API.has(member) || member.startsWith("_"))
      throw apiNotFound(owner._type, name);
    return (fn as (...a: unknown[]) => unknown).apply(owner, trimTrailingUndefined(args));
  }

  // ----------------------------------------------------------------------------------- actions

  private serviceAction(service: Service, action: ActionInfo): PendingResult[] {
    if (action.ActionType === 1) return [{ actionId: action.Id, value: () => ({}) }];
    if (action.ActionType !== 3) throw apiNotFound(service.type, action.Name || "(query)");
    const method = service.methods[action.Name];
    if (!method) throw apiNotFound(service.type, action.Name);
    this.host.count(`${service.type}.${action.Name}`);
    const value = method(this.args(action.ArgumentInfo));
    return [{ actionId: action.Id, value: () => value ?? null }];
  }

  private modelAction(target: Resolved, action: ActionInfo): void {
    if (target.kind === "null") {
      if (action.ActionType === 1) this.results.push({ actionId: action.Id, value: () => null });
      return;
    }
    if (target.kind !== "model") return;
    const object = target.object;
    switch (action.ActionType) {
      case 1:
        return this.instantiate(object, action);
      case 2:
      case 7:
        return this.query(object, action);
      case 3:
        return this.method(object, action);
      case 4: {
        const member = camel(action.Name);
        if (!object._settable.includes(member)) throw apiNotFound(object._type, action.Name);
        object[member] = this.args(action.ArgumentInfo)[0];
        this.host.count(`${object._type}.${action.Name}`);
        return;
      }
      case 9: {
        for (const [name, value] of Object.entries(action.ObjectState ?? {})) {
          const member = camel(name);
          if (!object._settable.includes(member)) throw apiNotFound(object._type, name);
          object[member] = value;
          this.host.count(`${object._type}.${name}`);
        }
        return;
      }
      default:
        throw apiNotFound(object._type, `(action type ${action.ActionType})`);
    }
  }

  private instantiate(object: ShimObject, action: ActionInfo): void {
    // Excel resolves an object when it is instantiated: a sheet that is not there is
    // ItemNotFound at this sync, even if nothing is read from it.
    this.ctx._enqueue({ a: "resolve", o: object._path }, () => {
      object._id();
      return null;
    });
    this.results.push({
      actionId: action.Id,
      value: () => {
        if (isNullObject(object)) return null;
        const value: Record<string, unknown> = {};
        const reference = this.kept.get(action.ObjectPathId);
        if (reference) value._ReferenceId = reference;
        const id = identityOf(object);
        if (id !== undefined) value._Id = id;
        return value;
      },
    });
  }

  private method(object: ShimObject, action: ActionInfo): void {
    if (action.Name === "_KeepReference") {
      this.keepAfterSync.push({ path: action.ObjectPathId, object });
      this.results.push({ actionId: action.Id, value: () => null });
      return;
    }
    if (action.Name === "_ValidateArraySize" && object._type === "Range") {
      // office.js sends it before writing over 1,500 cells in row chunks
      // (setRangePropertiesInBulk): the range must have the array's shape.
      const [rows, columns] = this.args(action.ArgumentInfo) as [number, number];
      this.ctx._enqueue({ a: "method", o: object._path, n: action.Name }, () => {
        const { rect } = (object as unknown as { _info(): { rect: Rect } })._info();
        if (rect.r1 - rect.r0 + 1 !== rows || rect.c1 - rect.c0 + 1 !== columns)
          throw shim().__hostShim.officeError(
            "InvalidArgument",
            "Range._ValidateArraySize",
            "The number of rows or columns in the input array doesn't match the size or dimensions of the range."
          );
        return null;
      });
      this.host.count("Range._ValidateArraySize");
      this.results.push({ actionId: action.Id, value: () => null });
      return;
    }
    if (action.Name === "_RemoveReference") {
      const [id] = this.args(action.ArgumentInfo);
      this.host.removeReference(String(id));
      this.results.push({ actionId: action.Id, value: () => null });
      return;
    }
    const result = this.call(object, action.Name, this.args(action.ArgumentInfo));
    this.host.count(`${object._type}.${action.Name}`);
    this.results.push({
      actionId: action.Id,
      value: () => (isClientResult(result) ? result.value : null),
    });
  }

  private query(object: ShimObject, action: ActionInfo): void {
    const info = action.QueryInfo ?? {};
    const select = (info.Select ?? []).map((path) => path.split("/").map(camel).join("/"));
    const expand = (info.Expand ?? []).map((path) => path.split("/").map(camel).join("/"));
    // Counted once load() took them (an unknown name is refused there, and not listed); a
    // collection's item properties under the item's type.
    const itemType = isCollection(object)
      ? (object._itemType.prototype as unknown as { _type: string })._type
      : null;
    const count = () => {
      for (const path of [...select, ...expand]) {
        const [head] = path.split("/");
        const owner = itemType && !object._scalars.includes(head!) ? itemType : object._type;
        const member = path
          .replace(/^items\//, "")
          .split("/")
          .map(pascal)
          .join("/");
        this.host.count(`${owner}.${member}`);
      }
    };
    if (isCollection(object)) {
      const names = select.map((path) => path.replace(/^items\//, ""));
      const withId = object._itemScalars.includes("id") && names.length ? [...names, "id"] : names;
      object.load(withId.length ? withId : undefined);
      count();
      this.results.push({
        actionId: action.Id,
        value: () =>
          isNullObject(object)
            ? null
            : collectionResult(object, names, info.Skip ?? 0, info.Top ?? undefined),
      });
      return;
    }
    const paths = [...select, ...expand];
    object.load(paths.length ? paths : undefined);
    count();
    // A null object (…OrNullObject that found nothing) answers null: office.js reads that as
    // isNullObject (ClientObject._handleResult).
    this.results.push({
      actionId: action.Id,
      value: () => (isNullObject(object) ? null : objectResult(object, paths)),
    });
  }
}

function isNullObject(object: ShimObject): boolean {
  return object._orNull && object._isNull === true;
}

function trimTrailingUndefined(args: unknown[]): unknown[] {
  const copy = [...args];
  while (copy.length && (copy[copy.length - 1] === undefined || copy[copy.length - 1] === null))
    copy.pop();
  return copy;
}

function identityOf(object: ShimObject): unknown {
  if (!object._scalars.includes("id")) return undefined;
  try {
    return object._read("id");
  } catch {
    return undefined;
  }
}

/** A loaded object as Excel answers a query: its loaded properties, PascalCase, nested. */
function objectResult(object: ShimObject, paths: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const own = paths.length ? paths : object._scalars;
  for (const path of own) {
    const [head, ...rest] = path.split("/") as [string, ...string[]];
    if (object._navigation.includes(head)) {
      const child = object[head];
      if (!isShimObject(child)) continue;
      const inner = isCollection(child)
        ? collectionResult(child, rest.length ? [rest.join("/")] : [], 0, undefined)
        : objectResult(child, rest.length ? [rest.join("/")] : []);
      out[pascal(head)] = merge(out[pascal(head)], inner);
    } else if (head in object._loaded) {
      out[pascal(head)] = object._loaded[head];
    }
  }
  const id = identityOf(object);
  if (id !== undefined) out._Id = id;
  return out;
}

function collectionResult(
  collection: ShimObject & { _itemsLoaded?: ShimObject[] },
  names: string[],
  skip: number,
  top: number | undefined
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of names)
    if (!name.includes("/") && name in collection._loaded)
      out[pascal(name)] = collection._loaded[name];
  const items = collection._itemsLoaded ?? [];
  const window = items.slice(skip, top === undefined ? undefined : skip + top);
  const itemNames = names.filter((name) => !(name in collection._loaded));
  out._Items = window.map((item) => objectResult(item, itemNames));
  return out;
}

function merge(a: unknown, b: Record<string, unknown>): Record<string, unknown> {
  return a && typeof a === "object" ? { ...(a as Record<string, unknown>), ...b } : b;
}

export function toErrorBody(error: unknown, actionIndex: number): RichApiErrorBody {
  if (error instanceof RichApiFailure)
    return {
      Code: error.code,
      Message: error.message,
      ...(error.location ? { Location: error.location } : {}),
      ActionIndex: actionIndex,
      HttpStatusCode: error.code === "ApiNotFound" ? 404 : 400,
    };
  const shimError = error as Partial<ShimError>;
  if (shimError && typeof shimError.code === "string")
    return {
      Code: shimError.code,
      Message: shimError.message ?? "",
      ...(shimError.debugInfo?.errorLocation
        ? { Location: shimError.debugInfo.errorLocation }
        : {}),
      ActionIndex: actionIndex,
      HttpStatusCode: 400,
    };
  console.error("office host: a request failed inside the host page", error);
  return {
    Code: "GeneralException",
    Message: "An internal error has occurred in the host page: " + String(error),
    ActionIndex: actionIndex,
    HttpStatusCode: 500,
  };
}
