import type { HelpStrings } from "./en-US";

// The help, support and privacy pages in Spanish: the English table's keys
// (src/help/strings-en.ts), `code` spans and {placeholders} kept.

export const help: HelpStrings = {
  lang: "es-ES",
  formulaSeparator: "; ",
  site: {
    name: "Mail Finder para Excel",
    help: "Funciones",
    support: "Soporte técnico",
    privacy: "Privacidad",
    guide:
      "Guía del usuario (en inglés): el panel de tareas, enriquecer una lista, las búsquedas masivas, el gasto y los equipos",
  },
  index: {
    title: "Funciones de hoja de cálculo",
    intro:
      "Las funciones del complemento están en el espacio de nombres `MAIL`: escriba `=MAIL.` en una celda para verlas. Los argumentos son celdas o valores; un argumento opcional vacío se considera no especificado.",
    function: "Función",
    description: "Qué hace",
    keptAnswers:
      "Cada respuesta que obtiene una celda se guarda para usted en este dispositivo, así que recalcular, volver a abrir el libro o rellenar hacia abajo nunca compra dos veces la misma respuesta.",
  },
  functionPage: {
    syntax: "Sintaxis",
    arguments: "Argumentos",
    argument: "Argumento",
    description: "Descripción",
    optional: "opcional",
    noArguments: "Esta función no tiene argumentos.",
    fields: "Campos",
    fieldsIntro:
      "`{argument}` es una lista separada por comas de estos campos de respuesta, que se muestran uno al lado de otro en una fila, en el orden indicado:",
    checkedOnNote:
      "`checked_on` es el día en que se compró la respuesta al servicio (las respuestas guardadas lo conservan): una fecha donde Excel tiene tipos de datos; si no, su texto con el año primero (2026-11-25), que se ordena igual.",
    outcomes: "Qué muestra la celda",
    situation: "Situación",
    cell: "Celda",
    cost: "Cuánto cuesta",
    examples: "Ejemplos",
    formula: "Fórmula",
    result: "Resultado",
    allFunctions: "Todas las funciones",
  },
  outcomes: {
    foundEmail: {
      situation: "Se encuentra un correo, `valid` o `risky`",
      cell: "El correo; uno arriesgado es la mejor estimación, y `fields` puede mostrar su estado. Con Configuración > Respuestas como tarjetas activado, una tarjeta.",
    },
    verified: {
      situation: "Se comprueba la dirección",
      cell: "`valid`, `risky` (no concluyente) o `invalid`.",
    },
    companyEmails: {
      situation: "Se encuentran correos",
      cell: "Hasta 20 direcciones, una por fila, desbordadas hacia abajo en la columna.",
    },
    employeesTable: {
      situation: "Se encuentran empleados",
      cell: "Una tabla desbordada desde la celda: nombre, cargo, empresa y URL del perfil, un empleado por fila, sin fila de encabezado.",
    },
    creditsLeft: {
      situation: "Siempre",
      cell: "Los créditos restantes de la cuenta, actualizados a medida que el complemento gasta; al escribir la fórmula se muestra el saldo ya conocido.",
    },
    notFound: {
      situation: "No se encuentra nada (`not_found`)",
      cell: "`#N/A` {message}",
    },
    blacklisted: {
      situation: "La dirección se eliminó a petición de su titular (`blacklisted`)",
      cell: "`#N/A` {message}",
    },
    bounced: {
      situation:
        "Una dirección que notificó como rebotada (pestaña Notificar, *Los rebotes se devuelven*)",
      cell: "`#N/A` {message} No se envía nada: nunca se vuelve a comprar.",
    },
    badInput: {
      situation:
        "Un argumento que el servicio rechazaría: ausente, mal formado, VERDADERO o FALSO, un valor de error o un texto demasiado largo",
      cell: "`#VALUE!` con el nombre del argumento, por ejemplo {message} No se envía ninguna solicitud ni se gasta nada.",
    },
    unauthorized: {
      situation: "Falta la clave de API o se rechaza (401)",
      cell: "`#VALUE!` {message}",
    },
    outOfCredits: {
      situation: "La cuenta se ha quedado sin créditos (402)",
      cell: "`#N/A` {message}",
    },
    unavailable: {
      situation:
        "El servicio está ocupado (503), la red falla o se agota el tiempo de la solicitud, después de los reintentos",
      cell: "`#N/A` con el motivo, por ejemplo {message}",
    },
    spendingHeld: {
      situation: "El gasto está retenido o rechazado (panel de tareas, Consultas)",
      cell: "`#N/A` que indica por qué y dónde cambiarlo, uno de estos:",
    },
    preview: {
      situation: "La fórmula aún se está escribiendo (Excel muestra una vista previa de su valor)",
      cell: "Una respuesta guardada si la hay; si no, `#N/A` {message} No se envía nada hasta que presione Entrar.",
    },
  },
  messages: {
    required: "{argument} es obligatorio.",
    noEmail: "No se encontró ningún correo.",
    noEmployees: "No se encontraron empleados.",
    blacklisted: "Eliminado de la base de datos a petición del titular (blacklisted).",
    bounced: "Rebotado (notificado el 2026-11-25).",
    unauthorized: "Falta la clave de API o se ha rechazado: establézcala en el panel de tareas.",
    outOfCredits: "Sin créditos.",
    busy: "El servicio está ocupado (503) después de 3 intentos; recalcule para volver a intentarlo.",
    spendingOff:
      "El gasto está desactivado: solo se muestran las respuestas guardadas. Active el gasto en el panel de tareas (Consultas).",
    declined:
      "No ejecutado: rechazado en el panel de tareas. Recalcule para que se le vuelva a preguntar.",
    stopped: "Detenido desde el panel de tareas. Recalcule para ejecutarlo.",
    budgetReached:
      "Se alcanzó el presupuesto de la sesión (N créditos para celdas): cámbielo en el panel de tareas (Consultas).",
    unconfirmed:
      "No ejecutado: este recálculo puede gastar más de N créditos y el panel de tareas no pudo preguntarle. Cambie «Preguntar antes de gastar más de» en el panel de tareas (Consultas).",
    preview: "Vista previa: presione Entrar para consultar.",
  },
  costs: {
    person:
      "1 crédito por cada correo válido encontrado; las respuestas no encontradas y arriesgadas son gratuitas.",
    decisionMaker:
      "2 créditos por cada responsable de decisiones encontrado con un correo válido; las respuestas no encontradas son gratuitas.",
    verify: "0,2 créditos por cada comprobación `valid`; `risky` e `invalid` son gratuitas.",
    company:
      "1 crédito por cada búsqueda de empresa que encuentra correos; una búsqueda que no encuentra ninguno es gratuita.",
    employees:
      "1 crédito por cada búsqueda que encuentra al menos un empleado (las reglas antiguas del servicio: vuelve a cobrar la misma búsqueda; gracias a la respuesta guardada del complemento, un recálculo no vuelve a pedirla).",
    credits: "Gratuita: lee el saldo y no gasta nada.",
    repeats:
      "La misma búsqueda en un plazo de 30 días es gratuita, y el complemento guarda cada respuesta en este dispositivo, así que recalcular, volver a abrir o rellenar hacia abajo nunca paga dos veces.",
    question:
      "Antes de que un recálculo pueda gastar más que su límite (Consultas > Gasto, 25 créditos de forma predeterminada), el panel de tareas le pregunta; allí también puede desactivar el gasto o establecer un presupuesto de sesión.",
  },
  examples: {
    findByNames: "El correo de Jane Doe en example.com.",
    findByFullName: "`last_name` vacío: A2 contiene el nombre completo.",
    findWithFields:
      "El correo, su estado y el cargo de la persona, uno al lado de otro en una fila.",
    findWithProfile: "Un nombre parcial precisado por la URL del perfil de D2.",
    verifyCell: "`valid`, `risky` o `invalid` para la dirección de A2.",
    decisionMakerOne: "El correo del CEO de example.com.",
    decisionMakerList:
      "El correo de la primera categoría, entre HR y CEO, que tenga uno válido, con la categoría y el nombre de la persona.",
    decisionMakerRange: "Las categorías por orden de importancia, leídas del rango F1:F3.",
    companyAny: "Hasta 20 direcciones de example.com, hacia abajo en la columna.",
    companyGeneric: "Solo direcciones genéricas (como contact@), para la empresa indicada en A2.",
    profileCell: "El correo de la persona de la URL del perfil de A2.",
    profileFields: "El correo, el nombre y la empresa de la persona, en una fila.",
    employeesTitle: "Empleados de example.com, primero los directores de ventas.",
    employeesCountry: "La misma búsqueda, limitada a Estados Unidos.",
    creditsLeft:
      "Los créditos restantes, por ejemplo 4250,8, actualizados a medida que las celdas y el panel de tareas gastan.",
  },
  argumentNotes: {
    company:
      "Una dirección de sitio web como https://www.example.com/about se reduce a su dominio; cualquier otro texto se toma como el nombre de la empresa.",
    categories:
      'Una categoría (`"ceo"`), una lista separada por comas (`"hr, ceo"`) o un rango de celdas; se devuelve la primera categoría, por orden de importancia, que tenga un correo válido.',
    emailType: "Vacío significa `any`.",
  },
  support: {
    title: "Soporte técnico",
    whatHeading: "Qué hace el complemento",
    what: [
      "Mail Finder busca y comprueba direcciones de correo electrónico profesionales desde Excel: funciones de hoja de cálculo como `=MAIL.FINDEMAIL(A2; B2; C2)` responden en la celda, y el panel de tareas (Inicio > Mail Finder) enriquece una lista completa, ejecuta búsquedas masivas y de GeoLead, encarga archivos de dominios e informa de correos erróneos.",
      "Las consultas se pagan con créditos de su cuenta en el servicio de búsqueda de correos; el complemento guarda cada respuesta en su dispositivo para que nunca se compre dos veces la misma respuesta, y le pregunta antes de que un recálculo gaste más que su límite.",
    ],
    keyHeading: "Su clave de API",
    key: [
      "Obtenga una clave de API en su cuenta del servicio de búsqueda de correos, o de su administrador si su organización gestiona el host de equipo del complemento.",
      "En Excel, abra el panel de tareas (Inicio > Mail Finder), elija Configuración, pegue la clave en Clave de API y presione Guardar. Probar conexión muestra su cuenta y los créditos restantes.",
      "La clave se guarda para usted en el almacenamiento de Office de este dispositivo, nunca en el libro: un compañero que abra su libro usará su propia clave.",
    ],
    teamHeading: "En un equipo: un token de equipo o su cuenta de Microsoft 365",
    team: [
      "Si su organización usa el host de equipo del complemento, su administrador gestiona la cuenta y su clave y le da un token de equipo personal, o le permite iniciar sesión con su cuenta de Microsoft 365. El panel de tareas pide entonces un token de equipo donde va la clave y muestra quién ha iniciado sesión y cuánto queda de su presupuesto mensual.",
      "Para iniciar sesión con Microsoft 365, elija Iniciar sesión con Microsoft 365 en la primera pantalla o en Configuración; la primera vez, Office le pide su consentimiento. Si una celda indica que debe iniciar sesión con Microsoft 365, vuelva a hacerlo allí. Si indica que falta su token de equipo o se ha rechazado, pida uno nuevo a su administrador.",
      "Cuando se agota su presupuesto mensual, las celdas muestran `#N/A` con el mensaje del presupuesto y no se envía nada. Las respuestas que un compañero ya compró llegan del equipo, gratis.",
    ],
    troublesHeading: "Problemas habituales",
    troubles: {
      busy: {
        heading: "Una celda se queda en #BUSY!",
        body: [
          "Puede que las consultas estén esperando su respuesta: cuando un recálculo podría gastar más que su límite, el panel de tareas pregunta antes de enviar nada. Abra el panel de tareas y elija Ejecutar o No ejecutar.",
          "Si el panel no pregunta, puede que el complemento no se esté ejecutando en este libro: abra el panel de tareas una vez, lo que lo inicia, y después recalcule (Ctrl+Alt+F9). En Excel para la Web, vuelva a cargar la página.",
        ],
      },
      notRegistered: {
        heading: "#NAME? o no se ofrecen las funciones",
        body: [
          "Excel muestra `#NAME?` cuando el complemento no está cargado: no está instalado para usted en este equipo, o Excel aún no lo ha iniciado. Instálelo (Inicio > Complementos) y abra el panel de tareas una vez; las funciones se registran en pocos segundos.",
          "Las funciones personalizadas requieren Microsoft 365 o Excel 2021 o posterior, en Windows, Mac o la Web. Escriba también el espacio de nombres: `=MAIL.FINDEMAIL`, no `=FINDEMAIL`.",
        ],
      },
      staleMetadata: {
        heading:
          "Después de una actualización: argumentos antiguos, descripciones antiguas o funciones que faltan",
        body: [
          "Office guarda una copia de la lista de funciones del complemento. Después de una actualización, borre la memoria caché de Office y vuelva a iniciar Excel:",
        ],
        windows:
          "Windows: cierre Excel, elimine el contenido de `%LOCALAPPDATA%\\Microsoft\\Office\\16.0\\Wef\\` y vuelva a iniciar Excel. O bien, en Excel: Archivo > Opciones > Centro de confianza > Configuración del Centro de confianza > Catálogos de complementos de confianza, active «La próxima vez que se inicie Office, borrar la memoria caché de todos los complementos web iniciados anteriormente» y reinicie Excel.",
        mac: "Mac: cierre Excel, elimine el contenido de `~/Library/Containers/com.microsoft.Excel/Data/Library/Application Support/Microsoft/Office/16.0/Wef/` y de `~/Library/Containers/com.microsoft.Excel/Data/Library/Caches/`, y vuelva a iniciar Excel.",
        web: "Excel para la Web: borre los archivos en caché del explorador para el sitio (Ctrl+Mayús+Supr, o Cmd+Mayús+Supr en un Mac) y vuelva a cargar el libro.",
      },
      paneNotOpening: {
        heading: "El panel de tareas no se abre o se queda en blanco",
        body: [
          "Compruebe que este equipo puede acceder a la dirección del complemento (un proxy o un firewall pueden bloquearla), y después cierre el panel y vuelva a abrirlo desde Inicio > Mail Finder.",
          "En Windows, el panel necesita el runtime de Microsoft Edge WebView2; instálelo si falta. Si el panel sigue en blanco, borre la memoria caché de Office como se describe arriba y reinicie Excel.",
        ],
      },
      certificates: {
        heading: "Errores de certificado en desarrollo",
        body: [
          "El servidor de desarrollo (`npm start`) sirve el complemento por https con un certificado de localhost. Si Excel o el explorador lo rechazan, ejecute `npx office-addin-dev-certs install` y reinicie Excel.",
          "En un explorador, confíe en `~/.office-addin-dev-certs/ca.crt`, o abra una vez https://localhost:3000/taskpane.html y acepte el certificado; después vuelva a cargar Excel para la Web.",
        ],
      },
      storageDenied: {
        heading:
          "Su clave y sus respuestas no se conservan: el explorador bloquea el almacenamiento del complemento",
        body: [
          "Excel para la Web ejecuta el complemento en un marco del propio sitio del complemento. Donde el explorador bloquea las cookies y los datos de sitios de terceros (una ventana privada o de incógnito, una opción de privacidad o una directiva de su organización), no da a ese marco ningún almacenamiento. El panel de tareas lo indica entonces: su clave y su configuración duran solo hasta que se cierra el libro, y las respuestas de sus celdas se conservan en memoria hasta entonces. Al volver a abrir el libro, el panel pide de nuevo la clave y pregunta antes de volver a comprar respuestas.",
          "Para conservarlas, permita las cookies y los datos de sitios de terceros para el sitio del complemento, que el panel de tareas indica. En Chrome: Configuración > Privacidad y seguridad > Cookies de terceros > Sitios que pueden usar cookies de terceros > Añadir. En Edge: Configuración > Cookies y permisos del sitio > Administrar y eliminar cookies y datos del sitio > Permitir > Agregar. En Firefox: Ajustes > Privacidad & Seguridad > Cookies y datos del sitio > Administrar excepciones > Permitir. O abra Excel en una ventana normal en lugar de una privada. Si una directiva de su organización las bloquea, consulte a su administrador.",
        ],
      },
    },
    moreHeading: "Más información",
    helpLink: "Ayuda de cada función de hoja de cálculo",
    privacyLink: "Qué envía el complemento y adónde",
  },
  privacy: {
    title: "Privacidad",
    intro:
      "Mail Finder envía solo lo que necesita una consulta, solo al servicio de búsqueda de correos, y guarda el resto en su dispositivo.",
    sections: {
      lookups: {
        heading: "Sus consultas",
        body: [
          "Los datos de cada consulta (los nombres, empresas, URL de perfil, direcciones o listas que consulta) se envían al servicio de búsqueda de correos a través del relé del complemento, `/api` en el propio host del complemento, que los reenvía y no guarda nada.",
        ],
      },
      key: {
        heading: "Su clave de API",
        body: [
          "Su clave de API se guarda en su propio almacenamiento de Office en este dispositivo, nunca en el libro. Solo se envía al servicio de búsqueda de correos, como encabezado Authorization de la solicitud.",
        ],
      },
      answers: {
        heading: "Respuestas guardadas",
        body: [
          "Las respuestas que obtienen sus celdas se guardan en este dispositivo, en la base de datos IndexedDB del complemento dentro del motor de explorador de Excel, para no comprarlas dos veces. Configuración > Borrar y recalcular las elimina.",
          "El libro guarda solo identificadores aleatorios del lugar donde se guardan sus respuestas (ninguna respuesta, ninguna clave). Si se abre donde ya no están (almacenamiento del navegador borrado, otro equipo u otra cuenta), el complemento lo indica y pregunta antes de que sus celdas vuelvan a comprarlas.",
          "Los identificadores de los trabajos masivos y de otros trabajos se guardan en la configuración del documento del libro, para poder seguir un trabajo sin terminar cuando se vuelva a abrir el libro.",
        ],
      },
      team: {
        heading: "En un equipo",
        body: [
          "Con el host de equipo de su organización, las búsquedas pasan por ese host, que añade la clave de la organización. Guarda las respuestas que compró su equipo, para que los compañeros no paguen dos veces, y un registro de cada solicitud de pago (quién, qué operación, créditos, cuándo) durante 400 días, que su administrador puede consultar y exportar. Durante esos mismos 400 días anota qué búsqueda suya compró qué dirección, para que un rebote notificado le devuelva el crédito en su mes, y, para una búsqueda enviada a un webhook, la dirección de ese webhook hasta que llega el resultado. Guarda su token de equipo solo como huella, y ningún token de Microsoft 365.",
          "Si ha iniciado sesión con Microsoft 365, solo se guarda el nombre de su cuenta en su almacenamiento de Office en este dispositivo; sus tokens permanecen en memoria.",
        ],
      },
      nothingElse: {
        heading: "Nada más",
        body: [
          "No se envía nada más a ningún sitio: sin análisis, sin seguimiento, sin publicidad, sin terceros.",
        ],
      },
    },
    moreHeading: "Más información",
    supportLink: "Soporte técnico y problemas habituales",
    helpLink: "Ayuda de cada función de hoja de cálculo",
  },
};

/** Texts written exactly as in English on purpose (only codes). */
export const helpSame: readonly string[] = [
  "outcomes.notFound.cell",
  "outcomes.blacklisted.cell",
  "outcomes.unauthorized.cell",
  "outcomes.outOfCredits.cell",
];
