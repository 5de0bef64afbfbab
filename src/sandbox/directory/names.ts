// Word lists of the generated directory. Kept apart so that directory.ts reads as logic.

export const FIRST_NAMES = [
  "Alice", "Benoît", "Carla", "David", "Emma", "Farid", "Grace", "Hugo", "Inès", "James",
  "Karin", "Liam", "Maria", "Noah", "Olivia", "Pierre", "Quentin", "Rosa", "Samuel", "Tomás",
  "Ursula", "Victor", "Wendy", "Xavier", "Yasmin", "Zoë", "Aarav", "Björn", "Chloé", "Dmitri",
  "Elena", "Felix", "Giulia", "Hannah", "Ivan", "Julia", "Kenji", "Lucía", "Mateo", "Nadia",
  "Oscar", "Priya", "Rafael", "Sofia", "Thomas", "Uma", "Valentina", "William", "Yuki", "Zara",
  "Amélie", "Bruno", "Camille", "Daniel", "Eva", "François", "Gabriel", "Helena", "Isaac", "Jonas",
];

export const LAST_NAMES = [
  "Martin", "Smith", "García", "Müller", "Rossi", "Dubois", "Johnson", "Nowak", "Silva", "Jensen",
  "Kowalski", "Brown", "Lefèvre", "Schneider", "Romano", "Moreau", "Taylor", "Fernández", "Weber", "Bianchi",
  "Laurent", "Wilson", "López", "Fischer", "Ricci", "Girard", "Anderson", "Novák", "Costa", "Hansen",
  "Nakamura", "Okafor", "Patel", "Kim", "Chen", "Ivanova", "O'Brien", "Murphy", "Andersson", "Lindqvist",
  "Dupont", "Bernard", "Wright", "Clarke", "Hoffmann", "Vogel", "Marino", "Greco", "Petit", "Roux",
];

/** Multi-word family names: their full names cannot be split with confidence (spec 4.11). */
export const COMPOUND_LAST_NAMES = ["de la Cruz", "van der Berg", "da Silva Santos", "von Bismarck", "del Río Pérez"];

export const COMPANY_WORDS_A = [
  "Acme", "Blue", "Nova", "Bright", "Silver", "Green", "North", "Quantum", "Red", "Swift",
  "Clear", "Summit", "Iron", "Golden", "Urban", "Pixel", "Harbor", "Cedar", "Polar", "Vertex",
  "Atlas", "Orbit", "Lumen", "Maple", "Coral", "Echo", "Falcon", "Granite", "Horizon", "Indigo",
];

export const COMPANY_WORDS_B = [
  "Labs", "Systems", "Logistics", "Analytics", "Foods", "Dental", "Legal", "Partners", "Studio", "Works",
  "Robotics", "Health", "Energy", "Capital", "Media", "Bakery", "Hotels", "Fitness", "Architects", "Accounting",
  "Software", "Consulting", "Motors", "Textiles", "Pharma", "Marine", "Security", "Travel", "Design", "Networks",
];

export const LEGAL_SUFFIXES = ["", "", "", " Inc", " Ltd", " GmbH", " SAS", " LLC", " BV", " PLC"];

export const TLDS = ["com", "com", "com", "io", "co.uk", "de", "fr", "net", "nl", "es"];

export const COUNTRY_BY_TLD: Record<string, string> = {
  com: "US", io: "US", net: "US", "co.uk": "GB", de: "DE", fr: "FR", nl: "NL", es: "ES",
};

export const GENERIC_LOCAL_PARTS = ["info", "contact", "hello", "sales", "support", "press", "jobs", "billing"];

/** Job titles by decision-maker category (spec 2.7), most senior first. */
export const TITLES_BY_CATEGORY: Record<string, string[]> = {
  ceo: ["Chief Executive Officer", "Founder & CEO", "Managing Director"],
  engineering: ["CTO", "VP Engineering", "Head of Engineering", "Engineering Manager"],
  finance: ["CFO", "Head of Finance", "Finance Manager"],
  hr: ["Chief People Officer", "HR Director", "HR Manager"],
  it: ["CIO", "IT Director", "IT Manager"],
  logistics: ["Head of Logistics", "Supply Chain Director", "Logistics Manager"],
  marketing: ["CMO", "VP Marketing", "Marketing Director", "Marketing Manager"],
  operations: ["COO", "VP Operations", "Operations Manager"],
  buyer: ["Chief Procurement Officer", "Head of Purchasing", "Buyer"],
  sales: ["Chief Revenue Officer", "VP Sales", "Sales Director", "Account Executive"],
};

export const OTHER_TITLES = [
  "Software Engineer", "Accountant", "Designer", "Customer Success Manager", "Analyst",
  "Office Manager", "Recruiter", "Data Scientist", "Support Specialist", "Project Manager",
];

export interface City {
  name: string;
  latitude: number;
  longitude: number;
}

export const CITIES: City[] = [
  { name: "Paris", latitude: 48.8566, longitude: 2.3522 },
  { name: "London", latitude: 51.5074, longitude: -0.1278 },
  { name: "Berlin", latitude: 52.52, longitude: 13.405 },
  { name: "New York", latitude: 40.7128, longitude: -74.006 },
  { name: "San Francisco", latitude: 37.7749, longitude: -122.4194 },
  { name: "Madrid", latitude: 40.4168, longitude: -3.7038 },
  { name: "Amsterdam", latitude: 52.3676, longitude: 4.9041 },
  { name: "Toronto", latitude: 43.6532, longitude: -79.3832 },
  { name: "Sydney", latitude: -33.8688, longitude: 151.2093 },
  { name: "Lyon", latitude: 45.764, longitude: 4.8357 },
];

export const PLACE_CATEGORIES = [
  "restaurant", "dentist", "bakery", "law firm", "plumber", "coffee shop", "hotel", "gym", "architect", "accountant",
];

export const STREETS = ["Main Street", "Market Street", "Rue de la Paix", "High Street", "Park Avenue", "Königstraße", "Gran Vía", "Harbour Road"];
