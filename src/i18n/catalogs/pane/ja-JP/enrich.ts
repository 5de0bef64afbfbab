import type { Translation } from "../../types";
import type { enrichEn } from "../en-US/enrich";
import { enrichHeaders } from "./enrich-headers";

export const enrich: Translation<typeof enrichEn> = {
  ...enrichHeaders,
  "enrich.operationPerson": "各人物のメールアドレスを検索",
  "enrich.operationVerify": "メールアドレスを検証",
  "enrich.operationDecisionMaker": "各企業の意思決定者を検索",
  "enrich.yourList": "リスト",
  "enrich.onlyValid": "有効なメールのみ書き込む",
  "enrich.onlyValidHint":
    "そのまま送信する一覧向け: リスクのあるメールや無効なメールは書き込まず (セルは空のまま)、その状態を書き込みます。",
  "enrich.useSelection": "選択範囲（またはそのテーブル）を使用",
  "enrich.whatToLookUp": "検索する内容",
  "enrich.working": "処理中…",
  "enrich.sourceRows":
    "{kind, select, table {テーブル{name}} other {{name}}}の{count, plural, other {#行}}",
  "enrich.categoriesLabel": "意思決定者のカテゴリ（重要な順）",
  "enrich.categoriesHint": "次の1つ以上：{categories}",
  "enrich.columnsToWrite": "書き込む列",
  "enrich.costRowsToDo": "処理対象{count, plural, other {#行}}",
  "enrich.costDone": "処理済み{count, number}行",
  "enrich.costNotPossible": "処理不可{count, number}行",
  "enrich.costWaiting": "一括検索または実行で待機中{count, number}行（ジョブを参照）",
  "enrich.costCredits":
    "{lookups, plural, other {#件}}の検索で最大{credits, plural, other {#クレジット}}（保存済みの回答と見つからなかった回答は無料）",
  "enrich.bulkThreshold": "処理する行がN行を超える場合は一括検索を使用",
  "enrich.bulkThresholdInvalid": "0以上の整数で行数を指定してください。",
  "enrich.asBulk":
    "一括検索として実行します。完了すると回答がリストの横に書き込まれます（ジョブタブ：無料のプレビューの後、最初に費用を示すダウンロード）。",
  "enrich.submit": "回答をリストの横に書き込む",
  "enrich.readAgain": "さらに行を処理するには、選択範囲をもう一度読み取ってください。",
  "enrich.jobLabel": "{name}を補完",
  "enrich.conflicts":
    "回答が入力済みのセルを上書きします：{cells}{more, plural, =0 {} other {、ほか#件}}。これらのセルをクリアするか、書き込む別の列を選択してから、選択範囲をもう一度読み取ってください。",
  "enrich.progress":
    "{state, select, done {完了} stopped {停止} other {処理中}}：{total, plural, other {#行}}中{done, number}行 · {details}",
  "enrich.progressWritten": "書き込み済み{count, number}",
  "enrich.progressFailed": "失敗{count, number}",
  "enrich.progressNotRun": "未実行{count, number}",
  "enrich.progressTypedInto": "その間に入力あり{count, number}",
  "enrich.summaryReason":
    "{count, plural, other {#行}}：{reason}（空のまま：もう一度実行すると処理されます）",
  "enrich.summaryTyped": "その間に入力されたため書き込まれていません：{cells}",
  "enrich.runStatus":
    "{status, select, running {実行中} interrupted {中断} stopped {停止} completed {完了} failed {失敗} other {{status}}}",
  "enrich.runCounts":
    "補完 · {kind, select, table {テーブル{name}} other {シート「{name}」}} · {total, plural, other {#行}}中{done, number}行：{details}",
  "enrich.rowsLeft": "残り{count, plural, other {#行}}：{reason}",
  "enrich.continue": "続行：残りの行を処理",
  "enrich.continueCost":
    "最大{rows, plural, other {#行}}、最大{credits, plural, other {#クレジット}}（書き込み済みの行はスキップ、保存済みの回答は無料）",
  "enrich.continueDone": "{total, plural, other {#行}}中{written, number}行を書き込みました。",
  "enrich.mapEmail": "検証するメールアドレスの列を割り当ててください。",
  "enrich.mapCompany": "意思決定者を検索するには、会社またはドメインの列を割り当ててください。",
  "enrich.mapBothNames": "姓と名の両方、または氏名の列を割り当ててください。",
  "enrich.mapPerson":
    "名前の列（氏名、または姓と名）と会社またはドメインの列、あるいはプロフィールURLの列を割り当ててください。",
  "enrich.noOutputs": "書き込む列を1つ以上選択してください。",
  "enrich.unknownOutput": "「{field}」はこの検索の回答フィールドではありません。",
  "enrich.outputTwice": "各列は1回だけ書き込まれます。",
  "enrich.skippedMissing":
    "{input, select, name {スキップ：名前なし} last_name {スキップ：姓なし} company {スキップ：会社なし} linkedin_url {スキップ：プロフィールURLなし} email {スキップ：メールアドレスなし} categories {スキップ：カテゴリなし} other {スキップ：{input}なし}}",
  "enrich.skipped": "スキップ：{reason}",
  "enrich.inputWord":
    "{input, select, name {名前} last_name {姓} company {会社} linkedin_url {プロフィールURL} email {メールアドレス} categories {カテゴリ} other {{input}}}",
  "enrich.outOfCredits": "クレジットが不足しています。",
  "enrich.notWritten": "書き込まれていません：{error}",
  "enrich.notEnrichJob": "補完のジョブではありません。",
  "enrich.listMore": "{list}、ほか{more, plural, other {#件}}",
  "enrich.writtenBack":
    "{kind, select, table {テーブル{name}} other {シート「{name}」}}に{count, plural, other {#行}}を書き込みました。",
  "enrich.writtenMoved": "そのうち{count, number}行は移動先で見つかりました。",
  "enrich.writtenNotFound": "書き込まれていません（その後削除または変更されました）：{rows}行目。",
  "enrich.writtenFilled": "書き込まれていません（セルに値があります）：{rows}行目。",
  "enrich.writtenTyped": "値のあるセルには書き込まれていません：{cells}。",
  "enrich.writtenFailed": "{count, plural, other {#行}}は検索できませんでした（空のまま）。",
  "enrich.writtenUnusable": "{count, plural, other {#件}}の結果が送信内容と一致しませんでした。",
  "enrich.severalTables":
    "選択範囲が複数のテーブルにまたがっています。1つのテーブルのセルを選択してください。",
  "enrich.listGone":
    "{kind, select, table {テーブル「{name}」} other {シート「{name}」}}は削除されたか、名前が変更されました。",
  "enrich.noOutputColumn": "出力{field}を含む列がありません。",
  "enrich.listChanged":
    "読み取り後にリストが変更されました。選択範囲をもう一度読み取ってください。",
  "enrich.noEmptyColumn": "選択範囲の右側に書き込める空の列がありません。",
  "enrich.rowWidth": "{row}行目には{width, number}列に対して{count, number}個の値があります。",
  "enrich.rowTwice": "{row}行目が2回指定されています。",
  "enrich.sheetGone":
    "シート「{name}」は名前が変更されたか削除されました。{count, plural, other {#行}}が書き込まれていません。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const enrichSame: ReadonlyArray<keyof typeof enrichEn> = [];
