import type { Translation } from "../types";
import type { cellsEn } from "./en-US";

export const cells: Translation<typeof cellsEn> = {
  "cells.argumentErrorValue": "{argument} é um valor de erro.",
  "cells.argumentRange": "{argument} deve ser uma única célula, não um intervalo.",
  "cells.argumentBoolean": "{argument} deve ser texto, não VERDADEIRO ou FALSO.",
  "cells.argumentText": "{argument} deve ser texto.",
  "cells.argumentTooLong":
    "{argument} é longo demais (no máximo {max, plural, one {# caractere} other {# caracteres}}).",
  "cells.argumentInvalidCharacters": "{argument} contém caracteres inválidos.",
  "cells.argumentRequired": "{argument} é obrigatório.",
  "cells.argumentWebsite": "{argument} não é um endereço de site válido.",
  "cells.argumentProfileUrl":
    "{argument} deve ser uma URL de perfil, como https://www.linkedin.com/in/nome.",
  "cells.argumentEmail": "{argument} não é um endereço de email válido.",
  "cells.argumentCategoriesRequired":
    "{argument} é obrigatório: um ou mais destes valores: {categories}.",
  "cells.argumentUnknownCategory": "{argument}: “{value}” não é uma categoria ({categories}).",
  "cells.argumentOneOf": "{argument} deve ser um destes valores: {values}.",
  "cells.argumentCountryCode": "{argument} deve ser um código de país de duas letras, como BR.",
  "cells.argumentUnknownField": "{argument}: “{value}” não é um campo ({fields}).",

  "cells.unauthorized": "Chave de API ausente ou recusada: defina-a no painel de tarefas.",
  "cells.unauthorizedTeam":
    "Token de equipe ausente ou recusado: insira o que seu administrador lhe deu no painel de tarefas (Configurações).",
  "cells.microsoftSignIn":
    "É preciso entrar com o Microsoft 365: entre novamente no painel de tarefas (Configurações).",
  "cells.settings": "Configurações: {message} Altere isso no painel de tarefas.",
  "cells.badRequest": "O serviço recusou a solicitação: {message}",
  "cells.outOfCredits": "Sem créditos.",
  "cells.notFound": "Não encontrado.",
  "cells.blacklisted": "Removido do banco de dados a pedido do titular (lista de bloqueio).",
  "cells.busy":
    "{attempts, plural, =1 {O serviço está ocupado (503); recalcule para tentar novamente.} other {O serviço continua ocupado (503) após # tentativas; recalcule para tentar novamente.}}",
  "cells.timeout": "{message} Recalcule para tentar novamente.",
  "cells.networkAfterAttempts":
    "{message} após {attempts, plural, one {# tentativa} other {# tentativas}}.",
  "cells.serverFailed":
    "{attempts, plural, =1 {O serviço apresentou um erro (HTTP {status}).} other {O serviço apresentou um erro (HTTP {status}) após # tentativas.}}",
  "cells.malformed":
    "{attempts, plural, =1 {O serviço enviou uma resposta ilegível.} other {O serviço enviou uma resposta ilegível após # tentativas.}}",
  "cells.cancelled": "Cancelado.",
  "cells.unexpected": "Erro inesperado: {message}",
  "cells.noEmailFound": "Nenhum email encontrado.",
  "cells.bounced": "Devolvido (denunciado em {date}).",
  "cells.noEmployeesFound": "Nenhum funcionário encontrado.",
  "cells.cardMore": "Mais informações",

  "cells.refusedSpendingOff":
    "Os gastos estão desativados: somente as respostas guardadas são mostradas. Ative os gastos no painel de tarefas (Consultas).",
  "cells.refusedDeclined":
    "Não executado: recusado no painel de tarefas. Recalcule para que a pergunta seja feita novamente.",
  "cells.refusedStopped": "Interrompido no painel de tarefas. Recalcule para executar.",
  "cells.refusedBudget":
    "Orçamento da sessão atingido ({budget, plural, one {# crédito} other {# créditos}} para células): altere-o no painel de tarefas (Consultas).",
  "cells.preview": "Visualização: pressione Enter para pesquisar.",
  "cells.refusedRefreshOnly":
    "Não pesquisado: Atualizar pesquisa de novo apenas as respostas antigas que contou. Recalcule a célula para pesquisá-la.",
  "cells.refusedUnconfirmed":
    "Não executado: este recálculo pode gastar mais de {max, plural, one {# crédito} other {# créditos}} e o painel de tarefas não pôde perguntar a você. Altere “Perguntar antes de gastar mais de” no painel de tarefas (Consultas).",
  "cells.refusedAnswersGone":
    "Não executado: as respostas guardadas desta pasta de trabalho não estão mais neste navegador, e o painel de tarefas não pôde perguntar a você antes de comprá-las de novo. Abra o painel de tarefas e recalcule.",

  "cells.missingApiKey": "Chave de API ausente: defina-a no painel de tarefas.",
  "cells.requestCancelled": "A solicitação foi cancelada.",
  "cells.notJson": "O serviço enviou uma resposta que não é um JSON válido.",
  "cells.noAnswerWithin": "Nenhuma resposta do serviço em {seconds, number} s.",
  "cells.unreachable": "Não foi possível acessar o serviço ({detail}).",
  "cells.httpStatus": "O serviço respondeu com HTTP {status}.",
  "cells.baseUrlPath": "O caminho da URL base só pode conter letras, dígitos e / . _ ~ -.",
  "cells.baseUrlInvalid": "A URL base não é uma URL válida (por exemplo, https://api.example.com).",
  "cells.baseUrlCredentials": "A URL base não pode conter credenciais.",
  "cells.baseUrlQuery": "A URL base não pode ter consulta nem fragmento.",
  "cells.baseUrlHttps": "A URL base deve usar https (http simples só é permitido para localhost).",
  "cells.signInOtherOrigin":
    "O login do Microsoft 365 é enviado somente ao host da equipe de onde vem este suplemento; esta solicitação ia para {origin} e não foi enviada.",
  "cells.lacksCreditsCharged": "A resposta do serviço não traz credits_charged.",
  "cells.downloadNotTable": "O download não é uma tabela de linhas.",
  "cells.requestWithdrawn": "A solicitação foi retirada antes de ser enviada.",
  "cells.calculationCancelled": "O cálculo foi cancelado.",
  "cells.lookupWithdrawn": "A pesquisa foi retirada antes de ser enviada.",

  "cells.indexedDbUnavailable": "O IndexedDB não está disponível neste ambiente de execução.",
  "cells.indexedDbUnusable": "O IndexedDB não pode ser usado aqui ({reason}).",
  "cells.indexedDbOpenTimeout": "O IndexedDB não abriu em {seconds, number} s.",
  "cells.paneFailed": "O Mail Finder não conseguiu iniciar o painel de tarefas: {error}",
  "cells.storageDenied":
    "Este navegador nega armazenamento ao suplemento (cookies e dados de sites de terceiros estão bloqueados): o painel de tarefas diz o que permitir.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const cellsSame: ReadonlyArray<keyof typeof cellsEn> = [];
