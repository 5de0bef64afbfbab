import type { Translation } from "../../types";
import type { enrichEn } from "../en-US/enrich";
import { enrichHeaders } from "./enrich-headers";

export const enrich: Translation<typeof enrichEn> = {
  ...enrichHeaders,
  "enrich.operationPerson": "Encontrar o e-mail de cada pessoa",
  "enrich.operationVerify": "Verificar os e-mails",
  "enrich.operationDecisionMaker": "Encontrar um tomador de decisão em cada empresa",
  "enrich.yourList": "Sua lista",
  "enrich.onlyValid": "Escrever somente emails válidos",
  "enrich.onlyValidHint":
    "Para listas que vão direto para envio: um email arriscado ou inválido é omitido (a célula fica vazia) e o status é escrito.",
  "enrich.useSelection": "Usar a seleção (ou a tabela dela)",
  "enrich.whatToLookUp": "O que pesquisar",
  "enrich.working": "Processando…",
  "enrich.sourceRows":
    "{count, plural, one {# linha} other {# linhas}} {kind, select, table {da tabela {name}} other {de {name}}}",
  "enrich.categoriesLabel": "Categorias de tomadores de decisão, a mais importante primeiro",
  "enrich.categoriesHint": "Uma ou mais de: {categories}",
  "enrich.columnsToWrite": "Colunas a escrever",
  "enrich.costRowsToDo": "{count, plural, one {# linha a processar} other {# linhas a processar}}",
  "enrich.costDone": "{count, plural, one {# já concluída} other {# já concluídas}}",
  "enrich.costNotPossible": "{count, plural, one {# não possível} other {# não possíveis}}",
  "enrich.costWaiting":
    "{count, number} aguardando em uma pesquisa em massa ou uma execução (veja Trabalhos)",
  "enrich.costCredits":
    "até {credits, plural, one {# crédito} other {# créditos}} para {lookups, plural, one {# pesquisa} other {# pesquisas}} (respostas guardadas e respostas não encontradas são gratuitas)",
  "enrich.bulkThreshold": "Usar uma pesquisa em massa acima de N linhas a processar",
  "enrich.bulkThresholdInvalid": "Um número inteiro de linhas, 0 ou mais.",
  "enrich.asBulk":
    "É executada como pesquisa em massa: as respostas são escritas ao lado da lista quando ela terminar (guia Trabalhos: uma prévia gratuita e depois o download, que informa o custo primeiro).",
  "enrich.submit": "Escrever as respostas ao lado da lista",
  "enrich.readAgain": "Leia a seleção novamente para processar mais linhas.",
  "enrich.jobLabel": "Enriquecer {name}",
  "enrich.conflicts":
    "As respostas substituiriam células em que você digitou: {cells}{more, plural, =0 {} other { e mais #}}. Limpe-as ou escolha outras colunas a escrever e depois leia a seleção novamente.",
  "enrich.progress":
    "{state, select, done {Concluído} stopped {Parado} other {Processando}}: {done, number} de {total, plural, one {# linha} other {# linhas}} · {details}",
  "enrich.progressWritten": "{count, plural, one {# escrita} other {# escritas}}",
  "enrich.progressFailed": "{count, number} com falha",
  "enrich.progressNotRun": "{count, plural, one {# não executada} other {# não executadas}}",
  "enrich.progressTypedInto":
    "{count, plural, one {# digitada nesse meio-tempo} other {# digitadas nesse meio-tempo}}",
  "enrich.summaryReason":
    "{count, plural, one {# linha} other {# linhas}}: {reason} (deixadas vazias: execute novamente para processá-las)",
  "enrich.summaryTyped": "Não escritas, digitadas nesse meio-tempo: {cells}",
  "enrich.runStatus":
    "{status, select, running {em execução} interrupted {interrompido} stopped {parado} completed {concluído} failed {com falha} other {{status}}}",
  "enrich.runCounts":
    'Enriquecer · {kind, select, table {tabela {name}} other {planilha "{name}"}} · {done, number} de {total, plural, one {# linha} other {# linhas}}: {details}',
  "enrich.rowsLeft": "{count, plural, one {# linha restante} other {# linhas restantes}}: {reason}",
  "enrich.continue": "Continuar: processar as linhas restantes",
  "enrich.continueCost":
    "Até {rows, plural, one {# linha} other {# linhas}}, no máximo {credits, plural, one {# crédito} other {# créditos}} (linhas escritas são ignoradas; respostas guardadas são gratuitas)",
  "enrich.continueDone":
    "{written, number} de {total, plural, one {# linha escrita} other {# linhas escritas}}.",
  "enrich.mapEmail": "Mapeie a coluna de e-mail a verificar.",
  "enrich.mapCompany":
    "Mapeie uma coluna de empresa ou domínio para encontrar tomadores de decisão.",
  "enrich.mapBothNames": "Mapeie o nome e o sobrenome, ou uma coluna de nome completo.",
  "enrich.mapPerson":
    "Mapeie uma coluna de nome (nome completo, ou nome e sobrenome) e uma coluna de empresa ou domínio, ou uma coluna de URL de perfil.",
  "enrich.noOutputs": "Escolha pelo menos uma coluna a escrever.",
  "enrich.unknownOutput": '"{field}" não é um campo de resposta desta pesquisa.',
  "enrich.outputTwice": "Cada coluna é escrita uma só vez.",
  "enrich.skippedMissing":
    "{input, select, name {ignorada: sem nome} last_name {ignorada: sem sobrenome} company {ignorada: sem empresa} linkedin_url {ignorada: sem URL de perfil} email {ignorada: sem e-mail} categories {ignorada: sem categorias} other {ignorada: falta {input}}}",
  "enrich.skipped": "ignorada: {reason}",
  "enrich.inputWord":
    "{input, select, name {nome} last_name {sobrenome} company {empresa} linkedin_url {URL de perfil} email {e-mail} categories {categorias} other {{input}}}",
  "enrich.outOfCredits": "Sem créditos.",
  "enrich.notWritten": "Não escrito: {error}",
  "enrich.notEnrichJob": "Não é um trabalho de enriquecimento.",
  "enrich.listMore": "{list} e mais {more, number}",
  "enrich.writtenBack":
    '{count, plural, one {# linha escrita} other {# linhas escritas}} {kind, select, table {na tabela {name}} other {na planilha "{name}"}}.',
  "enrich.writtenMoved":
    "{count, plural, one {# delas encontrada onde havia sido movida} other {# delas encontradas onde haviam sido movidas}}.",
  "enrich.writtenNotFound": "Não escritas (excluídas ou alteradas desde então): linhas {rows}.",
  "enrich.writtenFilled": "Não escritas, as células delas já contêm algo: linhas {rows}.",
  "enrich.writtenTyped": "Não escritas sobre células que já contêm algo: {cells}.",
  "enrich.writtenFailed":
    "{count, plural, one {# linha não pôde ser pesquisada} other {# linhas não puderam ser pesquisadas}} (deixadas vazias).",
  "enrich.writtenUnusable":
    "{count, plural, one {# resultado não correspondeu} other {# resultados não corresponderam}} ao que foi enviado.",
  "enrich.severalTables": "A seleção abrange várias tabelas: selecione células de uma só tabela.",
  "enrich.listGone":
    '{kind, select, table {A tabela "{name}" foi excluída ou renomeada.} other {A planilha "{name}" foi excluída ou renomeada.}}',
  "enrich.noOutputColumn": "Nenhuma coluna contém a saída {field}.",
  "enrich.listChanged": "A lista mudou desde que foi lida: leia a seleção novamente.",
  "enrich.noEmptyColumn": "Não há nenhuma coluna vazia à direita da seleção para escrever.",
  "enrich.rowWidth": "A linha {row} tem {count, number} valores para {width, number} colunas.",
  "enrich.rowTwice": "A linha {row} foi informada duas vezes.",
  "enrich.sheetGone":
    'A planilha "{name}" foi renomeada ou excluída: {count, plural, one {# linha não foi escrita} other {# linhas não foram escritas}}.',
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const enrichSame: ReadonlyArray<keyof typeof enrichEn> = [];
