import type { Translation } from "../../types";
import type { refreshEn } from "../en-US/refresh";

export const refresh: Translation<typeof refreshEn> = {
  "refresh.title": "Atualizar respostas antigas",
  "refresh.cellsNote":
    "Selecione células com fórmulas MAIL: somente as respostas mais antigas que isso são pesquisadas de novo.",
  "refresh.listNote":
    "As linhas desta lista com respostas mais antigas são pesquisadas de novo; somente as células de saída são reescritas.",
  "refresh.age": "Respostas com mais de (dias)",
  "refresh.ageInvalid": "Digite um número inteiro de dias entre 0 e {max, number}.",
  "refresh.check": "Contar respostas antigas da seleção",
  "refresh.checkList": "Contar respostas antigas da lista",
  "refresh.count":
    "{count, plural, =0 {Nenhuma resposta aqui tem mais de {days, plural, one {# dia} other {# dias}}.} one {# resposta tem mais de {days, plural, one {# dia} other {# dias}}: pesquisá-la de novo custa no máximo {credits, number} créditos.} other {# respostas têm mais de {days, plural, one {# dia} other {# dias}}: pesquisá-las de novo custa no máximo {credits, number} créditos.}}",
  "refresh.notKept":
    "{count, plural, one {# célula não tem} other {# células não têm}} resposta guardada: Atualizar não as pesquisa.",
  "refresh.run":
    "{count, plural, one {Pesquisar # resposta de novo} other {Pesquisar # respostas de novo}}",
  "refresh.working": "Pesquisando de novo as respostas antigas…",
  "refresh.noFormulas": "A seleção não tem fórmula MAIL. Selecione as células a atualizar.",
  "refresh.spendingOff":
    "Os gastos estão desativados: nada foi pesquisado de novo. Ative os gastos (Pesquisas) para atualizar.",
  "refresh.overBudget":
    "O orçamento da sessão tem {left, number} créditos restantes e esta atualização pode custar até {max, number}: nada foi pesquisado de novo. Aumente o orçamento (Pesquisas) ou atualize menos células.",
  "refresh.asked":
    "{count, plural, one {# resposta pesquisada de novo} other {# respostas pesquisadas de novo}} ({credits, number} créditos):",
  "refresh.nothingChanged": "nada mudou",
  "refresh.changes": "{list}.",
  "refresh.changeStatus": "{count, number} {from} -> {to}",
  "refresh.changeNewEmail": "{count, plural, one {# e-mail novo} other {# e-mails novos}}",
  "refresh.changeLost":
    "{count, plural, one {# não encontrada mais} other {# não encontradas mais}}",
  "refresh.changeList": "{count, plural, one {# lista alterada} other {# listas alteradas}}",
  "refresh.stopped":
    "Parado: {count, plural, one {# resposta não foi pesquisada} other {# respostas não foram pesquisadas}} de novo e mantêm a resposta antiga.",
  "refresh.failed":
    "{count, plural, one {# pesquisa falhou} other {# pesquisas falharam}} e mantêm a resposta antiga ({reason}).",
  "refresh.notAsked":
    "{count, plural, one {# resposta não foi pedida} other {# respostas não foram pedidas}} por nenhuma célula (alteradas desde a contagem).",
  "refresh.listRewritten": "{count, plural, one {# linha reescrita.} other {# linhas reescritas.}}",
  "refresh.readListFirst": "Leia primeiro a sua lista (Usar a seleção, acima).",
  "refresh.listBouncedToWrite":
    "{count, plural, one {# linha mostra um endereço informado como devolvido: ela é reescrita como “bounced”, sem pesquisa.} other {# linhas mostram endereços informados como devolvidos: elas são reescritas como “bounced”, sem pesquisa.}}",
  "refresh.listTypedInto":
    "{count, plural, one {# linha não foi reescrita} other {# linhas não foram reescritas}}: suas células foram alteradas nesse meio-tempo.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const refreshSame: ReadonlyArray<keyof typeof refreshEn> = [
  "refresh.changes",
  "refresh.changeStatus",
];
