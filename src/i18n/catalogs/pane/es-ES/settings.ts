import type { Translation } from "../../types";
import type { settingsEn } from "../en-US/settings";

export const settings: Translation<typeof settingsEn> = {
  "settings.apiKey": "Clave de API",
  "settings.apiKeyHint": "Se guarda para usted en este dispositivo, nunca en el libro.",
  "settings.baseUrl": "URL base",
  "settings.baseUrlHint": "El servicio, o una ruta de retransmisión del mismo origen, como /api.",
  "settings.webhookUrl": "URL de webhook (opcional)",
  "settings.webhookUrlHint":
    "Los resultados de las búsquedas por lotes, de GeoLead y de los archivos de dominio también se envían aquí.",
  "settings.maxConcurrency": "Solicitudes simultáneas (opcional)",
  "settings.maxConcurrencyHint":
    "Vacío: automático (6 con HTTP/1.1; con HTTP/2 se adapta al servicio, hasta 64).",
  "settings.maxAge": "Volver a consultar respuestas con más de (días, opcional)",
  "settings.maxAgeHint":
    "Vacío: una respuesta guardada nunca se vuelve a comprar. Con valor: una respuesta más antigua cuenta como no guardada y un recálculo la vuelve a pedir según sus reglas de gasto.",
  "settings.save": "Guardar",
  "settings.saved": "Configuración guardada.",
  "settings.testConnection": "Probar la conexión",
  "settings.connectionHealthy":
    "Servicio operativo · cuenta {email} · {credits, plural, one {queda # crédito} other {quedan # créditos}}",
  "settings.connectionDown":
    "Servicio no disponible · cuenta {email} · {credits, plural, one {queda # crédito} other {quedan # créditos}}",
  "settings.teamToken": "Token de equipo",
  "settings.teamTokenHint":
    "Su token personal para el equipo {team}: pídaselo a su administrador. Se guarda para usted en este dispositivo, nunca en el libro.",
  "settings.creditsInvalid": "Escriba un número de créditos (0 o más), o déjelo vacío.",
  "settings.apiKeyInvalid": "La clave de API debe ser una sola palabra de caracteres imprimibles.",
  "settings.microsoftAccountInvalid":
    "La cuenta de Microsoft 365 debe ser una sola palabra de caracteres imprimibles.",
  "settings.microsoftSignIn": "Iniciar sesión con Microsoft 365",
  "settings.microsoftSignedIn": "Sesión iniciada con Microsoft 365 como {account}.",
  "settings.microsoftSignOut": "Cerrar sesión",
  "settings.microsoftUnsupported":
    "Esta versión de Office no puede iniciar sesión aquí con una cuenta de Microsoft 365: use un token de equipo.",
  "settings.microsoftNotConfigured":
    "Este host de equipo no ofrece inicio de sesión con Microsoft 365: use su token de equipo.",
  "settings.microsoftCancelled": "Se canceló el inicio de sesión.",
  "settings.microsoftFailed": "No se pudo iniciar sesión con Microsoft 365: {reason}",
  "settings.tryModeOnOff": "El modo de prueba está activado o desactivado.",
  "settings.spendingOnOff": "El gasto está activado o desactivado.",
  "settings.cardsOnOff": "«Respuestas como tarjetas» está activado o desactivado.",
  "settings.maxConcurrencyInvalid":
    "Escriba un número entero del 1 al {max, number}, o déjelo vacío (automático).",
  "settings.maxAgeInvalid":
    "Introduzca un número entero de días entre 1 y {max, number}, o déjelo vacío (nunca).",
  "settings.webhookInvalid": "La URL de webhook no es una URL válida.",
  "settings.webhookHttps":
    "La URL de webhook debe usar https: el servicio envía resultados a ella.",
  "settings.baseUrlInvalid":
    "Escriba la dirección del servicio, por ejemplo https://api.example.com, o una ruta en el propio sitio de este complemento, por ejemplo /api.",
  "settings.baseUrlPath":
    "Una ruta en el sitio de este complemento solo puede contener letras, dígitos y / . _ ~ -.",
  "settings.baseUrlOtherSite":
    "Una dirección que empieza por // o /\\ lleva a otro sitio: escriba la dirección completa del servicio (https://…) o una ruta en el sitio de este complemento, por ejemplo /api.",
  "settings.baseUrlCharacters":
    "La URL base no debe contener espacios, tabulaciones, saltos de línea, barras invertidas ni caracteres invisibles.",
  "settings.baseUrlCredentials":
    "La URL base no debe contener un nombre de usuario ni una contraseña (usuario:contraseña@…).",
  "settings.baseUrlQuery": "La URL base no debe tener consulta (?) ni fragmento (#).",
  "settings.baseUrlHttps":
    "La URL base debe usar https (http sin cifrar solo se permite en este equipo: localhost, 127.0.0.1, [::1]).",
  "settings.baseUrlRefusedAtLoad":
    "La URL base guardada anteriormente no se usa: {reason} Se usa el valor predeterminado, {fallback}, hasta que guarde otra.",
  "settings.tryNoDemo":
    "El host de este complemento no ofrece modo de prueba. Obtenga una clave de API para usar el complemento.",
  "settings.tryTooMany":
    "Demasiadas cuentas de demostración desde aquí: inténtelo de nuevo más tarde.",
  "settings.tryCouldNotStart": "No se pudo iniciar el modo de prueba ({status}).",
  "settings.tryCouldNotStartReason": "No se pudo iniciar el modo de prueba ({status}: {reason}).",
  "settings.tryUnreachable": "No se pudo acceder a la demostración: {reason}.",
  "settings.tryNoAccount": "La demostración respondió sin una cuenta.",
  "settings.cardsHeading": "Respuestas como tarjetas",
  "settings.cardsSwitch":
    "Mostrar las respuestas de FINDEMAIL, LINKEDINEMAIL y DECISIONMAKER como tarjetas",
  "settings.cardsOn":
    "Tarjetas activadas: las celdas de persona, perfil y responsable de decisiones muestran una tarjeta desde su próximo cálculo.",
  "settings.cardsOff":
    "Tarjetas desactivadas: esas celdas muestran el correo electrónico desde su próximo cálculo.",
  "settings.cardsNote":
    "La celda muestra el correo electrónico; su tarjeta, la persona (abajo, un ejemplo), y =A2.email_status lee cualquier campo de la respuesta. Las tarjetas siguen siendo legibles en Excel sin el complemento. Con un argumento fields se siguen desbordando valores simples.",
  "settings.cardsUnsupported":
    "Esta versión de Excel no puede mostrar tarjetas de complementos (requiere {requirement}: Excel para la Web, Windows Microsoft 365 2208 o posterior, Mac 16.64 o posterior). Las respuestas se muestran como valores simples.",
  "settings.cardsApply": "Aplicar a las celdas existentes (recalcular)",
  "settings.recalculated": "Recalculado.",
  "settings.keptNone": "Respuestas guardadas: –",
  "settings.kept":
    "{count, plural, one {# respuesta guardada para esta cuenta ({size}), así que al recalcular nunca se vuelve a comprar.} other {# respuestas guardadas para esta cuenta ({size}), así que al recalcular nunca se vuelven a comprar.}}",
  "settings.keptInIndexedDb":
    "Guardadas en la base de datos de este navegador (IndexedDB) en este dispositivo.",
  "settings.keptInOffice":
    "Guardadas en el almacenamiento de complementos de Office ({size} para respuestas; las más antiguas se eliminan primero).",
  "settings.keptInOfficeAbout":
    "Guardadas en el almacenamiento de complementos de Office ({size} para respuestas, unas {fits, number}; las más antiguas se eliminan primero).",
  "settings.roomLeft": "Espacio restante para este complemento en este dispositivo: {size}.",
  "settings.apiKeyHintNotKept":
    "Se usa hasta que se cierre este libro y no se guarda en ningún sitio: este navegador niega el almacenamiento al complemento.",
  "settings.savedForSession":
    "Configuración vigente hasta que se cierre este libro (este navegador no permite guardarla).",
  "settings.keptInMemory":
    "Solo en memoria, hasta que se cierre este libro: este navegador niega el almacenamiento al complemento.",
  "settings.keptCleared":
    "{count, plural, one {# respuesta borrada; el libro se está recalculando.} other {# respuestas borradas; el libro se está recalculando.}}",
  "settings.clearAndRecalculate": "Borrar y recalcular",
  "settings.size": "{value} {unit, select, B {B} KB {KB} MB {MB} GB {GB} other {TB}}",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const settingsSame: ReadonlyArray<keyof typeof settingsEn> = ["settings.size"];
