import {
  CELL_OPERATIONS,
  MAX_COST_MILLI,
  OPERATIONS,
  OPERATION_LIST,
  auditName,
  pathOf,
  webhookEvent,
} from "../../src/api/operations";
import { bodyFields } from "../../src/api/body-schemas";
import { keyOfNormalized, operationOfKey } from "../../src/client/lookup-key";

// The registry's rows say what the code before it said in many places: these are the values
// kept answers, team audits and webhook receivers already hold.

describe("the operations' registry", () => {
  it("gives each cell lookup one row and one key code, the codes kept answers hold", () => {
    const codes = Object.fromEntries(
      Object.entries(CELL_OPERATIONS).map(([kind, row]) => [kind, row.cell!.keyCode])
    );
    expect(codes).toEqual({
      person: "p",
      company: "c",
      decision_maker: "d",
      linkedin_url: "l",
      verify: "v",
      employees: "e",
    });
    for (const kind of Object.keys(codes))
      expect(operationOfKey(keyOfNormalized(kind as never, []))).toBe(kind);
    expect(OPERATION_LIST.filter((row) => row.cell !== null)).toHaveLength(6);
  });

  it("prices each lookup as before: one table, in thousandths of a credit", () => {
    expect(MAX_COST_MILLI).toEqual({
      person: 1_000,
      company: 1_000,
      linkedin_url: 1_000,
      decision_maker: 2_000,
      verify: 200,
      employees: 1_000,
    });
    expect(OPERATIONS["search/person"].price).toEqual({
      kind: "lookup",
      lookup: "legacy_person",
      maxMilli: 1_000,
    });
    expect(OPERATIONS["domain/order"].price).toEqual({
      kind: "domain_order",
      quote: "domain/info",
    });
  });

  it("names operations in the audit and in webhooks as before", () => {
    expect(auditName(OPERATIONS["find-email/person"])).toBe("v5.1/find-email/person");
    expect(auditName(OPERATIONS["report/bad-email"])).toBe("v5.1/report/bad-email");
    expect(auditName(OPERATIONS["search/employees"])).toBe("v5.0/search/employees");
    expect(webhookEvent(OPERATIONS["find-email/decision-maker"])).toBe("find-email.decision-maker");
    expect(webhookEvent(OPERATIONS["verify-email"])).toBe("verify-email");
  });

  it("takes webhooks on v5.1 only, and knows each body's fields", () => {
    for (const row of OPERATION_LIST) if (row.webhook) expect(row.generation).toBe("v5.1");
    expect(bodyFields(OPERATIONS["report/bad-email"])).toEqual([
      "email",
      "additional_info",
      "bounce_message",
    ]);
    expect(bodyFields(OPERATIONS["domain/order"])).toEqual([]);
    expect(OPERATIONS["bulk/multipart"].body).toBe("multipart");
    expect(pathOf("status")).toBe(OPERATIONS.status.path);
  });
});
