import type { Translation } from "../../types";
import type { jobsEn } from "../en-US/jobs";

export const jobs: Translation<typeof jobsEn> = {
  "jobs.none":
    "Ainda não há trabalhos nesta pasta de trabalho. Pesquisas em massa e GeoLead, arquivos de domínio e enriquecimentos das suas listas aparecem aqui.",
  "jobs.writtenToSheet": "Gravado na planilha “{sheet}”.",
  "jobs.counts":
    "{total, plural, one {# linha} other {# linhas}}: {valid, plural, one {# válida} other {# válidas}}, {risky, plural, one {# arriscada} other {# arriscadas}}, {notFound, plural, one {# não encontrada} other {# não encontradas}}",
  "jobs.countsWithFailed":
    "{total, plural, one {# linha} other {# linhas}}: {valid, plural, one {# válida} other {# válidas}}, {risky, plural, one {# arriscada} other {# arriscadas}}, {notFound, plural, one {# não encontrada} other {# não encontradas}}, {failed, plural, one {# com falha} other {# com falha}}",
  "jobs.lastCheckFailed":
    "Falha na última verificação: {error} (o trabalho é mantido e será verificado novamente)",
  "jobs.filterValid": "válidas",
  "jobs.filterRisky": "arriscadas",
  "jobs.filterNotFound": "não encontradas",
  "jobs.layout": "Layout",
  "jobs.layoutRowPerSearch": "uma linha por pesquisa",
  "jobs.layoutEmailPerLine": "um email por linha",
  "jobs.freePreview": "Prévia gratuita",
  "jobs.writtenIntoList": "Gravado na lista.",
  "jobs.downloadIntoList": "Baixar na lista",
  "jobs.downloadIntoNewSheet": "Baixar em uma nova planilha",
  "jobs.sheets": "Planilhas: {names}",
  "jobs.confirmTitle": "Baixar {label}?",
  "jobs.confirmButton": "Pagar {credits, plural, one {# crédito} other {# créditos}} e baixar",
  "jobs.confirmText":
    "Este download paga os resultados: {credits, plural, one {# crédito} other {# créditos}}. Os próximos downloads deste trabalho são gratuitos. Use a prévia gratuita para conferir antes.",
  "jobs.kindBulk": "Pesquisa em massa",
  "jobs.kindGeoLead": "GeoLead",
  "jobs.kindDomainFile": "Arquivo de domínio",
  "jobs.kindEnrichBulk": "Enriquecer (pesquisa em massa)",
  "jobs.kindEnrich": "Enriquecer",
  "jobs.jobName":
    "{kind, select, bulk {Pesquisa em massa} geo_lead {Pesquisa GeoLead} domain_file {Arquivo de domínio} other {Enriquecimento}} “{label}”",
  "jobs.noticeRunDone":
    "{name}: concluído, {count, plural, one {# linha gravada} other {# linhas gravadas}}.",
  "jobs.noticeRunStopped":
    "{name}: interrompido com {count, plural, one {# linha restante} other {# linhas restantes}}. Abra Trabalhos para continuar.",
  "jobs.noticeRunStoppedWhy":
    "{name}: interrompido com {count, plural, one {# linha restante} other {# linhas restantes}} ({reason}). Abra Trabalhos para continuar.",
  "jobs.noticeComplete": "{name}: processamento concluído. Abra Trabalhos para baixar.",
  "jobs.noticeCompleteRows":
    "{name}: processamento concluído, {count, plural, one {# linha} other {# linhas}}. Abra Trabalhos para baixar.",
  "jobs.noticeReady": "{name}: disponível. Abra Trabalhos para baixar.",
  "jobs.noticeDeleted": "O serviço excluiu {name}.",
  "jobs.noticeFailed": "{name}: falha.",
  "jobs.noticeFailedWhy": "{name}: falha. {error}",
  "jobs.unknownToService":
    "O serviço não conhece este trabalho (404): ele pode pertencer a outra conta ou chave.",
  "jobs.previewSheetName": "{label} prévia",
  "jobs.demoSheetEnding": " (demo)",
  "jobs.fallbackSheetName": "Resultados",
  "jobs.tableWithoutColumns": "Uma tabela precisa de pelo menos uma coluna.",
  "jobs.tableTooWide": "A tabela tem {count} colunas; uma planilha comporta no máximo {max}.",
  "jobs.tableTooLong":
    "A tabela tem {count} linhas; uma planilha comporta no máximo {max} abaixo do cabeçalho.",
  "jobs.rowTooWide":
    "A linha {row} tem {cells} células, mais que as {columns} colunas do cabeçalho.",
  "jobs.writeFailed": "Falha ao gravar os resultados na nova planilha “{sheet}”: {error}",
  "jobs.notSavable": "Não é um trabalho que possa ser salvo: {job}.",
  "jobs.invalidChange": "Não é uma alteração válida para o trabalho {id}.",
  "jobs.saveFailed":
    "Não foi possível salvar a lista de trabalhos na pasta de trabalho ({reason}). Ela é mantida nesta sessão e será salva novamente na próxima alteração.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const jobsSame: ReadonlyArray<keyof typeof jobsEn> = [
  "jobs.layout",
  "jobs.kindGeoLead",
  "jobs.demoSheetEnding",
];
