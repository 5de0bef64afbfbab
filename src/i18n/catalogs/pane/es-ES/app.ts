import type { Translation } from "../../types";
import type { appEn } from "../en-US/app";

export const app: Translation<typeof appEn> = {
  "app.title": "Mail Finder",
  "app.creditsLabel": "Créditos",
  "app.sessionSpendLabel": "gastados en esta sesión",
  "app.tabEnrich": "Enriquecer",
  "app.tabBulk": "Por lotes",
  "app.tabGeo": "GeoLead",
  "app.tabDomain": "Dominio",
  "app.tabReport": "Notificar",
  "app.tabJobs": "Trabajos",
  "app.tabLookups": "Consultas",
  "app.tabSettings": "Configuración",
  "app.jobsFinishedBadge":
    "{count, plural, one {# trabajo terminado} other {# trabajos terminados}}",
  "app.panelLoading": "Cargando…",
  "app.firstRunTitle": "Busque y verifique correos electrónicos profesionales desde Excel",
  "app.firstRunFunctions": "Funciones en celdas: =MAIL.FINDEMAIL(nombre; empresa) y seis más.",
  "app.firstRunEnrich":
    "Enriquezca su lista: correos electrónicos en columnas nuevas junto a sus filas.",
  "app.firstRunBulk":
    "Búsquedas por lotes, lugares de GeoLead y archivos de correos de dominios en hojas nuevas.",
  "app.firstRunCredits": "Siempre se le pregunta antes de gastar cualquier crédito.",
  "app.getApiKey": "Obtener una clave de API",
  "app.tryWithDemo": "Probar con datos de demostración",
  "app.haveKey": "Tengo una clave",
  "app.haveTeamToken": "Tengo un token de equipo",
  "app.tryModeFree": "El modo de prueba es gratuito, no necesita cuenta y no guarda nada.",
  "app.tryBanner":
    "Modo de prueba: datos de demostración, gratis. Las respuestas son ejemplos, no personas reales.",
  "app.leaveTryMode": "Salir del modo de prueba",
  "app.helpNav": "Ayuda",
  "app.helpLink": "Ayuda",
  "app.supportLink": "Soporte",
  "app.privacyLink": "Privacidad",
  "app.spendingQuestionTitle":
    "{count, plural, one {¿Ejecutar # consulta nueva?} other {¿Ejecutar # consultas nuevas?}}",
  "app.spendingQuestionBody":
    "Pueden costar hasta {maxCredits} créditos (pidió que se le preguntara por encima de {confirmAbove}). Las respuestas ya guardadas no cuestan nada.",
  "app.spendingRun": "Ejecutar",
  "app.spendingDecline": "No ejecutar",
  "app.spendingOffReason":
    "El gasto está desactivado: las acciones de pago no están disponibles. Actívelo en Consultas.",
  "app.teamSignedIn":
    "Sesión iniciada como {name} ({email}) · quedan {left} de {budget, plural, one {# crédito} other {# créditos}} este mes",
  "app.teamSignedInNoBudget": "Sesión iniciada como {name} ({email}) · sin presupuesto mensual",
  "app.teamSignIn":
    "Equipo {team}: introduzca en Configuración el token de equipo que le dio su administrador.",
  "app.teamTokenRejected":
    "El equipo {team} no aceptó su token de equipo: pida uno nuevo a su administrador e introdúzcalo en Configuración.",
  "app.teamSignInMicrosoft":
    "Equipo {team}: inicie sesión con su cuenta de Microsoft 365 o introduzca el token de equipo que le dio su administrador, en Configuración.",
  "app.teamMicrosoftRefused": "Equipo {team}: {reason}",
  "app.teamBudgetTitle": "Presupuesto agotado",
  "app.spendingQuestionBodyTeam":
    "Pueden costar hasta {maxCredits} créditos; quedan {budgetLeft} en su presupuesto este mes (pidió que se le preguntara por encima de {confirmAbove}). Las respuestas ya guardadas no cuestan nada.",
  "app.answersGoneTitle":
    "{count, plural, one {¿Volver a comprar # respuesta?} other {¿Volver a comprar # respuestas?}}",
  "app.answersGoneBody":
    "Las respuestas que guardó este libro ya no están en este navegador: se borró su almacenamiento, o el libro está abierto en otro equipo o con otra cuenta. Volver a consultarlas puede costar hasta {maxCredits} créditos.",
  "app.answersGoneBudget": "Le quedan {budgetLeft} en su presupuesto este mes.",
  "app.answersGoneRun": "Volver a comprar",
  "app.answersGoneDecline": "No comprar",
  "app.storageDeniedTitle": "No se guarda nada en este dispositivo",
  "app.storageDeniedBody":
    "Este navegador bloquea el almacenamiento de Mail Finder dentro de Excel: las cookies y los datos de sitios de terceros están bloqueados (una ventana privada, una opción de privacidad o una directiva de su organización). Su clave, su configuración y las respuestas de sus celdas duran solo hasta que se cierre este libro. Para conservarlas, permita las cookies y los datos de sitios de terceros para {site} en este navegador, o abra Excel en una ventana normal.",
  "app.storageDeniedHelp": "Qué permitir",
  "app.answersNotKept":
    "Las respuestas no se conservarán al cerrar este libro: este navegador niega el almacenamiento a Mail Finder.",
  "app.dismiss": "Descartar",
  "app.openJobs": "Ver trabajos",
  "app.cancel": "Cancelar",
  "app.twoSentences": "{first} {second}",
  "app.freezeButton": "Inmovilizar resultados",
  "app.freezing": "Inmovilizando…",
  "app.freezeNote":
    "Las fórmulas MAIL del rango seleccionado se convierten en sus valores (el texto sigue siendo texto), de modo que la hoja se puede compartir sin recalcular; un resultado desbordado se inmoviliza entero. Las celdas que muestran un error conservan su fórmula.",
  "app.freezeNothing": "La selección no contiene fórmulas MAIL.",
  "app.freezeOneBlock":
    "Inmovilizar funciona con un solo bloque de celdas: seleccione un único rango (la selección tiene varias áreas o no son celdas).",
  "app.frozeCells": "{frozen, plural, one {# celda inmovilizada} other {# celdas inmovilizadas}}.",
  "app.frozeCellsKeptErrors":
    "{frozen, plural, one {# celda inmovilizada} other {# celdas inmovilizadas}}; {errors, plural, one {# celda que muestra un error conservó su fórmula} other {# celdas que muestran un error conservaron su fórmula}}.",
  "app.frozeCellsKeptCards":
    "{frozen, plural, one {# celda inmovilizada} other {# celdas inmovilizadas}}; {cards, plural, one {# celda que muestra una tarjeta conservó su fórmula} other {# celdas que muestran una tarjeta conservaron su fórmula}} (esta versión de Excel no puede escribir una tarjeta como valor).",
  "app.frozeCellsKeptBoth":
    "{frozen, plural, one {# celda inmovilizada} other {# celdas inmovilizadas}}; {errors, plural, one {# celda que muestra un error conservó su fórmula} other {# celdas que muestran un error conservaron su fórmula}}; {cards, plural, one {# celda que muestra una tarjeta conservó su fórmula} other {# celdas que muestran una tarjeta conservaron su fórmula}} (esta versión de Excel no puede escribir una tarjeta como valor).",
  "app.frozeNoneKeptErrors":
    "No se inmovilizó nada: {errors, plural, one {# celda que muestra un error conservó su fórmula} other {# celdas que muestran un error conservaron su fórmula}}.",
  "app.frozeNoneKeptCards":
    "No se inmovilizó nada: {cards, plural, one {# celda que muestra una tarjeta conservó su fórmula} other {# celdas que muestran una tarjeta conservaron su fórmula}} (esta versión de Excel no puede escribir una tarjeta como valor).",
  "app.frozeNoneKeptBoth":
    "No se inmovilizó nada: {errors, plural, one {# celda que muestra un error conservó su fórmula} other {# celdas que muestran un error conservaron su fórmula}}; {cards, plural, one {# celda que muestra una tarjeta conservó su fórmula} other {# celdas que muestran una tarjeta conservaron su fórmula}} (esta versión de Excel no puede escribir una tarjeta como valor).",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const appSame: ReadonlyArray<keyof typeof appEn> = [
  "app.title",
  "app.tabGeo",
  "app.twoSentences",
];
