import type { Translation } from "../../types";
import type { lookupsEn } from "../en-US/lookups";

export const lookups: Translation<typeof lookupsEn> = {
  "lookups.title": "このセッションのセル照会",
  "lookups.waiting": "待機中（未送信）",
  "lookups.inFlight": "処理中",
  "lookups.answered": "回答済み",
  "lookups.failed": "失敗",
  "lookups.notRun": "未実行（消費の設定、拒否、停止）",
  "lookups.cached": "保存済みの回答から（リクエストなし）",
  "lookups.shared": "チームの共有回答から (無料)",
  "lookups.reasked": "再照会（デバイスのストレージがいっぱいでした）",
  "lookups.agesTitle": "確認時期別の保存済み回答",
  "lookups.ageUnder30": "30日未満前",
  "lookups.age30to90": "30～90日前",
  "lookups.ageOver90": "90日より前",
  "lookups.spent": "セルが使用したクレジット",
  "lookups.connection":
    "接続：{protocol} · 現在の同時リクエスト数：{limit, plural, other {#}}（最大{ceiling, number}）",
  "lookups.protocolUnknown": "プロトコル不明",
  "lookups.stop": "停止",
  "lookups.stopNote":
    "未送信の照会を取り消します（セルには#N/A「停止」が表示されます）。処理中のリクエストは完了し、その回答は保存されます。",
  "lookups.nothingWaiting": "待機中の照会はありませんでした。",
  "lookups.withdrawn":
    "{count, plural, other {#件の照会を取り消しました。セルには'#'N/A「停止」が表示されます。実行するには再計算してください。}}",
  "lookups.spendingHeading": "クレジットの消費",
  "lookups.spendingOn": "消費：オン",
  "lookups.spendingOff": "消費：オフ（セルは保存済みの回答のみを返します）",
  "lookups.confirmAbove":
    "再計算でこの値を超えるクレジットを使う可能性がある場合に確認（クレジット）",
  "lookups.confirmAboveHint": "0にすると毎回確認し、空欄にすると確認しません。",
  "lookups.sessionBudget": "セルのセッション予算（クレジット）",
  "lookups.sessionBudgetHint":
    "予算を超えると、セルは保存済みの回答のみを返します。空欄：予算なし。",
  "lookups.save": "保存",
  "lookups.saved": "消費の設定を保存しました。",
  "lookups.savedOff": "クレジットの消費はオフです。セルは保存済みの回答のみを返します。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const lookupsSame: ReadonlyArray<keyof typeof lookupsEn> = [];
