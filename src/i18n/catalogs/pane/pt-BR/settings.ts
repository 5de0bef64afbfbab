import type { Translation } from "../../types";
import type { settingsEn } from "../en-US/settings";

export const settings: Translation<typeof settingsEn> = {
  "settings.apiKey": "Chave de API",
  "settings.apiKeyHint": "Guardada para você neste dispositivo, nunca na pasta de trabalho.",
  "settings.baseUrl": "URL base",
  "settings.baseUrlHint": "O serviço, ou um caminho de retransmissão de mesma origem, como /api.",
  "settings.webhookUrl": "URL do webhook (opcional)",
  "settings.webhookUrlHint":
    "Os resultados de pesquisas em lote, do GeoLead e de arquivos de domínio também são enviados para cá.",
  "settings.maxConcurrency": "Solicitações simultâneas (opcional)",
  "settings.maxConcurrencyHint":
    "Vazio: automático (6 com HTTP/1.1; com HTTP/2 se adapta ao serviço, até 64).",
  "settings.maxAge": "Consultar de novo respostas com mais de (dias, opcional)",
  "settings.maxAgeHint":
    "Vazio: uma resposta guardada nunca é comprada de novo. Preenchido: uma resposta mais antiga conta como não guardada, e um recálculo a pede de novo segundo suas regras de gastos.",
  "settings.save": "Salvar",
  "settings.saved": "Configurações salvas.",
  "settings.testConnection": "Testar conexão",
  "settings.connectionHealthy":
    "Serviço funcionando · conta {email} · {credits, plural, one {# crédito restante} other {# créditos restantes}}",
  "settings.connectionDown":
    "Serviço indisponível · conta {email} · {credits, plural, one {# crédito restante} other {# créditos restantes}}",
  "settings.teamToken": "Token de equipe",
  "settings.teamTokenHint":
    "Seu token pessoal para a equipe {team}: peça-o ao seu administrador. Guardado para você neste dispositivo, nunca na pasta de trabalho.",
  "settings.creditsInvalid": "Insira um número de créditos (0 ou mais), ou deixe em branco.",
  "settings.apiKeyInvalid": "A chave de API deve ser uma única palavra de caracteres imprimíveis.",
  "settings.microsoftAccountInvalid":
    "A conta do Microsoft 365 deve ser uma única palavra de caracteres imprimíveis.",
  "settings.microsoftSignIn": "Entrar com o Microsoft 365",
  "settings.microsoftSignedIn": "Conectado com o Microsoft 365 como {account}.",
  "settings.microsoftSignOut": "Sair",
  "settings.microsoftUnsupported":
    "Esta versão do Office não pode entrar aqui com uma conta do Microsoft 365: use um token de equipe.",
  "settings.microsoftNotConfigured":
    "Este host de equipe não oferece entrada com o Microsoft 365: use seu token de equipe.",
  "settings.microsoftCancelled": "A entrada foi cancelada.",
  "settings.microsoftFailed": "Falha ao entrar com o Microsoft 365: {reason}",
  "settings.tryModeOnOff": "O modo de teste está ativado ou desativado.",
  "settings.spendingOnOff": "Os gastos estão ativados ou desativados.",
  "settings.cardsOnOff": "“Respostas como cartões” está ativado ou desativado.",
  "settings.maxConcurrencyInvalid":
    "Insira um número inteiro de 1 a {max, number}, ou deixe em branco (automático).",
  "settings.maxAgeInvalid":
    "Digite um número inteiro de dias de 1 a {max, number}, ou deixe vazio (nunca).",
  "settings.webhookInvalid": "A URL do webhook não é uma URL válida.",
  "settings.webhookHttps": "A URL do webhook deve usar https: o serviço envia resultados para ela.",
  "settings.baseUrlInvalid":
    "Digite o endereço do serviço, por exemplo https://api.example.com, ou um caminho no próprio site deste suplemento, por exemplo /api.",
  "settings.baseUrlPath":
    "Um caminho no site deste suplemento só pode conter letras, dígitos e / . _ ~ -.",
  "settings.baseUrlOtherSite":
    "Um endereço que começa com // ou /\\ leva a outro site: digite o endereço completo do serviço (https://…) ou um caminho no site deste suplemento, por exemplo /api.",
  "settings.baseUrlCharacters":
    "A URL base não pode conter espaços, tabulações, quebras de linha, barras invertidas nem caracteres invisíveis.",
  "settings.baseUrlCredentials":
    "A URL base não pode conter nome de usuário nem senha (usuario:senha@…).",
  "settings.baseUrlQuery": "A URL base não pode ter consulta (?) nem fragmento (#).",
  "settings.baseUrlHttps":
    "A URL base deve usar https (http simples só é permitido neste computador: localhost, 127.0.0.1, [::1]).",
  "settings.baseUrlRefusedAtLoad":
    "A URL base salva anteriormente não é usada: {reason} O padrão, {fallback}, é usado até você salvar outra.",
  "settings.tryNoDemo":
    "O host deste suplemento não oferece modo de teste. Obtenha uma chave de API para usar o suplemento.",
  "settings.tryTooMany":
    "Contas de demonstração demais a partir daqui: tente novamente mais tarde.",
  "settings.tryCouldNotStart": "Não foi possível iniciar o modo de teste ({status}).",
  "settings.tryCouldNotStartReason":
    "Não foi possível iniciar o modo de teste ({status}: {reason}).",
  "settings.tryUnreachable": "Não foi possível acessar a demonstração: {reason}.",
  "settings.tryNoAccount": "A demonstração respondeu sem uma conta.",
  "settings.cardsHeading": "Respostas como cartões",
  "settings.cardsSwitch":
    "Mostrar as respostas de FINDEMAIL, LINKEDINEMAIL e DECISIONMAKER como cartões",
  "settings.cardsOn":
    "Cartões ativados: as células de pessoa, perfil e tomador de decisão mostram um cartão a partir do próximo cálculo.",
  "settings.cardsOff":
    "Cartões desativados: essas células mostram o e-mail a partir do próximo cálculo.",
  "settings.cardsNote":
    "A célula mostra o e-mail; seu cartão, a pessoa (abaixo, um exemplo), e =A2.email_status lê qualquer campo da resposta. Os cartões continuam legíveis no Excel sem o suplemento. Com um argumento fields, valores simples continuam sendo despejados.",
  "settings.cardsUnsupported":
    "Esta versão do Excel não pode mostrar cartões de suplementos (requer {requirement}: Excel para a Web, Windows Microsoft 365 2208 ou posterior, Mac 16.64 ou posterior). As respostas são mostradas como valores simples.",
  "settings.cardsApply": "Aplicar às células existentes (recalcular)",
  "settings.recalculated": "Recalculado.",
  "settings.keptNone": "Respostas guardadas: –",
  "settings.kept":
    "{count, plural, one {# resposta guardada para esta conta ({size}), então recalcular nunca a compra de novo.} other {# respostas guardadas para esta conta ({size}), então recalcular nunca as compra de novo.}}",
  "settings.keptInIndexedDb":
    "Guardadas no banco de dados deste navegador (IndexedDB) neste dispositivo.",
  "settings.keptInOffice":
    "Guardadas no armazenamento de suplementos do Office ({size} para respostas; as mais antigas são removidas primeiro).",
  "settings.keptInOfficeAbout":
    "Guardadas no armazenamento de suplementos do Office ({size} para respostas, cerca de {fits, number} delas; as mais antigas são removidas primeiro).",
  "settings.roomLeft": "Espaço restante para este suplemento neste dispositivo: {size}.",
  "settings.apiKeyHintNotKept":
    "Usada até esta pasta de trabalho ser fechada, sem ser guardada em lugar nenhum: este navegador nega armazenamento ao suplemento.",
  "settings.savedForSession":
    "Configurações em vigor até esta pasta de trabalho ser fechada (este navegador não permite salvá-las).",
  "settings.keptInMemory":
    "Só na memória, até esta pasta de trabalho ser fechada: este navegador nega armazenamento ao suplemento.",
  "settings.keptCleared":
    "{count, plural, one {# resposta apagada; a pasta de trabalho está sendo recalculada.} other {# respostas apagadas; a pasta de trabalho está sendo recalculada.}}",
  "settings.clearAndRecalculate": "Limpar e recalcular",
  "settings.size": "{value} {unit, select, B {B} KB {KB} MB {MB} GB {GB} other {TB}}",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const settingsSame: ReadonlyArray<keyof typeof settingsEn> = ["settings.size"];
