import type { Translation } from "../types";
import type { cellsEn } from "./en-US";

export const cells: Translation<typeof cellsEn> = {
  "cells.argumentErrorValue": "{argument} es un valor de error.",
  "cells.argumentRange": "{argument} debe ser una sola celda, no un rango.",
  "cells.argumentBoolean": "{argument} debe ser texto, no VERDADERO ni FALSO.",
  "cells.argumentText": "{argument} debe ser texto.",
  "cells.argumentTooLong":
    "{argument} es demasiado largo (como máximo, {max, plural, one {# carácter} other {# caracteres}}).",
  "cells.argumentInvalidCharacters": "{argument} contiene caracteres no válidos.",
  "cells.argumentRequired": "{argument} es obligatorio.",
  "cells.argumentWebsite": "{argument} no es una dirección de sitio web válida.",
  "cells.argumentProfileUrl":
    "{argument} debe ser una URL de perfil, por ejemplo, https://www.linkedin.com/in/nombre.",
  "cells.argumentEmail": "{argument} no es una dirección de correo electrónico válida.",
  "cells.argumentCategoriesRequired":
    "{argument} es obligatorio: uno o varios de estos valores: {categories}.",
  "cells.argumentUnknownCategory": "{argument}: «{value}» no es una categoría ({categories}).",
  "cells.argumentOneOf": "{argument} debe ser uno de estos valores: {values}.",
  "cells.argumentCountryCode":
    "{argument} debe ser un código de país de dos letras, por ejemplo, ES.",
  "cells.argumentUnknownField": "{argument}: «{value}» no es un campo ({fields}).",

  "cells.unauthorized":
    "Falta la clave de API o se ha rechazado: configúrela en el panel de tareas.",
  "cells.unauthorizedTeam":
    "Falta el token de equipo o se ha rechazado: introduzca el que le dio su administrador en el panel de tareas (Configuración).",
  "cells.microsoftSignIn":
    "Debe iniciar sesión con Microsoft 365: vuelva a iniciar sesión en el panel de tareas (Configuración).",
  "cells.settings": "Configuración: {message} Cámbiela en el panel de tareas.",
  "cells.badRequest": "El servicio ha rechazado la solicitud: {message}",
  "cells.outOfCredits": "No quedan créditos.",
  "cells.notFound": "No encontrado.",
  "cells.blacklisted": "Eliminado de la base de datos a petición del titular (lista de bloqueo).",
  "cells.busy":
    "{attempts, plural, =1 {El servicio está ocupado (503); recalcule para volver a intentarlo.} other {El servicio sigue ocupado (503) tras # intentos; recalcule para volver a intentarlo.}}",
  "cells.timeout": "{message} Recalcule para volver a intentarlo.",
  "cells.networkAfterAttempts":
    "{message} tras {attempts, plural, one {# intento} other {# intentos}}.",
  "cells.serverFailed":
    "{attempts, plural, =1 {Error del servicio (HTTP {status}).} other {Error del servicio (HTTP {status}) tras # intentos.}}",
  "cells.malformed":
    "{attempts, plural, =1 {El servicio ha enviado una respuesta ilegible.} other {El servicio ha enviado una respuesta ilegible tras # intentos.}}",
  "cells.cancelled": "Cancelado.",
  "cells.unexpected": "Error inesperado: {message}",
  "cells.noEmailFound": "No se ha encontrado ningún correo electrónico.",
  "cells.bounced": "Rebotado (notificado el {date}).",
  "cells.noEmployeesFound": "No se ha encontrado ningún empleado.",
  "cells.cardMore": "Más información",

  "cells.refusedSpendingOff":
    "El gasto está desactivado: solo se muestran las respuestas guardadas. Active el gasto en el panel de tareas (Consultas).",
  "cells.refusedDeclined":
    "No ejecutado: rechazado en el panel de tareas. Recalcule para que se le vuelva a preguntar.",
  "cells.refusedStopped": "Detenido desde el panel de tareas. Recalcule para ejecutarlo.",
  "cells.refusedBudget":
    "Se ha alcanzado el presupuesto de la sesión ({budget, plural, one {# crédito} other {# créditos}} para celdas): cámbielo en el panel de tareas (Consultas).",
  "cells.preview": "Vista previa: presione Entrar para buscar.",
  "cells.refusedRefreshOnly":
    "No buscado: Actualizar solo vuelve a consultar las respuestas antiguas que contó. Vuelva a calcular la celda para buscarla.",
  "cells.refusedUnconfirmed":
    "No ejecutado: este recálculo puede gastar más de {max, plural, one {# crédito} other {# créditos}} y el panel de tareas no ha podido preguntarle. Cambie «Preguntar antes de gastar más de» en el panel de tareas (Consultas).",
  "cells.refusedAnswersGone":
    "No ejecutado: las respuestas que guardó este libro ya no están en este navegador y el panel de tareas no ha podido preguntarle antes de volver a comprarlas. Abra el panel de tareas y vuelva a calcular.",

  "cells.missingApiKey": "Falta la clave de API: configúrela en el panel de tareas.",
  "cells.requestCancelled": "Se ha cancelado la solicitud.",
  "cells.notJson": "El servicio ha enviado una respuesta que no es JSON válido.",
  "cells.noAnswerWithin": "El servicio no ha respondido en {seconds, number} s.",
  "cells.unreachable": "No se ha podido conectar con el servicio ({detail}).",
  "cells.httpStatus": "El servicio ha respondido con HTTP {status}.",
  "cells.baseUrlPath": "La ruta de la URL base solo puede contener letras, dígitos y / . _ ~ -.",
  "cells.baseUrlInvalid":
    "La URL base no es una URL válida (por ejemplo, https://api.example.com).",
  "cells.baseUrlCredentials": "La URL base no debe contener credenciales.",
  "cells.baseUrlQuery": "La URL base no debe tener consulta ni fragmento.",
  "cells.baseUrlHttps":
    "La URL base debe usar https (http sin cifrar solo se permite para localhost).",
  "cells.signInOtherOrigin":
    "El inicio de sesión de Microsoft 365 solo se envía al host del equipo del que procede este complemento; esta solicitud iba a {origin} y no se envió.",
  "cells.lacksCreditsCharged": "Falta credits_charged en la respuesta del servicio.",
  "cells.downloadNotTable": "La descarga no es una tabla de filas.",
  "cells.requestWithdrawn": "La solicitud se retiró antes de enviarse.",
  "cells.calculationCancelled": "Se ha cancelado el cálculo.",
  "cells.lookupWithdrawn": "La búsqueda se retiró antes de enviarse.",

  "cells.indexedDbUnavailable": "IndexedDB no está disponible en este entorno de ejecución.",
  "cells.indexedDbUnusable": "IndexedDB no se puede usar aquí ({reason}).",
  "cells.indexedDbOpenTimeout": "IndexedDB no se ha abierto en {seconds, number} s.",
  "cells.paneFailed": "Mail Finder no pudo iniciar su panel de tareas: {error}",
  "cells.storageDenied":
    "Este navegador niega el almacenamiento al complemento (las cookies y los datos de sitios de terceros están bloqueados): el panel de tareas indica qué permitir.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const cellsSame: ReadonlyArray<keyof typeof cellsEn> = [];
