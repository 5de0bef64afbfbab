import type { Translation } from "../../types";
import type { reportEn } from "../en-US/report";

export const report: Translation<typeof reportEn> = {
  "report.email": "E-mail",
  "report.fromCell": "Da célula selecionada",
  "report.why": "Por que ele é inválido? ({length, number}/{max, number})",
  "report.bounce": "Mensagem de devolução (opcional)",
  "report.submit": "Relatar",
  "report.cellEmpty": "A célula selecionada está vazia.",
  "report.invalidEmail": "Insira um endereço de e-mail válido.",
  "report.whyRequired": "Diga por que o e-mail é inválido (por exemplo: devolução permanente).",
  "report.whyTooLong":
    "{max, plural, one {No máximo # caractere.} other {No máximo # caracteres.}}",
  "report.refunded":
    "{credits, plural, one {Relatado. # crédito foi devolvido.} other {Relatado. # créditos foram devolvidos.}}",
  "report.thanks": "Relatado. Obrigado.",
  "report.bouncesTitle": "Muitas devoluções de uma vez",
  "report.bouncesHint":
    "O crédito de um email verificado que foi devolvido é restituído depois de denunciado. Selecione uma coluna de endereços devolvidos (com as mensagens de devolução na coluna à direita, se as tiver) ou escolha a exportação de devoluções da sua ferramenta de email.",
  "report.fromSelection": "Usar a seleção",
  "report.fileLabel": "Exportação de devoluções (CSV ou XLSX)",
  "report.working": "Processando…",
  "report.sourceSelection": "De {source}",
  "report.sourceFile": "Do arquivo {fileName}",
  "report.firstRowIsHeader": "A primeira linha é um cabeçalho",
  "report.bouncesSummary":
    "{count, plural, one {# endereço distinto} other {# endereços distintos}}, {bought, plural, one {# comprado por este suplemento (o crédito pode ser restituído).} other {# comprados por este suplemento (o crédito pode ser restituído).}}",
  "report.countingBought":
    "{count, plural, one {# endereço distinto;} other {# endereços distintos;}} procurando os comprados por este suplemento…",
  "report.leftOut":
    "Deixados de fora: {duplicates, plural, one {# duplicado} other {# duplicados}}, {malformed, plural, one {# endereço malformado} other {# endereços malformados}}.",
  "report.infoAll":
    "Por que são inválidos? Enviado com cada denúncia ({length, number}/{max, number})",
  "report.defaultInfo": "Devolução permanente",
  "report.sendBounces": "{count, plural, one {Denunciar # endereço} other {Denunciar # endereços}}",
  "report.stop": "Parar",
  "report.progress": "{done, number} de {total, number} denunciados",
  "report.returned":
    "{credits, plural, one {# crédito restituído} other {# créditos restituídos}} (saldo antes: {before, number}, depois: {after, number}).",
  "report.balanceUnknown":
    "Não foi possível ler o saldo depois das denúncias, então os créditos restituídos não são conhecidos: {error}",
  "report.resultCounts":
    "{reported, plural, one {# denunciado} other {# denunciados}}, {refused, plural, one {# recusado} other {# recusados}}, {failed, plural, one {# com falha} other {# com falha}}.",
  "report.stoppedUnsent":
    "{count, plural, one {Parado: # endereço não foi enviado e continua sem denúncia.} other {Parado: # endereços não foram enviados e continuam sem denúncia.}}",
  "report.marked":
    "{count, plural, one {# endereço está marcado como devolvido nas respostas guardadas: nenhum recálculo o comprará de novo.} other {# endereços estão marcados como devolvidos nas respostas guardadas: nenhum recálculo os comprará de novo.}}",
  "report.markFailed": "Não foi possível marcar como devolvidos os endereços denunciados: {error}",
  "report.refusedTitle": "Não denunciados",
  "report.outcomesWritten": "O resultado de cada endereço está na coluna {column}.",
  "report.outcomesNotWritten":
    "A coluna {column}, ao lado da lista, não está vazia: os resultados não foram escritos nela.",
  "report.outcomeHeader": "Resultado da denúncia",
  "report.outcomeReported": "denunciado",
  "report.outcomeRefused": "recusado: {reason}",
  "report.outcomeFailed": "não denunciado: {reason}",
  "report.outcomeUnsent": "não denunciado (parado)",
  "report.outcomeMalformed": "não é um endereço de email",
  "report.tooManyRows":
    "{max, plural, one {A lista tem mais de # linha: divida-a e denuncie cada parte.} other {A lista tem mais de # linhas: divida-a e denuncie cada parte.}}",
  "report.noEmailColumn": "Nenhuma coluna de endereços de email foi encontrada: nada foi lido.",
  "report.nothingToReport": "Nenhum endereço de email válido para denunciar.",
  "report.selectionTooWide":
    "Selecione uma coluna de endereços, ou duas: os endereços e as mensagens de devolução.",
  "report.fileTooLarge": "Este arquivo tem mais de {megabytes, number} MB: não foi lido.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
