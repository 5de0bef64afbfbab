import type { Translation } from "../../types";
import type { domainEn } from "../en-US/domain";

export const domain: Translation<typeof domainEn> = {
  "domain.invalid": "Escriba un dominio, como example.com.",
  "domain.label": "Dominio",
  "domain.check": "Comprobar cantidad y precio",
  "domain.info":
    "{emails, plural, one {# correo electrónico disponible} other {# correos electrónicos disponibles}} para {domain} · {credits, plural, one {# crédito} other {# créditos}} · {status, select, ready {listo para descargar} preparing {en preparación} other {sin pedir}}",
  "domain.order": "Pedir el archivo…",
  "domain.download": "Descargar en una hoja nueva",
  "domain.notVerified": "Los correos electrónicos de un archivo de dominio no están verificados.",
  "domain.confirmTitle": "¿Pedir el archivo de correos electrónicos de {domain}?",
  "domain.confirmButton": "Pedir por {credits, plural, one {# crédito} other {# créditos}}",
  "domain.confirmText":
    "Esto cuesta {credits, plural, one {# crédito, que se cobra} other {# créditos, que se cobran}} ahora, por {emails, plural, one {# correo electrónico} other {# correos electrónicos}}. Volver a pedirlo más adelante es gratis.",
  "domain.jobLabel": "Correos electrónicos de {domain}",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const domainSame: ReadonlyArray<keyof typeof domainEn> = [];
