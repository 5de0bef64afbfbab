import type { Translation } from "../../types";
import type { enrichHeadersEn } from "../en-US/enrich-headers";

// The headers of the columns Enrich writes, in pt-BR (see en-US/enrich-headers.ts). Plain text:
// no ICU syntax.

export const enrichHeaders: Translation<typeof enrichHeadersEn> = {
  "enrich.headerEmailFound": "E-mail encontrado",
  "enrich.headerEmailStatus": "Status do e-mail",
  "enrich.headerValidEmail": "E-mail válido",
  "enrich.headerDecisionMakerCategory": "Categoria de tomador de decisão",
  "enrich.headerPersonFirstName": "Nome da pessoa",
  "enrich.headerPersonLastName": "Sobrenome da pessoa",
  "enrich.headerPersonFullName": "Nome completo da pessoa",
  "enrich.headerPersonCompany": "Empresa da pessoa",
  "enrich.headerJobTitle": "Cargo",
  "enrich.headerProfileUrl": "URL do perfil da pessoa",
  "enrich.headerMxHost": "Host MX",
  "enrich.headerMxDomain": "Domínio MX",
  "enrich.headerCreditsCharged": "Créditos cobrados",
  "enrich.headerCheckedOn": "Verificado em",
};
