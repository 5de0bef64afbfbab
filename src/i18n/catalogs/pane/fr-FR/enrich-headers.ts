import type { Translation } from "../../types";
import type { enrichHeadersEn } from "../en-US/enrich-headers";

// The headers of the columns Enrich writes, in fr-FR (see en-US/enrich-headers.ts). Plain text:
// no ICU syntax.

export const enrichHeaders: Translation<typeof enrichHeadersEn> = {
  "enrich.headerEmailFound": "Adresse e-mail trouvée",
  "enrich.headerEmailStatus": "Statut de l’adresse e-mail",
  "enrich.headerValidEmail": "Adresse e-mail valide",
  "enrich.headerDecisionMakerCategory": "Catégorie de décideur",
  "enrich.headerPersonFirstName": "Prénom de la personne",
  "enrich.headerPersonLastName": "Nom de la personne",
  "enrich.headerPersonFullName": "Nom complet de la personne",
  "enrich.headerPersonCompany": "Entreprise de la personne",
  "enrich.headerJobTitle": "Intitulé du poste",
  "enrich.headerProfileUrl": "URL du profil de la personne",
  "enrich.headerMxHost": "Hôte MX",
  "enrich.headerMxDomain": "Domaine MX",
  "enrich.headerCreditsCharged": "Crédits facturés",
  "enrich.headerCheckedOn": "Vérifié le",
};
