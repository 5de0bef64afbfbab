import type { AddinTexts } from "./types";

// The manifests' texts in Spanish; the English are src/manifest/addin-description.ts's.

export const manifest: AddinTexts = {
  name: "Mail Finder",
  description:
    "Busque y compruebe direcciones de correo electrónico profesionales desde su hoja de cálculo: MAIL.FINDEMAIL, MAIL.VERIFYEMAIL y búsquedas masivas.",
  shortDescription: "Busque y compruebe correos profesionales desde su hoja de cálculo.",
  getStarted: {
    title: "Mail Finder está listo",
    description:
      "Escriba =MAIL.FINDEMAIL(nombre; apellido; empresa) en una celda, o abra Mail Finder en la pestaña Inicio para búsquedas masivas y configuración.",
  },
  groupLabel: "Mail Finder",
  commands: {
    TaskpaneButton: {
      label: "Mail Finder",
      tooltip:
        "Abrir Mail Finder: configuración, búsquedas masivas, GeoLead, archivos de dominios y trabajos.",
    },
    FindEmails: {
      label: "Buscar correos",
      tooltip:
        "Busca el correo electrónico de cada persona de la lista seleccionada (nombres y empresa, o URL de perfil) y lo escribe en columnas nuevas a su lado.",
    },
    VerifyEmails: {
      label: "Comprobar correos",
      tooltip:
        "Comprueba los correos electrónicos de la lista seleccionada y escribe su estado en una columna nueva a su lado.",
    },
    FindEmailsMenu: {
      label: "Buscar correos de estas filas",
      tooltip:
        "Busca el correo electrónico de cada persona de la lista seleccionada (nombres y empresa, o URL de perfil) y lo escribe en columnas nuevas a su lado.",
    },
    VerifyEmailsMenu: {
      label: "Comprobar estos correos",
      tooltip:
        "Comprueba los correos electrónicos de la lista seleccionada y escribe su estado en una columna nueva a su lado.",
    },
    RefreshMenu: {
      label: "Actualizar respuestas antiguas",
      tooltip:
        "Cuenta las respuestas de más de un número de días en las celdas MAIL seleccionadas, muestra el costo máximo y vuelve a buscar solo esas.",
    },
  },
  commandFunctions: {
    findEmails: "Buscar correos",
    verifyEmails: "Comprobar correos",
    refreshAnswers: "Actualizar respuestas antiguas",
  },
};

/** Texts written as in English on purpose: the product's name. */
export const manifestSame = ["name", "groupLabel", "commands.TaskpaneButton.label"];
