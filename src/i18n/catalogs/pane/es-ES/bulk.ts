import type { Translation } from "../../types";
import type { bulkEn } from "../en-US/bulk";

export const bulk: Translation<typeof bulkEn> = {
  "bulk.rowsToSearch": "Filas que buscar",
  "bulk.useSelection": "Usar el rango seleccionado",
  "bulk.or": "o",
  "bulk.fileLabel": "Un archivo CSV o XLSX",
  "bulk.working": "Procesando…",
  "bulk.sourceSelection": "{count, plural, one {# fila} other {# filas}} de {source}",
  "bulk.sourceFile": "{fileName} (se muestran las primeras filas para la asignación)",
  "bulk.firstRowIsHeader": "La primera fila es un encabezado",
  "bulk.categoriesLabel":
    "Categorías de responsables de decisiones (opcional, la más importante primero)",
  "bulk.label": "Etiqueta",
  "bulk.nothingToSearch": "Nada que buscar: no hay filas de datos.",
  "bulk.cost":
    "{rows, plural, one {# fila} other {# filas}} en {searches, plural, one {# búsqueda} other {# búsquedas}} · hasta {credits, plural, one {# crédito} other {# créditos}} si todas las filas resultan válidas (se paga al descargar; las repeticiones en un plazo de 30 días son gratuitas)",
  "bulk.costOfFile":
    "El coste se conoce cuando se procesa el archivo: se muestra antes de descargar.",
  "bulk.submit": "Iniciar la búsqueda masiva",
  "bulk.fieldFirstName": "Nombre",
  "bulk.fieldLastName": "Apellidos",
  "bulk.fieldFullName": "Nombre completo",
  "bulk.fieldCompany": "Empresa",
  "bulk.fieldDomain": "Dominio / sitio web",
  "bulk.fieldEmail": "Correo electrónico (para verificar)",
  "bulk.fieldProfileUrl": "URL del perfil",
  "bulk.kindEmailAlone":
    "Una columna de correo electrónico verifica correos: quite las columnas de nombre y las categorías, o la columna de correo electrónico.",
  "bulk.kindCategoriesNeedCompany":
    "Las categorías de responsables de decisiones necesitan una columna de empresa o de dominio.",
  "bulk.kindDecisionMakersByCompany":
    "Los responsables de decisiones se buscan por empresa: quite las columnas de nombre o las categorías.",
  "bulk.kindNameNeedsCompany": "Un nombre necesita una columna de empresa o de dominio.",
  "bulk.kindBothNames": "Asigne el nombre y los apellidos, o una columna de nombre completo.",
  "bulk.kindNothingMapped":
    "Asigne al menos las columnas de una búsqueda: nombres y empresa, correos electrónicos, URL de perfil o empresas.",
  "bulk.unknownCategory": "«{name}» no es una categoría: use {categories}.",
  "bulk.fileHeaderOnly": "El archivo tiene una fila de encabezado y ninguna fila de datos.",
  "bulk.fileAllEmpty": "El archivo no tiene filas de datos: todas las filas están vacías.",
  "bulk.selectionHeaderOnly": "La selección no tiene filas de datos debajo de su encabezado.",
  "bulk.selectionAllEmpty": "La selección no tiene filas de datos: todas las celdas están vacías.",
  "bulk.partOfSearch": "{name} ({part} de {parts})",
  "bulk.xlsxNotWorkbook": "Este archivo .xlsx no es un libro válido.",
  "bulk.firstSheetEmpty": "La primera hoja de cálculo está vacía.",
  "bulk.xlsNotSupported":
    "Los libros .xls antiguos no se admiten: guarde el archivo como .xlsx o .csv.",
  "bulk.fileEmpty": "El archivo está vacío.",
  "bulk.notCsvOrXlsx": "Este archivo no es ni CSV ni XLSX.",
  "bulk.xlsxDamaged":
    "Este archivo .xlsx está dañado ({detail}): ábralo en Excel y vuelva a guardarlo.",
  "bulk.xlsxTooLarge":
    "Este archivo .xlsx se descomprime en más de {megabytes, number} MB antes de sus primeras filas: no se siguió leyendo (un archivo dañado o una bomba zip).",
  "bulk.xlsxCompression":
    "Este archivo .xlsx usa una compresión distinta de Deflate: ábralo en Excel y vuelva a guardarlo.",
  "bulk.xlsxNoWorksheet": "Este archivo .xlsx no tiene ninguna hoja de cálculo.",
  "bulk.damageTooManyParts": "enumera más partes de las que puede contener",
  "bulk.damageZipStructure": "su estructura zip no es válida o está truncada",
  "bulk.damagePartMissing": "falta {part}",
  "bulk.damagePartDeclares": "{part} declara {megabytes} MB",
  "bulk.damagePartExpands": "{part} se descomprime por encima de los {bytes} bytes que declara",
  "bulk.damagePartNotStored": "{part} aparece en la lista pero no está almacenado",
  "bulk.damagePartCutShort": "{part} está truncado",
  "bulk.damageNotWorksheet": "{part} no es una hoja de cálculo",
  "bulk.damageLongElement": "un elemento <{element}> supera {megabytes, number} MB",
  "bulk.selectionSeveralAreas":
    "Seleccione un solo bloque de celdas: la selección tiene varias áreas o no contiene celdas.",
  "bulk.selectionEmpty":
    "La selección está vacía: seleccione las celdas con los datos (y su fila de encabezado) y vuelva a intentarlo.",
  "bulk.columnOutsideSheet":
    "El índice de columna {index} está fuera de las columnas A a XFD de Excel.",
  "bulk.rowsOutsideSheet":
    "Las filas {first} a {last} están fuera de las filas 1 a {max} de Excel.",
  "bulk.blockWithoutColumns": "Un bloque necesita al menos una columna, no {count}.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const bulkSame: ReadonlyArray<keyof typeof bulkEn> = [];
