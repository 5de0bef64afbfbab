import type { Translation } from "../../types";
import type { jobsEn } from "../en-US/jobs";

export const jobs: Translation<typeof jobsEn> = {
  "jobs.none":
    "このブックにはまだジョブがありません。一括検索とGeoLead検索、ドメインファイル、リストの補完がここに表示されます。",
  "jobs.writtenToSheet": "シート「{sheet}」に書き込みました。",
  "jobs.counts":
    "{total, plural, other {#行}}：有効{valid, number}件、リスクあり{risky, number}件、未検出{notFound, number}件",
  "jobs.countsWithFailed":
    "{total, plural, other {#行}}：有効{valid, number}件、リスクあり{risky, number}件、未検出{notFound, number}件、失敗{failed, number}件",
  "jobs.lastCheckFailed": "前回の確認に失敗しました：{error}（ジョブは保持され、再度確認されます）",
  "jobs.filterValid": "有効",
  "jobs.filterRisky": "リスクあり",
  "jobs.filterNotFound": "未検出",
  "jobs.layout": "レイアウト",
  "jobs.layoutRowPerSearch": "検索ごとに1行",
  "jobs.layoutEmailPerLine": "メールアドレスごとに1行",
  "jobs.freePreview": "無料プレビュー",
  "jobs.writtenIntoList": "リストに書き込みました。",
  "jobs.downloadIntoList": "リストにダウンロード",
  "jobs.downloadIntoNewSheet": "新しいシートにダウンロード",
  "jobs.sheets": "シート：{names}",
  "jobs.confirmTitle": "{label}をダウンロードしますか？",
  "jobs.confirmButton": "{credits, plural, other {#クレジット}}を支払ってダウンロード",
  "jobs.confirmText":
    "このダウンロードで結果の料金を支払います：{credits, plural, other {#クレジット}}。このジョブの以降のダウンロードは無料です。先に無料プレビューで内容を確認できます。",
  "jobs.kindBulk": "一括検索",
  "jobs.kindGeoLead": "GeoLead",
  "jobs.kindDomainFile": "ドメインファイル",
  "jobs.kindEnrichBulk": "補完（一括検索）",
  "jobs.kindEnrich": "補完",
  "jobs.jobName":
    "{kind, select, bulk {一括検索} geo_lead {GeoLead検索} domain_file {ドメインファイル} other {補完}}「{label}」",
  "jobs.noticeRunDone": "{name}が完了しました：{count, plural, other {#行}}を書き込みました。",
  "jobs.noticeRunStopped":
    "{name}は{count, plural, other {#行}}を残して停止しました。続行するには［ジョブ］を開いてください。",
  "jobs.noticeRunStoppedWhy":
    "{name}は{count, plural, other {#行}}を残して停止しました（{reason}）。続行するには［ジョブ］を開いてください。",
  "jobs.noticeComplete": "{name}が完了しました。ダウンロードするには［ジョブ］を開いてください。",
  "jobs.noticeCompleteRows":
    "{name}が完了しました：{count, plural, other {#行}}。ダウンロードするには［ジョブ］を開いてください。",
  "jobs.noticeReady": "{name}の準備ができました。ダウンロードするには［ジョブ］を開いてください。",
  "jobs.noticeDeleted": "{name}はサービスによって削除されました。",
  "jobs.noticeFailed": "{name}は失敗しました。",
  "jobs.noticeFailedWhy": "{name}は失敗しました：{error}",
  "jobs.unknownToService":
    "サービスはこのジョブを認識していません（404）。別のアカウントまたはキーのジョブである可能性があります。",
  "jobs.previewSheetName": "{label}プレビュー",
  "jobs.demoSheetEnding": " (デモ)",
  "jobs.fallbackSheetName": "結果",
  "jobs.tableWithoutColumns": "テーブルには少なくとも1列が必要です。",
  "jobs.tableTooWide": "テーブルの列数は{count}ですが、ワークシートに入るのは最大{max}列です。",
  "jobs.tableTooLong":
    "テーブルの行数は{count}ですが、ワークシートの見出し行の下に入るのは最大{max}行です。",
  "jobs.rowTooWide": "行{row}には{cells}個のセルがあり、見出しの{columns}列を超えています。",
  "jobs.writeFailed": "新しいシート「{sheet}」への結果の書き込みに失敗しました：{error}",
  "jobs.notSavable": "保存できるジョブではありません：{job}。",
  "jobs.invalidChange": "ジョブ{id}に対する有効な変更ではありません。",
  "jobs.saveFailed":
    "ジョブの一覧をブックに保存できませんでした（{reason}）。このセッションの間は保持され、次回の変更時に再度保存されます。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const jobsSame: ReadonlyArray<keyof typeof jobsEn> = ["jobs.kindGeoLead"];
