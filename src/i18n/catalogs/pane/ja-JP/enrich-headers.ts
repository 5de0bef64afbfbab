import type { Translation } from "../../types";
import type { enrichHeadersEn } from "../en-US/enrich-headers";

// The headers of the columns Enrich writes, in ja-JP (see en-US/enrich-headers.ts). Plain text:
// no ICU syntax.

export const enrichHeaders: Translation<typeof enrichHeadersEn> = {
  "enrich.headerEmailFound": "検出されたメールアドレス",
  "enrich.headerEmailStatus": "メールの状態",
  "enrich.headerValidEmail": "有効なメールアドレス",
  "enrich.headerDecisionMakerCategory": "意思決定者のカテゴリ",
  "enrich.headerPersonFirstName": "担当者の名",
  "enrich.headerPersonLastName": "担当者の姓",
  "enrich.headerPersonFullName": "担当者の氏名",
  "enrich.headerPersonCompany": "担当者の会社",
  "enrich.headerJobTitle": "役職",
  "enrich.headerProfileUrl": "担当者のプロフィールURL",
  "enrich.headerMxHost": "MXホスト",
  "enrich.headerMxDomain": "MXドメイン",
  "enrich.headerCreditsCharged": "消費クレジット",
  "enrich.headerCheckedOn": "確認日",
};
