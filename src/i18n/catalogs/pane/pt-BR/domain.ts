import type { Translation } from "../../types";
import type { domainEn } from "../en-US/domain";

export const domain: Translation<typeof domainEn> = {
  "domain.invalid": "Insira um domínio, como example.com.",
  "domain.label": "Domínio",
  "domain.check": "Verificar quantidade e preço",
  "domain.info":
    "{emails, plural, one {# email disponível} other {# emails disponíveis}} para {domain} · {credits, plural, one {# crédito} other {# créditos}} · {status, select, ready {pronto para download} preparing {em preparação} other {não pedido}}",
  "domain.order": "Pedir o arquivo…",
  "domain.download": "Baixar em uma nova planilha",
  "domain.notVerified": "Os emails de um arquivo de domínio não são verificados.",
  "domain.confirmTitle": "Pedir o arquivo de emails de {domain}?",
  "domain.confirmButton": "Pedir por {credits, plural, one {# crédito} other {# créditos}}",
  "domain.confirmText":
    "Isso custa {credits, plural, one {# crédito, cobrado} other {# créditos, cobrados}} agora, por {emails, plural, one {# email} other {# emails}}. Pedir novamente depois é gratuito.",
  "domain.jobLabel": "Emails de {domain}",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const domainSame: ReadonlyArray<keyof typeof domainEn> = [];
