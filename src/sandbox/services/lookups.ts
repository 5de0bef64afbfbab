import type {
  CompanyEmailType,
  DecisionMakerCategory,
  FindEmailStatus,
  VerifyEmailStatus,
} from "../../api/types";
import { normalizeDomain, normalizeEmail } from "../../api/normalize";
import { splitFullName, type Company, type Directory, type Person } from "../directory/directory";
import { fnv1a } from "../directory/random";
import { isPlainQuery } from "./spellings";

// Resolution of every lookup against the directory. Pure: no billing, no storage. The
// routes (v5.1 and v5.0) and the bulk/GeoLead worker share these answers.

export interface CompanyRef {
  domain?: string | null;
  company_name?: string | null;
}

export interface PersonQuery extends CompanyRef {
  first_name?: string | null;
  last_name?: string | null;
  full_name?: string | null;
  linkedin_url?: string | null;
}

export interface Mx {
  mx_host: string | null;
  mx_domain: string | null;
}

export interface PersonAnswer extends Mx {
  email_status: FindEmailStatus;
  email: string | null;
  person_full_name: string | null;
  person_company_name: string | null;
  person_job_title: string | null;
  /** Why nothing was found, in the legacy vocabulary (docs/interface.md, Errors). */
  reason?: "domain_not_found" | "domain_records_not_found" | "no_result";
  company: Company | null;
  person: Person | null;
}

export interface CompanyAnswer extends Mx {
  email_status: FindEmailStatus;
  emails: string[];
  totalCount: number;
  reason?: "domain_not_found" | "domain_records_not_found" | "no_result";
  company: Company | null;
}

export interface DecisionMakerAnswer extends Mx {
  email_status: FindEmailStatus;
  decision_maker_category: DecisionMakerCategory | null;
  email: string | null;
  person: Person | null;
}

export interface VerifyAnswer extends Mx {
  email_status: VerifyEmailStatus;
}

const NO_MX: Mx = { mx_host: null, mx_domain: null };
const mxOf = (company: Company): Mx => ({ mx_host: company.mxHost, mx_domain: company.mxDomain });
const STATUS_ORDER: Record<FindEmailStatus, number> = {
  valid: 3,
  risky: 2,
  blacklisted: 1,
  not_found: 0,
};
const MAX_COMPANY_EMAILS = 20; // docs/interface.md, Limits

const present = (value: string | null | undefined): value is string =>
  typeof value === "string" && value.trim() !== "";

export class Lookups {
  /** `literal`: whether inputs not in their plain form are found nowhere (spellings.ts). */
  constructor(
    private readonly directory: Directory,
    private readonly literal: () => boolean = () => false
  ) {}

  /** An input the service reads literally and so finds nowhere (the fault `literalInputs`). */
  private unreadable(query: object): boolean {
    return this.literal() && !isPlainQuery(query);
  }

  /**
   * The domain is preferred over the company name (docs/interface.md, Person, Company and Decision
   * maker).
   */
  resolveCompany(ref: CompanyRef): Company | null {
    if (present(ref.domain)) return this.directory.companyForDomain(normalizeDomain(ref.domain));
    if (present(ref.company_name))
      return this.directory.findCompanyByName(ref.company_name) ?? null;
    return null;
  }

  /**
   * docs/interface.md, Person: name plus company, with the profile URL as refinement and fallback,
   * or the URL alone.
   */
  person(query: PersonQuery): PersonAnswer {
    if (this.unreadable(query))
      return { ...this.nothing("no_result"), company: null, person: null };
    const names = this.namesOf(query);
    const hasCompany = present(query.domain) || present(query.company_name);
    const profile = present(query.linkedin_url)
      ? (this.directory.findPersonByLinkedin(query.linkedin_url) ?? null)
      : null;
    let answer: PersonAnswer | null = null;
    if (names && hasCompany) {
      const company = this.resolveCompany(query);
      answer = company
        ? this.personAtCompany(company, names.first, names.last, profile)
        : { ...this.nothing("domain_not_found"), company: null, person: null };
      if (answer.email_status === "valid" || !present(query.linkedin_url)) return answer;
    }
    const byProfile = this.personFromProfile(profile);
    return answer && STATUS_ORDER[answer.email_status] >= STATUS_ORDER[byProfile.email_status]
      ? answer
      : byProfile;
  }

  /** docs/interface.md, Profile URL */
  linkedinUrl(url: string): PersonAnswer {
    if (this.unreadable({ linkedin_url: url }))
      return { ...this.nothing("no_result"), company: null, person: null };
    return this.personFromProfile(this.directory.findPersonByLinkedin(url) ?? null);
  }

  /** docs/interface.md, Company: up to 20 addresses of the requested type. */
  company(ref: CompanyRef, emailType: CompanyEmailType = "any"): CompanyAnswer {
    const company = this.unreadable(ref) ? null : this.resolveCompany(ref);
    if (!company)
      return {
        email_status: "not_found",
        emails: [],
        totalCount: 0,
        reason: "domain_not_found",
        company: null,
        ...NO_MX,
      };
    if (company.mailServer === "no_mx") {
      return {
        email_status: "not_found",
        emails: [],
        totalCount: 0,
        reason: "domain_records_not_found",
        company,
        ...NO_MX,
      };
    }
    if (company.mailServer === "removed")
      return { email_status: "blacklisted", emails: [], totalCount: 0, company, ...NO_MX };
    const personal = company.people
      .filter((p) => !p.blacklisted && !p.mailboxClosed)
      .sort((a, b) => Number(b.category !== null) - Number(a.category !== null) || a.rank - b.rank)
      .map((p) => p.email);
    const all =
      emailType === "generic"
        ? company.genericEmails
        : emailType === "personal"
          ? personal
          : [...company.genericEmails, ...personal];
    if (all.length === 0)
      return {
        email_status: "not_found",
        emails: [],
        totalCount: 0,
        reason: "no_result",
        company,
        ...NO_MX,
      };
    return {
      email_status: company.mailServer === "catch_all" ? "risky" : "valid",
      emails: all.slice(0, MAX_COMPANY_EMAILS),
      totalCount: all.length,
      company,
      ...mxOf(company),
    };
  }

  /**
   * docs/interface.md, Decision maker and Decision-maker categories: the first category, in order
   * of importance, that resolves to a valid email.
   */
  decisionMaker(
    ref: CompanyRef,
    categories: readonly DecisionMakerCategory[]
  ): DecisionMakerAnswer {
    const none: DecisionMakerAnswer = {
      email_status: "not_found",
      decision_maker_category: null,
      email: null,
      person: null,
      ...NO_MX,
    };
    const company = this.unreadable(ref) ? null : this.resolveCompany(ref);
    if (!company || company.mailServer === "no_mx") return none;
    if (company.mailServer === "removed") return { ...none, email_status: "blacklisted" };
    let fallback: DecisionMakerAnswer | null = null;
    for (const category of categories) {
      const candidates = company.people
        .filter((p) => p.category === category)
        .sort((a, b) => a.rank - b.rank);
      const person = candidates.find((p) => !p.blacklisted && !p.mailboxClosed);
      if (!person) {
        if (candidates.length > 0 && !fallback) fallback = { ...none, email_status: "blacklisted" };
        continue;
      }
      const found: DecisionMakerAnswer = {
        email_status: company.mailServer === "catch_all" ? "risky" : "valid",
        decision_maker_category: category,
        email: person.email,
        person,
        ...mxOf(company),
      };
      if (found.email_status === "valid") return found;
      if (!fallback || fallback.email_status === "blacklisted") fallback = found;
    }
    return fallback ?? none;
  }

  /** docs/interface.md, Verify email */
  verify(email: string): VerifyAnswer {
    if (this.unreadable({ email })) return { email_status: "invalid", ...NO_MX };
    const address = normalizeEmail(email);
    const company = this.directory.companyForDomain(address.slice(address.lastIndexOf("@") + 1));
    if (company.mailServer === "no_mx") return { email_status: "invalid", ...NO_MX };
    if (company.mailServer === "catch_all") return { email_status: "risky", ...mxOf(company) };
    const exists = company.synthetic
      ? fnv1a(address) % 100 < 70
      : company.genericEmails.includes(address) ||
        this.directory.findPersonByEmail(address)?.company === company;
    return { email_status: exists ? "valid" : "invalid", ...mxOf(company) };
  }

  /**
   * Legacy employees (docs/interface.md, Legacy operations): people at a seeded company, best title
   * match first.
   */
  employees(
    ref: CompanyRef,
    preferredTitle: string
  ): { company: Company | null; people: Person[]; reason?: string } {
    let company: Company | null = null;
    if (this.unreadable({ ...ref, preferred_title: preferredTitle }))
      return { company: null, people: [], reason: "company_name_not_found" };
    if (present(ref.domain)) {
      company = this.directory.findCompanyByDomain(normalizeDomain(ref.domain)) ?? null;
      if (!company) return { company: null, people: [], reason: "company_name_not_found" };
    } else if (present(ref.company_name)) {
      company = this.directory.findCompanyByName(ref.company_name) ?? null;
    }
    if (!company || company.people.length === 0)
      return { company, people: [], reason: "no_result" };
    const visible = company.people.filter((p) => !p.blacklisted && !p.mailboxClosed);
    if (visible.length === 0) return { company, people: [], reason: "blacklisted" };
    const words = preferredTitle.toLowerCase().split(/\s+/).filter(Boolean);
    const score = (p: Person): number =>
      words.filter((w) => p.title.toLowerCase().includes(w)).length;
    const ranked = visible
      .map((p, i) => ({ p, i, s: score(p) }))
      .sort((a, b) => b.s - a.s || a.i - b.i)
      .map((x) => x.p);
    return { company, people: ranked.slice(0, 25) };
  }

  alternatives(answer: PersonAnswer): string[] {
    if (!answer.company || !answer.email) return [];
    const names = answer.person ?? splitToPerson(answer.person_full_name);
    return names
      ? this.directory.alternativeEmails(answer.company, names.firstName, names.lastName)
      : [];
  }

  private namesOf(query: PersonQuery): { first: string; last: string } | null {
    if (present(query.first_name) && present(query.last_name))
      return { first: query.first_name.trim(), last: query.last_name.trim() };
    if (present(query.full_name)) {
      const split = splitFullName(query.full_name);
      return split ? { first: split.first, last: split.last } : null;
    }
    return null;
  }

  private nothing(reason: PersonAnswer["reason"]): Omit<PersonAnswer, "company" | "person"> {
    return {
      email_status: "not_found",
      email: null,
      person_full_name: null,
      person_company_name: null,
      person_job_title: null,
      reason,
      ...NO_MX,
    };
  }

  private personAtCompany(
    company: Company,
    first: string,
    last: string,
    profile: Person | null
  ): PersonAnswer {
    if (company.mailServer === "no_mx")
      return { ...this.nothing("domain_records_not_found"), company, person: null };
    if (company.mailServer === "removed")
      return { ...this.nothing(undefined), email_status: "blacklisted", company, person: null };
    const known =
      this.directory.findPersonByName(company, first, last) ??
      (profile?.company === company ? profile : undefined);
    if (known) return this.knownPerson(known, company, profile === known ? known.title : null);
    const guess = this.directory.emailFor(company, first, last);
    const fullName = `${first} ${last}`;
    if (company.mailServer === "catch_all")
      return this.found("risky", guess, fullName, company, null, null);
    if (company.synthetic && this.directory.syntheticMailboxExists(company, first, last)) {
      return this.found("valid", guess, fullName, company, null, null);
    }
    return { ...this.nothing("no_result"), company, person: null };
  }

  private personFromProfile(person: Person | null): PersonAnswer {
    if (!person) return { ...this.nothing("no_result"), company: null, person: null };
    const company = person.company;
    if (person.blacklisted || company.mailServer === "removed") {
      return { ...this.nothing(undefined), email_status: "blacklisted", company, person };
    }
    if (company.mailServer === "no_mx")
      return { ...this.nothing("domain_records_not_found"), company, person };
    return this.knownPerson(person, company, person.title);
  }

  /** A person the directory knows, at a company that takes mail: blacklisted, gone, or found. */
  private knownPerson(person: Person, company: Company, title: string | null): PersonAnswer {
    if (person.blacklisted)
      return { ...this.nothing(undefined), email_status: "blacklisted", company, person };
    if (person.mailboxClosed) return { ...this.nothing("no_result"), company, person: null };
    return this.found(
      company.mailServer === "catch_all" ? "risky" : "valid",
      person.email,
      person.fullName,
      company,
      person,
      title
    );
  }

  private found(
    status: "valid" | "risky",
    email: string,
    fullName: string,
    company: Company,
    person: Person | null,
    title: string | null
  ): PersonAnswer {
    return {
      email_status: status,
      email,
      person_full_name: fullName,
      person_company_name: company.name,
      person_job_title: title,
      company,
      person,
      ...mxOf(company),
    };
  }
}

function splitToPerson(fullName: string | null): { firstName: string; lastName: string } | null {
  const split = fullName ? splitFullName(fullName) : null;
  return split ? { firstName: split.first, lastName: split.last } : null;
}
