import type { Translation } from "../../types";
import type { domainEn } from "../en-US/domain";

export const domain: Translation<typeof domainEn> = {
  "domain.invalid": "Geben Sie eine Domain ein, z. B. example.com.",
  "domain.label": "Domain",
  "domain.check": "Anzahl und Preis prüfen",
  "domain.info":
    "{emails, plural, one {# E-Mail-Adresse} other {# E-Mail-Adressen}} für {domain} vorhanden · {credits, plural, one {# Credit} other {# Credits}} · {status, select, ready {bereit zum Herunterladen} preparing {wird vorbereitet} other {nicht bestellt}}",
  "domain.order": "Datei bestellen…",
  "domain.download": "In ein neues Arbeitsblatt herunterladen",
  "domain.notVerified": "Die E-Mail-Adressen einer Domaindatei sind nicht geprüft.",
  "domain.confirmTitle": "E-Mail-Datei von {domain} bestellen?",
  "domain.confirmButton": "Für {credits, plural, one {# Credit} other {# Credits}} bestellen",
  "domain.confirmText":
    "Dies kostet {credits, plural, one {# Credit} other {# Credits}}, die sofort abgebucht werden, für {emails, plural, one {# E-Mail-Adresse} other {# E-Mail-Adressen}}. Eine spätere erneute Bestellung ist kostenlos.",
  "domain.jobLabel": "E-Mail-Adressen von {domain}",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const domainSame: ReadonlyArray<keyof typeof domainEn> = ["domain.label"];
