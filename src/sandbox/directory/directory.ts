import type { DecisionMakerCategory } from "../../api/types";
import { DECISION_MAKER_CATEGORIES } from "../../api/types";
import {
  normalizeCompanyName,
  normalizeLinkedinUrl,
  normalizeName,
  rootDomain,
} from "../../api/normalize";
import {
  CITIES,
  COMPANY_WORDS_A,
  COMPANY_WORDS_B,
  COMPOUND_LAST_NAMES,
  COUNTRY_BY_TLD,
  FIRST_NAMES,
  GENERIC_LOCAL_PARTS,
  LAST_NAMES,
  LEGAL_SUFFIXES,
  OTHER_TITLES,
  PLACE_CATEGORIES,
  STREETS,
  TITLES_BY_CATEGORY,
  TLDS,
} from "./names";
import { fnv1a, mulberry32, type Random } from "./random";

/**
 * How a company's mail server answers, which decides every lookup outcome there:
 * - `verifying`: accepts known mailboxes and rejects others, so finds are `valid` or `not_found`;
 * - `catch_all`: accepts everything, so finds are `risky`;
 * - `no_mx`: no mail hosting, so nothing is found;
 * - `removed`: the owner asked for the domain's emails to be removed (`blacklisted`).
 */
export type MailServerKind = "verifying" | "catch_all" | "no_mx" | "removed";

export type EmailPattern = "first.last" | "flast" | "first" | "firstlast" | "first_last" | "lastf";
const PATTERNS: EmailPattern[] = [
  "first.last",
  "flast",
  "first",
  "firstlast",
  "first_last",
  "lastf",
];

export interface Company {
  name: string;
  domain: string;
  country: string;
  mailServer: MailServerKind;
  mxHost: string | null;
  mxDomain: string | null;
  pattern: EmailPattern;
  genericEmails: string[];
  people: Person[];
  /** True for companies derived from an unknown domain's hash rather than the seeded list. */
  synthetic: boolean;
}

export interface Person {
  /** Who they are, whatever changes: their company's domain and their place in its list. */
  key: string;
  firstName: string;
  lastName: string;
  fullName: string;
  /**
   * False when the full name has a compound family name (docs/interface.md, Decision maker: not
   * confidently split).
   */
  nameSplittable: boolean;
  email: string;
  title: string;
  category: DecisionMakerCategory | null;
  /** Lower is more senior inside its category. */
  rank: number;
  linkedinUrl: string | null;
  /** The person asked to be removed from the database (docs/interface.md, Errors, 451). */
  blacklisted: boolean;
  /**
   * Their address stopped accepting mail (a world change, POST /sandbox/world/changes): still
   * on file, nothing found for them, their address invalid.
   */
  mailboxClosed: boolean;
  company: Company;
}

/** How a world change altered a person (POST /sandbox/world/changes). */
export type WorldChange = "left" | "mailbox_closed" | "new_address";

export interface Place {
  id: string;
  name: string;
  category: string;
  address: string;
  city: string;
  latitude: number;
  longitude: number;
  phone: string;
  company: Company | null;
}

export interface DirectoryOptions {
  seed?: number;
  companies?: number;
}

/** Names come from short lists: each is folded once per process. */
const asciiLocals = new Map<string, string>();

function asciiLocal(value: string): string {
  let local = asciiLocals.get(value);
  if (local === undefined) {
    local = normalizeName(value).replace(/[^a-z0-9]/g, "");
    if (asciiLocals.size > 10_000) asciiLocals.clear();
    asciiLocals.set(value, local);
  }
  return local;
}

export function emailLocalPart(pattern: EmailPattern, firstName: string, lastName: string): string {
  const first = asciiLocal(firstName);
  const last = asciiLocal(lastName);
  switch (pattern) {
    case "first.last":
      return `${first}.${last}`;
    case "flast":
      return `${first.slice(0, 1)}${last}`;
    case "first":
      return first;
    case "firstlast":
      return `${first}${last}`;
    case "first_last":
      return `${first}_${last}`;
    case "lastf":
      return `${last}${first.slice(0, 1)}`;
  }
}

function mxFor(
  domain: string,
  kind: MailServerKind,
  pick: number
): { mxHost: string | null; mxDomain: string | null } {
  if (kind === "no_mx") return { mxHost: null, mxDomain: null };
  const hosts = [
    "aspmx.l.google.com",
    `${domain.replace(/\./g, "-")}.mail.protection.outlook.com`,
    `mx1.${domain}`,
    `mx.${domain}.cust.b.hostedemail.com`,
  ];
  const mxHost = hosts[pick % hosts.length]!;
  return { mxHost, mxDomain: rootDomain(mxHost) };
}

/** Splits "Jean de la Cruz" the way a person would write it: first word, then the rest. */
export function splitFullName(fullName: string): { first: string; last: string } | null {
  const parts = fullName.trim().split(/\s+/);
  if (parts.length < 2) return null;
  return { first: parts[0]!, last: parts.slice(1).join(" ") };
}

function generateCompany(index: number, random: Random): Company {
  const a = COMPANY_WORDS_A[index % COMPANY_WORDS_A.length]!;
  const b = COMPANY_WORDS_B[Math.floor(index / COMPANY_WORDS_A.length) % COMPANY_WORDS_B.length]!;
  const round = Math.floor(index / (COMPANY_WORDS_A.length * COMPANY_WORDS_B.length));
  const baseName = round === 0 ? `${a} ${b}` : `${a} ${b} ${round + 1}`;
  const tld = TLDS[index % TLDS.length]!;
  const domain = `${baseName.toLowerCase().replace(/[^a-z0-9]+/g, "")}.${tld}`;
  // Every 8th company accepts all mail, every 20th has no mail hosting, every 33rd was removed.
  const mailServer: MailServerKind =
    index % 33 === 7
      ? "removed"
      : index % 20 === 5
        ? "no_mx"
        : index % 8 === 3
          ? "catch_all"
          : "verifying";
  const company: Company = {
    name: baseName + LEGAL_SUFFIXES[index % LEGAL_SUFFIXES.length]!,
    domain,
    country: COUNTRY_BY_TLD[tld] ?? "US",
    mailServer,
    ...mxFor(domain, mailServer, index),
    pattern: PATTERNS[index % PATTERNS.length]!,
    genericEmails: GENERIC_LOCAL_PARTS.slice(0, 2 + (index % 5)).map(
      (local) => `${local}@${domain}`
    ),
    people: [],
    synthetic: false,
  };
  generatePeople(company, index, random);
  return company;
}

function generatePeople(company: Company, index: number, random: Random): void {
  const size = index % 50 === 11 ? 0 : 4 + random.int(36); // a few companies have nobody on file
  const usedLocals = new Set<string>();
  const categoryCounts = new Map<string, number>();
  for (let i = 0; i < size; i++) {
    const firstName = random.pick(FIRST_NAMES);
    const compound = random.int(25) === 0;
    const lastName = compound ? random.pick(COMPOUND_LAST_NAMES) : random.pick(LAST_NAMES);
    let local = emailLocalPart(company.pattern, firstName, lastName);
    if (usedLocals.has(local)) local = `${local}${i}`;
    usedLocals.add(local);
    // The first person is the CEO; most others hold one of the decision-maker categories.
    const category: DecisionMakerCategory | null =
      i === 0 ? "ceo" : random.int(10) < 6 ? random.pick(DECISION_MAKER_CATEGORIES.slice(1)) : null;
    const rank = category ? (categoryCounts.get(category) ?? 0) : 0;
    if (category) categoryCounts.set(category, rank + 1);
    const titles = category ? TITLES_BY_CATEGORY[category]! : OTHER_TITLES;
    const title = category ? titles[Math.min(rank, titles.length - 1)]! : random.pick(titles);
    const slug = `${asciiLocal(firstName)}-${asciiLocal(lastName)}-${(fnv1a(company.domain + i) % 0xfffff).toString(16)}`;
    company.people.push({
      key: `${company.domain}#${i}`,
      firstName,
      lastName,
      fullName: `${firstName} ${lastName}`,
      nameSplittable: !compound,
      email: `${local}@${company.domain}`,
      title,
      category,
      rank,
      linkedinUrl: random.int(10) < 8 ? `https://www.linkedin.com/in/${slug}` : null,
      blacklisted: i > 0 && random.int(40) === 0,
      mailboxClosed: false,
      company,
    });
  }
}

function generatePlaces(companies: Company[], random: Random): Place[] {
  const places: Place[] = [];
  let n = 0;
  const addPlace = (company: Company | null, category: string, name: string): void => {
    const city = CITIES[n % CITIES.length]!;
    // Within about 20 km of the city centre.
    const distanceKm = Math.sqrt(random.next()) * 20;
    const angle = random.next() * 2 * Math.PI;
    const latitude = city.latitude + (distanceKm * Math.cos(angle)) / 111.32;
    const longitude =
      city.longitude +
      (distanceKm * Math.sin(angle)) / (111.32 * Math.cos((city.latitude * Math.PI) / 180));
    places.push({
      id: `plc_${(n + 1).toString(36).padStart(5, "0")}`,
      name,
      category,
      address: `${1 + random.int(200)} ${random.pick(STREETS)}, ${city.name}`,
      city: city.name,
      latitude: Math.round(latitude * 1e6) / 1e6,
      longitude: Math.round(longitude * 1e6) / 1e6,
      phone: `+${10 + random.int(89)} ${100000000 + random.int(899999999)}`,
      company,
    });
    n++;
  };
  companies.forEach((company, i) =>
    addPlace(company, PLACE_CATEGORIES[i % PLACE_CATEGORIES.length]!, company.name)
  );
  // Places with no website: found by a GeoLead search, never with an email.
  for (let i = 0; i < 400; i++) {
    const category = PLACE_CATEGORIES[i % PLACE_CATEGORIES.length]!;
    addPlace(
      null,
      category,
      `${random.pick(LAST_NAMES)} ${category.replace(/\b\w/g, (c) => c.toUpperCase())}`
    );
  }
  return places;
}

interface World {
  companies: Company[];
  places: Place[];
  /** Per company, its normalized name (the index by name). */
  nameKeys: string[];
  /** Per company, per person, the normalized LinkedIn URL (the index by URL). */
  linkedinKeys: Array<Array<string | null>>;
}

/**
 * The generated world of a seed and size, once per process: every sandbox of a test run (and a
 * team host's demo) starts from the same one, and generating it is most of a sandbox's start.
 * Directory copies it before any change.
 */
const worlds = new Map<string, World>();

function generatedWorld(seed: number, count: number): World {
  const key = `${seed}:${count}`;
  let world = worlds.get(key);
  if (!world) {
    const random = mulberry32(seed);
    const companies: Company[] = [];
    for (let i = 0; i < count; i++) companies.push(generateCompany(i, random));
    world = {
      companies,
      places: generatePlaces(companies, random),
      nameKeys: companies.map((company) => normalizeCompanyName(company.name)),
      linkedinKeys: companies.map((company) =>
        company.people.map((person) =>
          person.linkedinUrl ? normalizeLinkedinUrl(person.linkedinUrl) : null
        )
      ),
    };
    if (worlds.size >= 4) worlds.clear();
    worlds.set(key, world);
  }
  return world;
}

/**
 * The sandbox's world: a deterministic list of companies, their people and their places,
 * generated from a seed, plus hash-derived answers for domains outside that list so that
 * every input gets a stable answer.
 */
export class Directory {
  readonly companies: Company[] = [];
  readonly places: Place[] = [];
  private readonly byDomain = new Map<string, Company>();
  private readonly byCompanyName = new Map<string, Company>();
  private readonly byLinkedin = new Map<string, Person>();
  private readonly byEmail = new Map<string, Person>();
  private readonly syntheticCache = new Map<string, Company>();

  constructor(options: DirectoryOptions = {}) {
    const world = generatedWorld(options.seed ?? 20261121, options.companies ?? 1200);
    // This directory's own copy: world changes alter its people, not another sandbox's.
    const copies = new Map<Company, Company>();
    world.companies.forEach((template, i) => {
      const company: Company = { ...template, genericEmails: [...template.genericEmails] };
      company.people = template.people.map((person) => ({ ...person, company }));
      copies.set(template, company);
      this.addCompany(company, world.nameKeys[i]!, world.linkedinKeys[i]!);
    });
    for (const place of world.places)
      this.places.push({ ...place, company: place.company && copies.get(place.company)! });
  }

  findCompanyByDomain(domain: string): Company | undefined {
    return this.byDomain.get(domain);
  }

  /** A seeded company, or a stable synthetic one for any other well-formed domain. */
  companyForDomain(domain: string): Company {
    const known = this.byDomain.get(domain);
    if (known) return known;
    let synthetic = this.syntheticCache.get(domain);
    if (!synthetic) {
      synthetic = this.synthesizeCompany(domain);
      if (this.syntheticCache.size > 50_000) this.syntheticCache.clear();
      this.syntheticCache.set(domain, synthetic);
    }
    return synthetic;
  }

  findCompanyByName(name: string): Company | undefined {
    return this.byCompanyName.get(normalizeCompanyName(name));
  }

  findPersonByLinkedin(url: string): Person | undefined {
    return this.byLinkedin.get(normalizeLinkedinUrl(url));
  }

  /** The person whose mailbox an address is (none once it was closed). */
  findPersonByEmail(email: string): Person | undefined {
    const person = this.byEmail.get(email.trim().toLowerCase());
    return person && !person.mailboxClosed ? person : undefined;
  }

  /**
   * Changes `person` as time would (world changes): `left` takes them off their
   * company's list (their address with them); `mailbox_closed` keeps them on file with an
   * address that no longer accepts mail; `new_address` gives them another address at the same
   * company (the old one stops accepting mail).
   */
  changePerson(person: Person, change: WorldChange): void {
    const company = person.company;
    switch (change) {
      case "left": {
        company.people.splice(company.people.indexOf(person), 1);
        this.byEmail.delete(person.email);
        if (person.linkedinUrl) this.byLinkedin.delete(normalizeLinkedinUrl(person.linkedinUrl));
        return;
      }
      case "mailbox_closed":
        person.mailboxClosed = true;
        return;
      case "new_address": {
        const taken = new Set(company.people.map((p) => p.email));
        const next = PATTERNS[(PATTERNS.indexOf(company.pattern) + 1) % PATTERNS.length]!;
        const local = emailLocalPart(next, person.firstName, person.lastName);
        let email = `${local}@${company.domain}`;
        for (let n = 2; taken.has(email); n++) email = `${local}${n}@${company.domain}`;
        this.byEmail.delete(person.email);
        person.email = email;
        this.byEmail.set(email, person);
        return;
      }
    }
  }

  findPersonByName(company: Company, firstName: string, lastName: string): Person | undefined {
    const wanted = normalizeName(`${firstName} ${lastName}`);
    const first = normalizeName(firstName);
    const last = normalizeName(lastName);
    return company.people.find(
      (p) =>
        normalizeName(p.fullName) === wanted ||
        (normalizeName(p.lastName) === last &&
          (normalizeName(p.firstName) === first ||
            (first.length === 1 && normalizeName(p.firstName).startsWith(first))))
    );
  }

  /**
   * For a synthetic (unknown) domain, whether a given person has a mailbox there. Stable per
   * domain and name, about two in three.
   */
  syntheticMailboxExists(company: Company, firstName: string, lastName: string): boolean {
    return (
      fnv1a(`${company.domain}|${normalizeName(firstName)}|${normalizeName(lastName)}`) % 100 < 65
    );
  }

  emailFor(company: Company, firstName: string, lastName: string): string {
    return `${emailLocalPart(company.pattern, firstName, lastName)}@${company.domain}`;
  }

  /** Other addresses a person could have at a company (legacy `alternatives`). */
  alternativeEmails(company: Company, firstName: string, lastName: string): string[] {
    const primary = this.emailFor(company, firstName, lastName);
    const others = PATTERNS.map(
      (p) => `${emailLocalPart(p, firstName, lastName)}@${company.domain}`
    );
    return [...new Set(others)].filter((e) => e !== primary).slice(0, 3);
  }

  /** `nameKey`: the company's normalized name; `linkedinKeys`: its people's normalized URLs. */
  private addCompany(company: Company, nameKey: string, linkedinKeys: Array<string | null>): void {
    this.companies.push(company);
    this.byDomain.set(company.domain, company);
    if (!this.byCompanyName.has(nameKey)) this.byCompanyName.set(nameKey, company);
    company.people.forEach((person, i) => {
      const linkedin = linkedinKeys[i];
      if (linkedin) this.byLinkedin.set(linkedin, person);
      this.byEmail.set(person.email, person);
    });
  }

  private synthesizeCompany(domain: string): Company {
    const h = fnv1a(domain);
    const roll = h % 100;
    const mailServer: MailServerKind = roll < 10 ? "no_mx" : roll < 30 ? "catch_all" : "verifying";
    const label = domain.split(".")[0] ?? domain;
    return {
      name: label.charAt(0).toUpperCase() + label.slice(1),
      domain,
      country: "US",
      mailServer,
      ...mxFor(domain, mailServer, h >>> 8),
      pattern: PATTERNS[(h >>> 4) % PATTERNS.length]!,
      genericEmails: mailServer === "no_mx" ? [] : [`info@${domain}`, `contact@${domain}`],
      people: [],
      synthetic: true,
    };
  }
}
