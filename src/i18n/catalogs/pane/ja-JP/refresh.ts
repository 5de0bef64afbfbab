import type { Translation } from "../../types";
import type { refreshEn } from "../en-US/refresh";

export const refresh: Translation<typeof refreshEn> = {
  "refresh.title": "古い回答を更新",
  "refresh.cellsNote": "MAIL 数式のセルを選択してください。これより古い回答だけが再検索されます。",
  "refresh.listNote": "この一覧で回答がこれより古い行を再検索し、その出力セルだけを書き直します。",
  "refresh.age": "次の日数より古い回答",
  "refresh.ageInvalid": "0～{max, number} の整数で日数を入力してください。",
  "refresh.check": "選択範囲の古い回答を数える",
  "refresh.checkList": "一覧の古い回答を数える",
  "refresh.count":
    "{count, plural, =0 {{days, number} 日より古い回答はありません。} other {{days, number} 日より古い回答が # 件あります。再検索の費用は最大 {credits, number} クレジットです。}}",
  "refresh.notKept":
    "保存された回答のないセルが {count, number} 個あります。更新ではそれらを検索しません。",
  "refresh.run": "{count, number} 件の回答を再検索",
  "refresh.working": "古い回答を再検索しています…",
  "refresh.noFormulas": "選択範囲に MAIL 数式がありません。更新するセルを選択してください。",
  "refresh.spendingOff":
    "支出がオフのため、何も再検索していません。更新するには支出をオンにしてください (検索)。",
  "refresh.overBudget":
    "セッション予算の残りは {left, number} クレジットで、この更新は最大 {max, number} かかる可能性があります。何も再検索していません。予算を増やすか (検索)、更新するセルを減らしてください。",
  "refresh.asked": "{count, number} 件の回答を再検索しました ({credits, number} クレジット):",
  "refresh.nothingChanged": "変更はありません",
  "refresh.changes": "{list}。",
  "refresh.changeStatus": "{from} -> {to}: {count, number} 件",
  "refresh.changeNewEmail": "新しいメール: {count, number} 件",
  "refresh.changeLost": "見つからなくなった: {count, number} 件",
  "refresh.changeList": "変更された一覧: {count, number} 件",
  "refresh.stopped": "停止しました: {count, number} 件の回答は再検索されず、古い回答のままです。",
  "refresh.failed": "{count, number} 件の検索が失敗し、古い回答のままです ({reason})。",
  "refresh.notAsked":
    "{count, number} 件の回答はどのセルからも要求されませんでした (数えた後に変更)。",
  "refresh.listRewritten": "{count, number} 行を書き直しました。",
  "refresh.readListFirst": "まず一覧を読み込んでください (上の「選択範囲を使用」)。",
  "refresh.listBouncedToWrite":
    "バウンスとして報告されたアドレスを示す行が {count, number} 行あります。検索せずに「bounced」として書き直します。",
  "refresh.listTypedInto":
    "{count, number} 行は書き直しませんでした。その間にセルが変更されました。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const refreshSame: ReadonlyArray<keyof typeof refreshEn> = [];
