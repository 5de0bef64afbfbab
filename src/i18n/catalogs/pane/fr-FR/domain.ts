import type { Translation } from "../../types";
import type { domainEn } from "../en-US/domain";

export const domain: Translation<typeof domainEn> = {
  "domain.invalid": "Entrez un domaine, par exemple example.com.",
  "domain.label": "Domaine",
  "domain.check": "Vérifier le nombre et le prix",
  "domain.info":
    "{emails, plural, one {# e-mail disponible} other {# e-mails disponibles}} pour {domain} · {credits, plural, one {# crédit} other {# crédits}} · {status, select, ready {prêt à télécharger} preparing {en préparation} other {non commandé}}",
  "domain.order": "Commander le fichier…",
  "domain.download": "Télécharger dans une nouvelle feuille",
  "domain.notVerified": "Les e-mails d’un fichier de domaine ne sont pas vérifiés.",
  "domain.confirmTitle": "Commander le fichier d’e-mails de {domain} ?",
  "domain.confirmButton": "Commander pour {credits, plural, one {# crédit} other {# crédits}}",
  "domain.confirmText":
    "Cela coûte {credits, plural, one {# crédit, débité} other {# crédits, débités}} maintenant, pour {emails, plural, one {# e-mail} other {# e-mails}}. Une nouvelle commande par la suite est gratuite.",
  "domain.jobLabel": "E-mails de {domain}",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const domainSame: ReadonlyArray<keyof typeof domainEn> = [];
