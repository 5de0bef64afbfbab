import { geoLeadRequest } from "../../src/lists/geo-lead-form";
import { parseCategories } from "../../src/lists/categories";

const form = {
  query: "dentist",
  latitude: "48.85",
  longitude: "2.35",
  radius: "5",
  companyEmails: true,
  categories: "ceo",
  resultLimit: "",
  label: "",
};

describe("GeoLead form (docs/interface.md, GeoLead searches)", () => {
  test("a valid form becomes the request", () => {
    expect(geoLeadRequest({ ...form, resultLimit: "50", label: " Dentists " })).toEqual({
      request: {
        query: "dentist",
        latitude: 48.85,
        longitude: 2.35,
        radius_km: 5,
        find_company_emails: true,
        find_decision_maker_categories: ["ceo"],
        result_limit: 50,
        file_name: "Dentists",
      },
    });
    expect(geoLeadRequest({ ...form, categories: "" })).toMatchObject({
      request: { find_decision_maker_categories: [], result_limit: null },
    });
  });

  test.each([
    [{ query: "  " }, "query"],
    [{ latitude: "" }, "latitude"],
    [{ latitude: "90.1" }, "latitude"],
    [{ latitude: "north" }, "latitude"],
    [{ longitude: "-180.5" }, "longitude"],
    [{ radius: "0.5" }, "radius"],
    [{ radius: "26" }, "radius"],
    [{ resultLimit: "0" }, "resultLimit"],
    [{ resultLimit: "2.5" }, "resultLimit"],
    [{ categories: "ceo, chef" }, "categories"],
    [{ companyEmails: false, categories: "" }, "categories"],
  ])("%p is refused, naming %s", (change, field) => {
    expect(geoLeadRequest({ ...form, ...change })).toEqual({ field, message: expect.any(String) });
  });

  test("bounds are inclusive", () => {
    expect(
      "request" in
        geoLeadRequest({
          ...form,
          latitude: "-90",
          longitude: "180",
          radius: "25",
          resultLimit: "1",
        })
    ).toBe(true);
    expect("request" in geoLeadRequest({ ...form, radius: "1" })).toBe(true);
  });
});

describe("categories", () => {
  test("ordered, de-duplicated, case-folded; unknown refused", () => {
    expect(parseCategories(" Sales, ceo;it sales")).toEqual({
      ok: true,
      value: ["sales", "ceo", "it"],
    });
    expect(parseCategories("")).toEqual({ ok: true, value: [] });
    expect(parseCategories("ceo, boss")).toEqual({
      ok: false,
      error: expect.stringContaining('"boss"'),
    });
  });
});
