import type { Translation } from "../../types";
import type { bulkEn } from "../en-US/bulk";

export const bulk: Translation<typeof bulkEn> = {
  "bulk.rowsToSearch": "Linhas a pesquisar",
  "bulk.useSelection": "Usar o intervalo selecionado",
  "bulk.or": "ou",
  "bulk.fileLabel": "Um arquivo CSV ou XLSX",
  "bulk.working": "Processando…",
  "bulk.sourceSelection": "{count, plural, one {# linha} other {# linhas}} de {source}",
  "bulk.sourceFile": "{fileName} (primeiras linhas mostradas para o mapeamento)",
  "bulk.firstRowIsHeader": "A primeira linha é um cabeçalho",
  "bulk.categoriesLabel":
    "Categorias de tomadores de decisão (opcional, a mais importante primeiro)",
  "bulk.label": "Rótulo",
  "bulk.nothingToSearch": "Nada a pesquisar: nenhuma linha de dados.",
  "bulk.cost":
    "{rows, plural, one {# linha} other {# linhas}} em {searches, plural, one {# pesquisa} other {# pesquisas}} · até {credits, plural, one {# crédito} other {# créditos}} se todas as linhas forem encontradas válidas (pago no download; repetições em até 30 dias são gratuitas)",
  "bulk.costOfFile":
    "O custo é conhecido depois que o arquivo é processado: ele é mostrado antes do download.",
  "bulk.submit": "Iniciar a pesquisa em massa",
  "bulk.fieldFirstName": "Nome",
  "bulk.fieldLastName": "Sobrenome",
  "bulk.fieldFullName": "Nome completo",
  "bulk.fieldCompany": "Empresa",
  "bulk.fieldDomain": "Domínio / site",
  "bulk.fieldEmail": "Email (a verificar)",
  "bulk.fieldProfileUrl": "URL do perfil",
  "bulk.kindEmailAlone":
    "Uma coluna de email verifica emails: remova as colunas de nome e as categorias, ou a coluna de email.",
  "bulk.kindCategoriesNeedCompany":
    "As categorias de tomadores de decisão precisam de uma coluna de empresa ou de domínio.",
  "bulk.kindDecisionMakersByCompany":
    "Os tomadores de decisão são pesquisados por empresa: remova as colunas de nome ou as categorias.",
  "bulk.kindNameNeedsCompany": "Um nome precisa de uma coluna de empresa ou de domínio.",
  "bulk.kindBothNames": "Mapeie o nome e o sobrenome, ou uma coluna de nome completo.",
  "bulk.kindNothingMapped":
    "Mapeie pelo menos as colunas de uma pesquisa: nomes e empresa, emails, URLs de perfil ou empresas.",
  "bulk.unknownCategory": "“{name}” não é uma categoria: use {categories}.",
  "bulk.fileHeaderOnly": "O arquivo tem uma linha de cabeçalho e nenhuma linha de dados.",
  "bulk.fileAllEmpty": "O arquivo não tem linhas de dados: todas as linhas estão vazias.",
  "bulk.selectionHeaderOnly": "A seleção não tem linhas de dados abaixo do cabeçalho.",
  "bulk.selectionAllEmpty": "A seleção não tem linhas de dados: todas as células estão vazias.",
  "bulk.partOfSearch": "{name} ({part} de {parts})",
  "bulk.xlsxNotWorkbook": "Este arquivo .xlsx não é uma pasta de trabalho válida.",
  "bulk.firstSheetEmpty": "A primeira planilha está vazia.",
  "bulk.xlsNotSupported":
    "Pastas de trabalho .xls antigas não são compatíveis: salve o arquivo como .xlsx ou .csv.",
  "bulk.fileEmpty": "O arquivo está vazio.",
  "bulk.notCsvOrXlsx": "Este arquivo não é CSV nem XLSX.",
  "bulk.xlsxDamaged":
    "Este arquivo .xlsx está danificado ({detail}): abra-o no Excel e salve-o novamente.",
  "bulk.xlsxTooLarge":
    "Este arquivo .xlsx se expande para mais de {megabytes, number} MB antes das primeiras linhas: a leitura foi interrompida (um arquivo danificado ou uma bomba zip).",
  "bulk.xlsxCompression":
    "Este arquivo .xlsx usa uma compactação diferente de Deflate: abra-o no Excel e salve-o novamente.",
  "bulk.xlsxNoWorksheet": "Este arquivo .xlsx não tem nenhuma planilha.",
  "bulk.damageTooManyParts": "ele lista mais partes do que pode conter",
  "bulk.damageZipStructure": "sua estrutura zip é inválida ou está truncada",
  "bulk.damagePartMissing": "{part} está ausente",
  "bulk.damagePartDeclares": "{part} declara {megabytes} MB",
  "bulk.damagePartExpands": "{part} se expande além dos {bytes} bytes declarados",
  "bulk.damagePartNotStored": "{part} está listado, mas não armazenado",
  "bulk.damagePartCutShort": "{part} está truncado",
  "bulk.damageNotWorksheet": "{part} não é uma planilha",
  "bulk.damageLongElement": "um elemento <{element}> ultrapassa {megabytes, number} MB",
  "bulk.selectionSeveralAreas":
    "Selecione um único bloco de células: a seleção tem várias áreas ou não contém células.",
  "bulk.selectionEmpty":
    "A seleção está vazia: selecione as células com os dados (e a linha de cabeçalho) e tente novamente.",
  "bulk.columnOutsideSheet": "O índice de coluna {index} está fora das colunas A a XFD do Excel.",
  "bulk.rowsOutsideSheet": "As linhas {first} a {last} estão fora das linhas 1 a {max} do Excel.",
  "bulk.blockWithoutColumns": "Um bloco precisa de pelo menos uma coluna, não {count}.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const bulkSame: ReadonlyArray<keyof typeof bulkEn> = [];
