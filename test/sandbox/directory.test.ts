import {
  isValidDomain,
  isValidEmail,
  isValidLinkedinUrl,
  looksLikeDomain,
  normalizeCompanyName,
  normalizeDomain,
  normalizeEmail,
  normalizeLinkedinUrl,
  normalizeName,
  rootDomain,
} from "../../src/api/normalize";
import { Directory } from "../../src/sandbox/directory/directory";
import { fnv1a } from "../../src/sandbox/directory/random";
import { buildExamples } from "../../src/sandbox/services/examples";
import { startSandbox, type TestSandbox } from "../helpers/sandbox";

// The generated directory is deterministic ("so every outcome of the interface can
// be produced on purpose"), /sandbox/examples is its stable published face, and the
// normalization rules key free repeats (src/api/normalize.ts).

type Body = Record<string, unknown>;
type Examples = Record<string, Record<string, unknown>>;

/** The fingerprint of seed 7's world of 300 companies (changes only with the generator). */
const WORLD_7_300 = { length: 946_432, hash: 750_641_148 };

describe("directory determinism", () => {
  test("the same seed gives the same companies, people and examples", () => {
    const a = new Directory({ seed: 7, companies: 300 });
    const b = new Directory({ seed: 7, companies: 300 });
    const summary = (d: Directory) =>
      d.companies.map((c) => [
        c.domain,
        c.mailServer,
        c.mxHost,
        c.people.map((p) => [p.fullName, p.email, p.title, p.linkedinUrl, p.blacklisted]),
      ]);
    expect(summary(a)).toEqual(summary(b));
    expect(a.places.map((p) => [p.id, p.latitude, p.longitude, p.name])).toEqual(
      b.places.map((p) => [p.id, p.latitude, p.longitude, p.name])
    );
    expect(buildExamples(a)).toEqual(buildExamples(b));
  });

  test("a seed's world is the same on every machine and in every process (its fingerprint)", () => {
    // Directories of one seed share a generated world within a process, so the test above
    // cannot see generation drift: this pins the world itself.
    const d = new Directory({ seed: 7, companies: 300 });
    const world = JSON.stringify([
      d.companies.map((c) => [
        c.name,
        c.domain,
        c.mailServer,
        c.mxHost,
        c.pattern,
        c.genericEmails,
        c.people.map((p) => [
          p.key,
          p.fullName,
          p.email,
          p.title,
          p.rank,
          p.linkedinUrl,
          p.blacklisted,
        ]),
      ]),
      d.places.map((p) => [
        p.id,
        p.name,
        p.address,
        p.latitude,
        p.longitude,
        p.phone,
        p.company?.domain,
      ]),
    ]);
    expect({ length: world.length, hash: fnv1a(world) }).toEqual(WORLD_7_300);
  });

  test("a world change in one directory leaves another of the same seed as it was", () => {
    const a = new Directory({ seed: 7, companies: 300 });
    const b = new Directory({ seed: 7, companies: 300 });
    const company = a.companies.find((c) => c.people.length > 3)!;
    const [left, closed, moved] = company.people;
    const movedFrom = moved!.email;
    a.changePerson(left!, "left");
    a.changePerson(closed!, "mailbox_closed");
    a.changePerson(moved!, "new_address");
    expect(moved!.email).not.toBe(movedFrom);
    expect(a.findPersonByEmail(closed!.email)).toBeUndefined();

    const same = b.findCompanyByDomain(company.domain)!;
    expect(same).not.toBe(company);
    expect(same.people.map((p) => p.email)).toEqual(
      [left!, closed!, { ...moved!, email: movedFrom }, ...company.people.slice(2)].map(
        (p) => p.email
      )
    );
    expect(b.findPersonByEmail(closed!.email)?.fullName).toBe(closed!.fullName);
    expect(b.findPersonByEmail(movedFrom)?.company).toBe(same);
    expect(same.people.every((p) => !p.mailboxClosed && p.company === same)).toBe(true);
    expect(b.places.find((p) => p.company?.domain === company.domain)?.company).toBe(same);
  });

  test("another seed gives other people", () => {
    const people = (d: Directory) => d.companies.flatMap((c) => c.people.map((p) => p.email));
    expect(people(new Directory({ seed: 1, companies: 200 }))).not.toEqual(
      people(new Directory({ seed: 2, companies: 200 }))
    );
  });

  test("answers for a domain outside the list are stable", () => {
    const a = new Directory({ companies: 50 });
    const b = new Directory({ companies: 50 });
    for (const domain of ["unlisted-company-1.com", "another-one.io", "third.example"]) {
      const x = a.companyForDomain(domain);
      const y = b.companyForDomain(domain);
      expect([x.mailServer, x.mxHost, x.pattern, x.genericEmails]).toEqual([
        y.mailServer,
        y.mxHost,
        y.pattern,
        y.genericEmails,
      ]);
      expect(x.synthetic).toBe(true);
    }
  });
});

describe("/sandbox/examples across two sandboxes", () => {
  let first: TestSandbox;
  let second: TestSandbox;

  beforeAll(async () => {
    [first, second] = await Promise.all([startSandbox(), startSandbox()]);
  });
  afterAll(async () => {
    await Promise.all([first.close(), second.close()]);
  });

  test("has every operation and outcome the sandbox documents", async () => {
    const examples = (await first.examples()) as Examples;
    // At least these (other operations may publish examples of their own).
    expect(Object.keys(examples)).toEqual(
      expect.arrayContaining([
        "company",
        "decision_maker",
        "domain_file",
        "geo_lead",
        "legacy_company",
        "legacy_employees",
        "legacy_person",
        "legacy_validate",
        "linkedin_url",
        "person",
        "verify",
      ])
    );
    for (const operation of ["person", "company", "decision_maker", "linkedin_url"]) {
      expect([operation, Object.keys(examples[operation]!).sort()]).toEqual([
        operation,
        ["blacklisted", "not_found", "risky", "valid"],
      ]);
    }
    expect(Object.keys(examples.verify!).sort()).toEqual(["invalid", "risky", "valid"]);
    expect(Object.keys(examples.legacy_person!).sort()).toEqual(["not_found", "unknown", "valid"]);
    expect(Object.keys(examples.legacy_company!).sort()).toEqual(["not_found", "unknown", "valid"]);
    expect(Object.keys(examples.legacy_employees!).sort()).toEqual(["not_found", "valid"]);
    expect(Object.keys(examples.legacy_validate!).sort()).toEqual(["invalid", "unknown", "valid"]);
    // Single bodies, as the interface defines them for their operation.
    expect(examples.domain_file).toEqual({ domain: expect.any(String) });
    expect(isValidDomain(examples.domain_file!.domain as string)).toBe(true);
    const geo = examples.geo_lead as Body;
    for (const field of [
      "query",
      "latitude",
      "longitude",
      "radius_km",
      "find_company_emails",
      "find_decision_maker_categories",
    ]) {
      expect(geo).toHaveProperty(field);
    }
    expect(geo.latitude as number).toBeGreaterThanOrEqual(-90);
    expect(geo.latitude as number).toBeLessThanOrEqual(90);
    expect(geo.longitude as number).toBeGreaterThanOrEqual(-180);
    expect(geo.longitude as number).toBeLessThanOrEqual(180);
    expect(geo.radius_km as number).toBeGreaterThanOrEqual(1);
    expect(geo.radius_km as number).toBeLessThanOrEqual(25);
  });

  test("both sandboxes publish the same examples", async () => {
    expect(await second.examples()).toEqual(await first.examples());
  });

  test("every lookup example gives the same answer in both sandboxes", async () => {
    const examples = (await first.examples()) as Record<string, Record<string, Body>>;
    const paths: Record<string, string> = {
      person: "/v5.1/find-email/person",
      company: "/v5.1/find-email/company",
      decision_maker: "/v5.1/find-email/decision-maker",
      linkedin_url: "/v5.1/find-email/linkedin-url",
      verify: "/v5.1/verify-email",
      legacy_person: "/v5.0/search/person.json",
      legacy_company: "/v5.0/search/company.json",
      legacy_employees: "/v5.0/search/employees.json",
      legacy_validate: "/v5.0/validate.json",
    };
    const [a, b] = await Promise.all([first.account(1000), second.account(1000)]);
    for (const [operation, path] of Object.entries(paths)) {
      for (const [outcome, body] of Object.entries(examples[operation]!)) {
        const [x, y] = await Promise.all([
          a.request("POST", path, body),
          b.request("POST", path, body),
        ]);
        expect([operation, outcome, x.status]).toEqual([operation, outcome, y.status]);
        expect([operation, outcome, x.body]).toEqual([operation, outcome, y.body]);
      }
    }
    const domain = String(examples.domain_file!.domain);
    const [x, y] = await Promise.all([
      a.request("GET", `/v5.1/domain/${domain}/email`),
      b.request("GET", `/v5.1/domain/${domain}/email`),
    ]);
    expect(x.body).toEqual(y.body);
  });

  test("a sandbox with another seed publishes examples that still produce their outcomes", async () => {
    const other = await startSandbox({ seed: 99 });
    try {
      const examples = (await other.examples()) as Record<string, Record<string, Body>>;
      const account = await other.account(1000);
      for (const outcome of ["valid", "risky", "not_found", "blacklisted"]) {
        const response = await account.request(
          "POST",
          "/v5.1/find-email/person",
          examples.person![outcome]!
        );
        expect([outcome, response.body.email_status]).toEqual([outcome, outcome]);
      }
    } finally {
      await other.close();
    }
  });
});

describe("normalization (src/api/normalize.ts)", () => {
  test.each([
    ["acme.com", "acme.com"],
    ["  ACME.com  ", "acme.com"],
    ["https://www.Acme.com/about?x=1#top", "acme.com"],
    ["http://www2.acme.co.uk:8080/", "acme.co.uk"],
    ["acme.com.", "acme.com"],
    ["jane@acme.com", "acme.com"],
    ["ftp://user@files.acme.com/x", "files.acme.com"],
    ["www.acme.io", "acme.io"],
  ])("normalizeDomain(%j) = %j", (input, expected) => {
    expect(normalizeDomain(input)).toBe(expected);
  });

  test("isValidDomain and looksLikeDomain", () => {
    for (const good of ["acme.com", "a.io", "sub.acme.co.uk", "x-y.de", "123.example"])
      expect([good, isValidDomain(good)]).toEqual([good, true]);
    for (const bad of [
      "",
      "acme",
      "localhost",
      "acme..com",
      "-acme.com",
      "acme-.com",
      "ac me.com",
      "acme.c",
      "acme_corp.com",
      `${"a".repeat(64)}.com`,
    ]) {
      expect([bad, isValidDomain(bad)]).toEqual([bad, false]);
    }
    expect(looksLikeDomain("https://www.acme.com/x")).toBe(true);
    expect(looksLikeDomain("Acme Corporation")).toBe(false);
    expect(looksLikeDomain("Acme")).toBe(false);
  });

  test("isValidEmail and normalizeEmail", () => {
    for (const good of [
      "jane@acme.com",
      "Jane.Doe+tag@Acme.CO.UK",
      " jane@acme.com ",
      "o'brien@acme.ie",
    ]) {
      expect([good, isValidEmail(good)]).toEqual([good, true]);
    }
    for (const bad of [
      "",
      "jane",
      "jane@",
      "@acme.com",
      "jane@acme",
      "ja ne@acme.com",
      "jane@@acme.com",
      ".jane@acme.com",
      "jane.@acme.com",
      "a..b@acme.com",
      `${"a".repeat(65)}@acme.com`,
      `jane@${"a".repeat(250)}.com`,
    ]) {
      expect([bad, isValidEmail(bad)]).toEqual([bad, false]);
    }
    expect(normalizeEmail("  Jane.Doe@ACME.com ")).toBe("jane.doe@acme.com");
  });

  test("normalizeName folds case, accents, punctuation and spaces", () => {
    expect(normalizeName("  Zoë   LEFÈVRE ")).toBe("zoe lefevre");
    expect(normalizeName("Jean-Luc O'Brien")).toBe("jean-luc o'brien");
    expect(normalizeName("Dr. José, Jr.")).toBe("dr jose jr");
    expect(normalizeName("Tomás")).toBe(normalizeName("tomas"));
  });

  test("normalizeCompanyName drops legal suffixes and punctuation", () => {
    expect(normalizeCompanyName("Acme Labs Inc.")).toBe("acme labs");
    expect(normalizeCompanyName("ACME LABS, LLC")).toBe("acme labs");
    expect(normalizeCompanyName("Acme Labs GmbH")).toBe(normalizeCompanyName("acme labs"));
    expect(normalizeCompanyName("Smith & Sons Ltd")).toBe("smith and sons");
    expect(normalizeCompanyName("Acme Labs")).not.toBe(normalizeCompanyName("Acme Systems"));
  });

  test("normalizeLinkedinUrl and isValidLinkedinUrl", () => {
    const canonical = "linkedin.com/in/jane-doe";
    for (const url of [
      "https://www.linkedin.com/in/Jane-Doe/?trk=x",
      "http://linkedin.com/in/jane-doe",
      "linkedin.com/in/jane-doe/",
      "https://fr.linkedin.com/in/jane-doe#about",
      "  HTTPS://WWW.LINKEDIN.COM/IN/JANE-DOE  ",
    ]) {
      expect([url, normalizeLinkedinUrl(url)]).toEqual([url, canonical]);
      expect([url, isValidLinkedinUrl(url)]).toEqual([url, true]);
    }
    expect(isValidLinkedinUrl("https://www.linkedin.com/pub/jane-doe")).toBe(true);
    for (const bad of [
      "https://www.linkedin.com/company/acme",
      "https://www.linkedin.com/in/",
      "https://example.com/in/jane",
      "https://www.linkedin.com/in/jane/details/experience",
      "jane-doe",
      "",
    ]) {
      expect([bad, isValidLinkedinUrl(bad)]).toEqual([bad, false]);
    }
  });

  test("rootDomain knows two-level suffixes", () => {
    expect(rootDomain("aspmx.l.google.com")).toBe("google.com");
    expect(rootDomain("acme-com.mail.protection.outlook.com")).toBe("outlook.com");
    expect(rootDomain("mx1.acme.co.uk")).toBe("acme.co.uk");
    expect(rootDomain("mx.acme.com.au.")).toBe("acme.com.au");
    expect(rootDomain("google.com")).toBe("google.com");
    expect(rootDomain("MX.ACME.DE")).toBe("acme.de");
  });
});
