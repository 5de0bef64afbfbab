import type { Translation } from "../../types";
import type { domainEn } from "../en-US/domain";

export const domain: Translation<typeof domainEn> = {
  "domain.invalid": "example.comのようなドメインを入力してください。",
  "domain.label": "ドメイン",
  "domain.check": "件数と価格を確認",
  "domain.info":
    "{domain}のメールアドレス{emails, plural, other {#件}}・{credits, plural, other {#クレジット}}・{status, select, ready {ダウンロード可能} preparing {準備中} other {未注文}}",
  "domain.order": "ファイルを注文…",
  "domain.download": "新しいシートにダウンロード",
  "domain.notVerified": "ドメインファイルのメールアドレスは検証されていません。",
  "domain.confirmTitle": "{domain}のメールファイルを注文しますか？",
  "domain.confirmButton": "{credits, plural, other {#クレジット}}で注文",
  "domain.confirmText":
    "メールアドレス{emails, plural, other {#件}}の料金は{credits, plural, other {#クレジット}}で、今すぐ請求されます。後で再度注文する場合は無料です。",
  "domain.jobLabel": "{domain}のメールアドレス",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const domainSame: ReadonlyArray<keyof typeof domainEn> = [];
