import type { AddinTexts } from "./types";

// The manifests' texts in Brazilian Portuguese; the English are
// src/manifest/addin-description.ts's.

export const manifest: AddinTexts = {
  name: "Mail Finder",
  description:
    "Encontre e verifique endereços de email profissionais na sua planilha: MAIL.FINDEMAIL, MAIL.VERIFYEMAIL e pesquisas em massa.",
  shortDescription: "Encontre e verifique endereços de email profissionais na sua planilha.",
  getStarted: {
    title: "O Mail Finder está pronto",
    description:
      "Digite =MAIL.FINDEMAIL(nome; sobrenome; empresa) em uma célula ou abra o Mail Finder na guia Página Inicial para pesquisas em massa e configurações.",
  },
  groupLabel: "Mail Finder",
  commands: {
    TaskpaneButton: {
      label: "Mail Finder",
      tooltip:
        "Abrir o Mail Finder: configurações, pesquisas em massa, GeoLead, arquivos de domínios e trabalhos.",
    },
    FindEmails: {
      label: "Encontrar emails",
      tooltip:
        "Encontra o email de cada pessoa da lista selecionada (nomes e empresa, ou URLs de perfil) e o escreve em novas colunas ao lado.",
    },
    VerifyEmails: {
      label: "Verificar emails",
      tooltip:
        "Verifica os emails da lista selecionada e escreve o status deles em uma nova coluna ao lado.",
    },
    FindEmailsMenu: {
      label: "Encontrar emails destas linhas",
      tooltip:
        "Encontra o email de cada pessoa da lista selecionada (nomes e empresa, ou URLs de perfil) e o escreve em novas colunas ao lado.",
    },
    VerifyEmailsMenu: {
      label: "Verificar estes emails",
      tooltip:
        "Verifica os emails da lista selecionada e escreve o status deles em uma nova coluna ao lado.",
    },
    RefreshMenu: {
      label: "Atualizar respostas antigas",
      tooltip:
        "Conta as respostas com mais de um número de dias nas células MAIL selecionadas, mostra o custo máximo e pesquisa de novo somente essas.",
    },
  },
  commandFunctions: {
    findEmails: "Encontrar emails",
    verifyEmails: "Verificar emails",
    refreshAnswers: "Atualizar respostas antigas",
  },
};

/** Texts written as in English on purpose: the product's name. */
export const manifestSame = ["name", "groupLabel", "commands.TaskpaneButton.label"];
