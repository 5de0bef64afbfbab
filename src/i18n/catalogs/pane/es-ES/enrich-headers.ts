import type { Translation } from "../../types";
import type { enrichHeadersEn } from "../en-US/enrich-headers";

// The headers of the columns Enrich writes, in es-ES (see en-US/enrich-headers.ts). Plain text:
// no ICU syntax.

export const enrichHeaders: Translation<typeof enrichHeadersEn> = {
  "enrich.headerEmailFound": "Correo electrónico encontrado",
  "enrich.headerEmailStatus": "Estado del correo electrónico",
  "enrich.headerValidEmail": "Correo electrónico válido",
  "enrich.headerDecisionMakerCategory": "Categoría de responsable de decisiones",
  "enrich.headerPersonFirstName": "Nombre de la persona",
  "enrich.headerPersonLastName": "Apellidos de la persona",
  "enrich.headerPersonFullName": "Nombre completo de la persona",
  "enrich.headerPersonCompany": "Empresa de la persona",
  "enrich.headerJobTitle": "Cargo",
  "enrich.headerProfileUrl": "URL del perfil de la persona",
  "enrich.headerMxHost": "Host MX",
  "enrich.headerMxDomain": "Dominio MX",
  "enrich.headerCreditsCharged": "Créditos cobrados",
  "enrich.headerCheckedOn": "Comprobado el",
};
