import type { FunctionsTranslation } from "./types";

export const functions: FunctionsTranslation = {
  FINDEMAIL: {
    description: "Sucht die geschäftliche E-Mail-Adresse einer Person.",
    parameters: {
      name: "Vorname, oder der vollständige Name, wenn last_name leer ist.",
      last_name: "Nachname; leer lassen, wenn name der vollständige Name ist.",
      company: "Domäne, Websiteadresse oder Name des Unternehmens.",
      linkedin_url:
        "Profil-URL der Person: verfeinert einen unvollständigen Namen und wird verwendet, wenn der Name nichts ergibt.",
      fields:
        'Anzuzeigende Felder als kommagetrennte Liste (zum Beispiel "email,email_status,person_job_title"); Standard: email.',
    },
  },
  VERIFYEMAIL: {
    description: "Überprüft eine E-Mail-Adresse.",
    parameters: { email: "Die zu überprüfende E-Mail-Adresse." },
  },
  DECISIONMAKER: {
    description: "Sucht die E-Mail-Adresse eines Entscheidungsträgers in einem Unternehmen.",
    parameters: {
      company: "Domäne, Websiteadresse oder Name des Unternehmens.",
      categories:
        "Kategorie, kommagetrennte Liste oder Bereich von Kategorien, die wichtigste zuerst: ceo, engineering, finance, hr, it, logistics, marketing, operations, buyer, sales.",
      fields:
        'Anzuzeigende Felder als kommagetrennte Liste (zum Beispiel "email,person_full_name,person_job_title"); Standard: email.',
    },
  },
  COMPANYEMAILS: {
    description:
      "Listet bis zu 20 E-Mail-Adressen eines Unternehmens untereinander in einer Spalte auf.",
    parameters: {
      company: "Domäne, Websiteadresse oder Name des Unternehmens.",
      email_type: "any (Standard), generic oder personal.",
    },
  },
  LINKEDINEMAIL: {
    description: "Sucht die E-Mail-Adresse der Person hinter einer Profil-URL.",
    parameters: {
      linkedin_url: "Profil-URL, zum Beispiel https://www.linkedin.com/in/name.",
      fields:
        'Anzuzeigende Felder als kommagetrennte Liste (zum Beispiel "email,person_full_name,person_company_name"); Standard: email.',
    },
  },
  EMPLOYEES: {
    description:
      "Listet Mitarbeiter eines Unternehmens auf: Name, Position, Unternehmen und Profil-URL, einer pro Zeile.",
    parameters: {
      company: "Domäne, Websiteadresse oder Name des Unternehmens.",
      preferred_title: 'Position, nach der zuerst gesucht wird (zum Beispiel "Sales Director").',
      country_code:
        "Zweistelliger Ländercode, auf den die Suche ausgerichtet wird (zum Beispiel US).",
    },
  },
  CREDITS: {
    description:
      "Verbleibende Credits des Kontos, laufend aktualisiert, während das Add-In Credits verbraucht.",
    parameters: {},
  },
};
