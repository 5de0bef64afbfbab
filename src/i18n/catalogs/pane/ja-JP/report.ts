import type { Translation } from "../../types";
import type { reportEn } from "../en-US/report";

export const report: Translation<typeof reportEn> = {
  "report.email": "メールアドレス",
  "report.fromCell": "選択したセルから",
  "report.why": "問題の理由（{length, number}/{max, number}）",
  "report.bounce": "バウンスメッセージ（省略可能）",
  "report.submit": "報告",
  "report.cellEmpty": "選択したセルは空です。",
  "report.invalidEmail": "有効なメールアドレスを入力してください。",
  "report.whyRequired": "メールアドレスに問題がある理由を入力してください（例：ハードバウンス）。",
  "report.whyTooLong": "{max, plural, other {#文字以内で入力してください。}}",
  "report.refunded": "{credits, plural, other {報告しました。#クレジットが返却されました。}}",
  "report.thanks": "報告しました。ありがとうございます。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
