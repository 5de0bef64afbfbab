import type { Translation } from "../../types";
import type { appEn } from "../en-US/app";

export const app: Translation<typeof appEn> = {
  "app.title": "Mail Finder",
  "app.creditsLabel": "Créditos",
  "app.sessionSpendLabel": "gastos nesta sessão",
  "app.tabEnrich": "Enriquecer",
  "app.tabBulk": "Em lote",
  "app.tabGeo": "GeoLead",
  "app.tabDomain": "Domínio",
  "app.tabReport": "Relatar",
  "app.tabJobs": "Trabalhos",
  "app.tabLookups": "Consultas",
  "app.tabSettings": "Configurações",
  "app.jobsFinishedBadge":
    "{count, plural, one {# trabalho concluído} other {# trabalhos concluídos}}",
  "app.panelLoading": "Carregando…",
  "app.firstRunTitle": "Encontre e verifique e-mails comerciais no Excel",
  "app.firstRunFunctions": "Funções nas células: =MAIL.FINDEMAIL(nome; empresa) e mais seis.",
  "app.firstRunEnrich": "Enriqueça sua lista: e-mails em novas colunas ao lado das suas linhas.",
  "app.firstRunBulk":
    "Pesquisas em lote, locais do GeoLead e arquivos de e-mails de domínios em novas planilhas.",
  "app.firstRunCredits": "Nenhum crédito é gasto sem sua confirmação prévia.",
  "app.getApiKey": "Obter uma chave de API",
  "app.tryWithDemo": "Experimentar com dados de demonstração",
  "app.haveKey": "Tenho uma chave",
  "app.haveTeamToken": "Tenho um token de equipe",
  "app.tryModeFree": "O modo de teste é gratuito, não precisa de conta e não guarda nada.",
  "app.tryBanner":
    "Modo de teste: dados de demonstração, gratuito. As respostas são exemplos, não pessoas reais.",
  "app.leaveTryMode": "Sair do modo de teste",
  "app.helpNav": "Ajuda",
  "app.helpLink": "Ajuda",
  "app.supportLink": "Suporte",
  "app.privacyLink": "Privacidade",
  "app.spendingQuestionTitle":
    "{count, plural, one {Executar # nova consulta?} other {Executar # novas consultas?}}",
  "app.spendingQuestionBody":
    "Elas podem custar até {maxCredits} créditos (você pediu para ser consultado acima de {confirmAbove}). Respostas já guardadas não custam nada.",
  "app.spendingRun": "Executar",
  "app.spendingDecline": "Não executar",
  "app.spendingOffReason":
    "Os gastos estão desativados: as ações pagas estão indisponíveis. Ative-os em Consultas.",
  "app.teamSignedIn":
    "Conectado como {name} ({email}) · restam {left} de {budget, plural, one {# crédito} other {# créditos}} este mês",
  "app.teamSignedInNoBudget": "Conectado como {name} ({email}) · sem orçamento mensal",
  "app.teamSignIn":
    "Equipe {team}: insira em Configurações o token de equipe que seu administrador lhe deu.",
  "app.teamTokenRejected":
    "A equipe {team} não aceitou seu token de equipe: peça um novo ao seu administrador e insira-o em Configurações.",
  "app.teamSignInMicrosoft":
    "Equipe {team}: entre com sua conta do Microsoft 365 ou insira o token de equipe que seu administrador lhe deu, em Configurações.",
  "app.teamMicrosoftRefused": "Equipe {team}: {reason}",
  "app.teamBudgetTitle": "Orçamento esgotado",
  "app.spendingQuestionBodyTeam":
    "Elas podem custar até {maxCredits} créditos; restam {budgetLeft} no seu orçamento este mês (você pediu para ser consultado acima de {confirmAbove}). Respostas já guardadas não custam nada.",
  "app.answersGoneTitle":
    "{count, plural, one {Comprar # resposta de novo?} other {Comprar # respostas de novo?}}",
  "app.answersGoneBody":
    "As respostas guardadas desta pasta de trabalho não estão mais neste navegador: o armazenamento dele foi limpo, ou a pasta de trabalho está aberta em outro computador ou com outra conta. Consultá-las de novo pode custar até {maxCredits} créditos.",
  "app.answersGoneBudget": "Restam {budgetLeft} no seu orçamento este mês.",
  "app.answersGoneRun": "Comprar de novo",
  "app.answersGoneDecline": "Não comprar",
  "app.storageDeniedTitle": "Nada é guardado neste dispositivo",
  "app.storageDeniedBody":
    "Este navegador bloqueia o armazenamento do Mail Finder dentro do Excel: cookies e dados de sites de terceiros estão bloqueados (uma janela anônima, uma configuração de privacidade ou uma política da sua organização). Sua chave, suas configurações e as respostas das suas células duram só até esta pasta de trabalho ser fechada. Para mantê-las, permita cookies e dados de sites de terceiros para {site} neste navegador, ou abra o Excel em uma janela normal.",
  "app.storageDeniedHelp": "O que permitir",
  "app.answersNotKept":
    "As respostas não serão mantidas depois que esta pasta de trabalho for fechada: este navegador nega armazenamento ao Mail Finder.",
  "app.dismiss": "Descartar",
  "app.openJobs": "Ver trabalhos",
  "app.cancel": "Cancelar",
  "app.twoSentences": "{first} {second}",
  "app.freezeButton": "Congelar resultados",
  "app.freezing": "Congelando…",
  "app.freezeNote":
    "As fórmulas MAIL do intervalo selecionado são substituídas por seus valores (texto continua texto), assim a planilha pode ser compartilhada sem recalcular; um resultado despejado é congelado por inteiro. Células que mostram um erro mantêm sua fórmula.",
  "app.freezeNothing": "A seleção não contém fórmulas MAIL.",
  "app.freezeOneBlock":
    "Congelar funciona com um único bloco de células: selecione um só intervalo (a seleção tem várias áreas ou não é de células).",
  "app.frozeCells": "{frozen, plural, one {# célula congelada} other {# células congeladas}}.",
  "app.frozeCellsKeptErrors":
    "{frozen, plural, one {# célula congelada} other {# células congeladas}}; {errors, plural, one {# célula que mostra um erro manteve sua fórmula} other {# células que mostram um erro mantiveram sua fórmula}}.",
  "app.frozeCellsKeptCards":
    "{frozen, plural, one {# célula congelada} other {# células congeladas}}; {cards, plural, one {# célula que mostra um cartão manteve sua fórmula} other {# células que mostram um cartão mantiveram sua fórmula}} (esta versão do Excel não consegue gravar um cartão como valor).",
  "app.frozeCellsKeptBoth":
    "{frozen, plural, one {# célula congelada} other {# células congeladas}}; {errors, plural, one {# célula que mostra um erro manteve sua fórmula} other {# células que mostram um erro mantiveram sua fórmula}}; {cards, plural, one {# célula que mostra um cartão manteve sua fórmula} other {# células que mostram um cartão mantiveram sua fórmula}} (esta versão do Excel não consegue gravar um cartão como valor).",
  "app.frozeNoneKeptErrors":
    "Nada foi congelado: {errors, plural, one {# célula que mostra um erro manteve sua fórmula} other {# células que mostram um erro mantiveram sua fórmula}}.",
  "app.frozeNoneKeptCards":
    "Nada foi congelado: {cards, plural, one {# célula que mostra um cartão manteve sua fórmula} other {# células que mostram um cartão mantiveram sua fórmula}} (esta versão do Excel não consegue gravar um cartão como valor).",
  "app.frozeNoneKeptBoth":
    "Nada foi congelado: {errors, plural, one {# célula que mostra um erro manteve sua fórmula} other {# células que mostram um erro mantiveram sua fórmula}}; {cards, plural, one {# célula que mostra um cartão manteve sua fórmula} other {# células que mostram um cartão mantiveram sua fórmula}} (esta versão do Excel não consegue gravar um cartão como valor).",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const appSame: ReadonlyArray<keyof typeof appEn> = [
  "app.title",
  "app.tabGeo",
  "app.twoSentences",
];
