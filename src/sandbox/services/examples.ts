import { CITIES } from "../directory/names";
import type { Company, Directory, MailServerKind, Person } from "../directory/directory";

/** Operation -> outcome -> a request body that produces that outcome. */
/** `geo_lead` and `domain_file` are a single body each. */
export type Examples = Record<string, Record<string, unknown>>;

/**
 * Picks, from the generated directory, one input per outcome that the sandbox can produce on
 * purpose. Derived rather than hard-coded, so it stays right if the generator changes.
 */
export function buildExamples(directory: Directory): Examples {
  const company = (kind: MailServerKind, test: (c: Company) => boolean = () => true): Company => {
    const found = directory.companies.find((c) => c.mailServer === kind && test(c));
    if (!found) throw new Error(`the directory has no ${kind} company for the examples`);
    return found;
  };
  const person = (kind: MailServerKind, test: (p: Person) => boolean): Person => {
    for (const c of directory.companies) {
      if (c.mailServer !== kind) continue;
      const found = c.people.find(test);
      if (found) return found;
    }
    throw new Error(`the directory has no matching person at a ${kind} company`);
  };
  const plain = (p: Person): boolean =>
    !p.blacklisted && !p.mailboxClosed && p.nameSplittable && p.linkedinUrl !== null;
  const ceo = (c: Company): boolean => c.people.some((p) => p.category === "ceo" && !p.blacklisted);

  const valid = person("verifying", plain);
  const risky = person("catch_all", plain);
  const banned = person(
    "verifying",
    (p) => p.blacklisted && p.linkedinUrl !== null && p.nameSplittable
  );
  const verifying = valid.company;
  const catchAll = risky.company;
  const noMx = company("no_mx");
  const removed = company("removed");
  const nobody = company("verifying", (c) => c.people.length === 0);
  const byName = (p: Person) => ({
    domain: p.company.domain,
    first_name: p.firstName,
    last_name: p.lastName,
  });
  const stranger = { domain: verifying.domain, first_name: "Zebedee", last_name: "Nobodyhere" };
  const unknownProfile = "https://www.linkedin.com/in/nobody-in-the-sandbox-000";
  const fileDomain = directory.companies
    .filter((c) => c.mailServer === "verifying")
    .reduce((best, c) => (c.people.length > best.people.length ? c : best));
  // A city and a kind of business that the generated places have together (with websites).
  const dentist = directory.places.find((p) => p.category === "dentist" && p.company !== null);
  if (!dentist)
    throw new Error("the directory has no dentist with a website for the GeoLead example");
  const city = CITIES.find((c) => c.name === dentist.city)!;
  // A small person bulk search with one row per outcome (and one row without a name: `failed`).
  const bulkBody = (fileName: string) => ({
    data: [
      ["first_name", "last_name", "domain"],
      ...[valid, risky, banned].map((p) => [p.firstName, p.lastName, p.company.domain]),
      [stranger.first_name, stranger.last_name, stranger.domain],
      ["", "", verifying.domain],
    ],
    has_header: true,
    file_name: fileName,
    first_name_field_index: 0,
    last_name_field_index: 1,
    domain_field_index: 2,
  });

  return {
    person: {
      valid: byName(valid),
      risky: byName(risky),
      not_found: stranger,
      blacklisted: byName(banned),
    },
    company: {
      valid: { domain: verifying.domain },
      risky: { domain: catchAll.domain },
      not_found: { domain: noMx.domain },
      blacklisted: { domain: removed.domain },
    },
    decision_maker: {
      valid: { domain: company("verifying", ceo).domain, decision_maker_category: ["ceo"] },
      risky: { domain: company("catch_all", ceo).domain, decision_maker_category: ["ceo"] },
      not_found: { domain: nobody.domain, decision_maker_category: ["ceo"] },
      blacklisted: { domain: removed.domain, decision_maker_category: ["ceo"] },
    },
    linkedin_url: {
      valid: { linkedin_url: valid.linkedinUrl },
      risky: { linkedin_url: risky.linkedinUrl },
      not_found: { linkedin_url: unknownProfile },
      blacklisted: { linkedin_url: banned.linkedinUrl },
    },
    verify: {
      valid: { email: valid.email },
      risky: { email: risky.email },
      invalid: { email: `zebedee.nobodyhere@${verifying.domain}` },
    },
    legacy_person: { valid: byName(valid), unknown: byName(risky), not_found: stranger },
    legacy_company: {
      valid: { domain: verifying.domain },
      unknown: { domain: catchAll.domain },
      not_found: { domain: noMx.domain },
    },
    legacy_employees: {
      valid: { domain: verifying.domain, preferred_title: "CEO" },
      not_found: { domain: nobody.domain, preferred_title: "CEO" },
    },
    legacy_validate: {
      valid: { email: valid.email },
      invalid: { email: `zebedee.nobodyhere@${verifying.domain}` },
      unknown: { email: risky.email },
    },
    geo_lead: {
      query: "dentists",
      latitude: city.latitude,
      longitude: city.longitude,
      radius_km: 25,
      find_company_emails: true,
      find_decision_maker_categories: ["ceo"],
      file_name: `Dentists in ${city.name}`,
    },
    // bulk/json bodies: one that completes, one that fails half-way on purpose
    // (a file_name containing "[sandbox:fail]" makes any bulk or GeoLead search fail).
    bulk: {
      completed: bulkBody("Sandbox example"),
      failed: bulkBody("Sandbox example [sandbox:fail]"),
    },
    domain_file: { domain: fileDomain.domain },
  };
}
