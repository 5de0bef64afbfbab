import type { Translation } from "../../types";
import type { lookupsEn } from "../en-US/lookups";

export const lookups: Translation<typeof lookupsEn> = {
  "lookups.title": "Consultas de células nesta sessão",
  "lookups.waiting": "Aguardando (não enviadas)",
  "lookups.inFlight": "Em andamento",
  "lookups.answered": "Respondidas",
  "lookups.failed": "Com falha",
  "lookups.notRun": "Não executadas (gastos, recusadas, interrompidas)",
  "lookups.cached": "De respostas guardadas (sem solicitação)",
  "lookups.shared": "Das respostas compartilhadas da sua equipe (grátis)",
  "lookups.reasked": "Solicitadas de novo (o armazenamento do dispositivo estava cheio)",
  "lookups.agesTitle": "Respostas guardadas por data de verificação",
  "lookups.ageUnder30": "Há menos de 30 dias",
  "lookups.age30to90": "Há 30 a 90 dias",
  "lookups.ageOver90": "Há mais de 90 dias",
  "lookups.spent": "Créditos gastos pelas células",
  "lookups.connection":
    "Conexão: {protocol} · {limit, plural, one {# solicitação simultânea} other {# solicitações simultâneas}} agora (até {ceiling, number})",
  "lookups.protocolUnknown": "protocolo ainda desconhecido",
  "lookups.stop": "Parar",
  "lookups.stopNote":
    "Retira as consultas ainda não enviadas (as células mostram #N/A “Interrompido”); as solicitações em andamento terminam e suas respostas são guardadas.",
  "lookups.nothingWaiting": "Nada estava aguardando.",
  "lookups.withdrawn":
    "{count, plural, one {# consulta retirada; a célula mostra '#'N/A “Interrompido”. Recalcule para executá-la.} other {# consultas retiradas; as células mostram '#'N/A “Interrompido”. Recalcule para executá-las.}}",
  "lookups.spendingHeading": "Gastos",
  "lookups.spendingOn": "Gastos ativados",
  "lookups.spendingOff": "Gastos desativados: as células respondem só com respostas guardadas",
  "lookups.confirmAbove": "Perguntar antes que um recálculo possa gastar mais de (créditos)",
  "lookups.confirmAboveHint": "0 pergunta sempre; vazio nunca pergunta.",
  "lookups.sessionBudget": "Orçamento da sessão para células (créditos)",
  "lookups.sessionBudgetHint":
    "Depois dele, as células respondem só com respostas guardadas. Vazio: sem orçamento.",
  "lookups.save": "Salvar",
  "lookups.saved": "Configurações de gastos salvas.",
  "lookups.savedOff":
    "Os gastos estão desativados: as células respondem só com respostas guardadas.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const lookupsSame: ReadonlyArray<keyof typeof lookupsEn> = [];
