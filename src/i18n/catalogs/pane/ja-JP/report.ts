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
  "report.bouncesTitle": "複数のバウンスをまとめて報告",
  "report.bouncesHint":
    "検証済みのメールアドレスがバウンスした場合、報告するとクレジットが返却されます。バウンスしたアドレスの列を選択するか（バウンスメッセージがあれば右隣の列に）、メール配信ツールのバウンスエクスポートを選んでください。",
  "report.fromSelection": "選択範囲を使用",
  "report.fileLabel": "バウンスエクスポート（CSV または XLSX）",
  "report.working": "処理中…",
  "report.sourceSelection": "{source} から",
  "report.sourceFile": "ファイル {fileName} から",
  "report.firstRowIsHeader": "先頭行は見出し",
  "report.bouncesSummary":
    "{count, plural, other {重複を除いて # 件のアドレス}}、{bought, plural, other {うち # 件はこのアドインで購入（クレジットが返却される可能性があります）。}}",
  "report.countingBought":
    "{count, plural, other {重複を除いて # 件のアドレス。}}このアドインで購入したものを検索中…",
  "report.leftOut":
    "除外：{duplicates, plural, other {重複 # 件}}、{malformed, plural, other {形式が正しくないアドレス # 件}}。",
  "report.infoAll": "問題の理由（すべての報告に送信、{length, number}/{max, number}）",
  "report.defaultInfo": "ハードバウンス",
  "report.sendBounces": "{count, plural, other {# 件のアドレスを報告}}",
  "report.stop": "停止",
  "report.progress": "{total, number} 件中 {done, number} 件を報告済み",
  "report.returned":
    "{credits, plural, other {# クレジットが返却されました}}（残高：報告前 {before, number}、報告後 {after, number}）。",
  "report.balanceUnknown":
    "報告後の残高を読み取れなかったため、返却されたクレジットは不明です：{error}",
  "report.resultCounts":
    "{reported, plural, other {報告済み # 件}}、{refused, plural, other {拒否 # 件}}、{failed, plural, other {失敗 # 件}}。",
  "report.stoppedUnsent":
    "{count, plural, other {停止しました：# 件のアドレスは送信されず、未報告のままです。}}",
  "report.marked":
    "{count, plural, other {# 件のアドレスを保存済みの回答でバウンスとしてマークしました。再計算で再び購入されることはありません。}}",
  "report.markFailed": "報告したアドレスをバウンスとしてマークできませんでした：{error}",
  "report.refusedTitle": "報告されなかったアドレス",
  "report.outcomesWritten": "各アドレスの結果は {column} 列にあります。",
  "report.outcomesNotWritten":
    "リストの隣の {column} 列が空ではないため、結果は書き込まれませんでした。",
  "report.outcomeHeader": "報告の結果",
  "report.outcomeReported": "報告済み",
  "report.outcomeRefused": "拒否：{reason}",
  "report.outcomeFailed": "未報告：{reason}",
  "report.outcomeUnsent": "未報告（停止）",
  "report.outcomeMalformed": "メールアドレスではありません",
  "report.tooManyRows":
    "{max, plural, other {リストが # 行を超えています。分割してそれぞれ報告してください。}}",
  "report.noEmailColumn": "メールアドレスの列が見つかりませんでした。何も読み込んでいません。",
  "report.nothingToReport": "報告できる正しい形式のメールアドレスがありません。",
  "report.selectionTooWide":
    "アドレスの列を 1 列、またはアドレスとバウンスメッセージの 2 列を選択してください。",
  "report.fileTooLarge":
    "このファイルは {megabytes, number} MB を超えているため、読み込まれませんでした。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const reportSame: ReadonlyArray<keyof typeof reportEn> = [];
