import type { Translation } from "../types";
import type { cellsEn } from "./en-US";

export const cells: Translation<typeof cellsEn> = {
  "cells.argumentErrorValue": "{argument}がエラー値です。",
  "cells.argumentRange": "{argument}には、範囲ではなく1つのセルを指定してください。",
  "cells.argumentBoolean": "{argument}には、TRUEやFALSEではなく文字列を指定してください。",
  "cells.argumentText": "{argument}には文字列を指定してください。",
  "cells.argumentTooLong": "{argument}が長すぎます（最大{max, plural, other {#文字}}）。",
  "cells.argumentInvalidCharacters": "{argument}に無効な文字が含まれています。",
  "cells.argumentRequired": "{argument}は必須です。",
  "cells.argumentWebsite": "{argument}は有効なWebサイトのアドレスではありません。",
  "cells.argumentProfileUrl":
    "{argument}にはプロフィールのURL（例：https://www.linkedin.com/in/name）を指定してください。",
  "cells.argumentEmail": "{argument}は有効なメールアドレスではありません。",
  "cells.argumentCategoriesRequired":
    "{argument}は必須です。次の中から1つ以上指定してください：{categories}。",
  "cells.argumentUnknownCategory":
    "{argument}：「{value}」はカテゴリではありません（{categories}）。",
  "cells.argumentOneOf": "{argument}には次のいずれかを指定してください：{values}。",
  "cells.argumentCountryCode": "{argument}には2文字の国コード（例：JP）を指定してください。",
  "cells.argumentUnknownField": "{argument}：「{value}」はフィールドではありません（{fields}）。",

  "cells.unauthorized": "APIキーがないか、拒否されました。作業ウィンドウで設定してください。",
  "cells.unauthorizedTeam":
    "チーム トークンがないか、拒否されました。管理者から受け取ったトークンを作業ウィンドウの [設定] に入力してください。",
  "cells.microsoftSignIn":
    "Microsoft 365 でのサインインが必要です。作業ウィンドウの [設定] でもう一度サインインしてください。",
  "cells.settings": "設定：{message}作業ウィンドウで変更してください。",
  "cells.badRequest": "サービスが要求を拒否しました：{message}",
  "cells.outOfCredits": "クレジットが残っていません。",
  "cells.notFound": "見つかりません。",
  "cells.blacklisted": "所有者の要請によりデータベースから削除されました（ブロックリスト）。",
  "cells.busy":
    "{attempts, plural, =1 {サービスが混み合っています（503）。再計算して再試行してください。} other {#回試行しましたが、サービスが混み合っています（503）。再計算して再試行してください。}}",
  "cells.timeout": "{message}再計算して再試行してください。",
  "cells.networkAfterAttempts": "{message}（{attempts, plural, other {#回試行}}）。",
  "cells.serverFailed":
    "{attempts, plural, =1 {サービスでエラーが発生しました（HTTP {status}）。} other {#回試行しましたが、サービスでエラーが発生しました（HTTP {status}）。}}",
  "cells.malformed":
    "{attempts, plural, =1 {サービスから読み取れない応答が返されました。} other {#回試行しましたが、サービスから読み取れない応答が返されました。}}",
  "cells.cancelled": "キャンセルされました。",
  "cells.unexpected": "予期しないエラー：{message}",
  "cells.noEmailFound": "メールアドレスが見つかりません。",
  "cells.bounced": "バウンスしました（{date} に報告済み）。",
  "cells.noEmployeesFound": "従業員が見つかりません。",
  "cells.cardMore": "その他の情報",

  "cells.refusedSpendingOff":
    "クレジットの使用がオフになっています。保存済みの回答のみを表示します。作業ウィンドウ（照会）で使用をオンにしてください。",
  "cells.refusedDeclined":
    "実行されませんでした：作業ウィンドウで拒否されました。再計算すると、もう一度確認されます。",
  "cells.refusedStopped": "作業ウィンドウから停止されました。実行するには再計算してください。",
  "cells.refusedBudget":
    "セッションの予算（セル用に{budget, plural, other {#クレジット}}）に達しました。作業ウィンドウ（照会）で変更してください。",
  "cells.preview": "プレビュー：検索するにはEnterキーを押してください。",
  "cells.refusedRefreshOnly":
    "未検索：更新では、数えた古い回答のみを再検索します。検索するにはセルを再計算してください。",
  "cells.refusedUnconfirmed":
    "実行されませんでした：この再計算で{max, plural, other {#クレジット}}を超えて使用する可能性がありますが、作業ウィンドウで確認できませんでした。作業ウィンドウ（照会）で「この値を超えて使用する前に確認する」を変更してください。",
  "cells.refusedAnswersGone":
    "実行されませんでした：このブックで保存していた回答がこのブラウザーにもうありません。再度購入する前に作業ウィンドウで確認できませんでした。作業ウィンドウを開いて再計算してください。",

  "cells.missingApiKey": "APIキーがありません。作業ウィンドウで設定してください。",
  "cells.requestCancelled": "要求はキャンセルされました。",
  "cells.notJson": "サービスから有効なJSONではない応答が返されました。",
  "cells.noAnswerWithin": "{seconds, number}秒以内にサービスから応答がありませんでした。",
  "cells.unreachable": "サービスに接続できませんでした（{detail}）。",
  "cells.httpStatus": "サービスからHTTP {status}が返されました。",
  "cells.baseUrlPath": "ベースURLのパスには、英字、数字、/ . _ ~ - のみを使用できます。",
  "cells.baseUrlInvalid": "ベースURLが有効なURLではありません（例：https://api.example.com）。",
  "cells.baseUrlCredentials": "ベースURLに資格情報を含めることはできません。",
  "cells.baseUrlQuery": "ベースURLにクエリやフラグメントを含めることはできません。",
  "cells.baseUrlHttps":
    "ベースURLにはhttpsを使用してください（httpはlocalhostの場合のみ使用できます）。",
  "cells.signInOtherOrigin":
    "Microsoft 365のサインインは、このアドインの提供元のチームホストにのみ送信されます。この要求は{origin}宛てだったため、送信されませんでした。",
  "cells.lacksCreditsCharged": "サービスの応答にcredits_chargedがありません。",
  "cells.downloadNotTable": "ダウンロードしたデータが行のテーブルではありません。",
  "cells.requestWithdrawn": "要求は送信前に取り消されました。",
  "cells.calculationCancelled": "計算はキャンセルされました。",
  "cells.lookupWithdrawn": "照会は送信前に取り消されました。",

  "cells.indexedDbUnavailable": "このランタイムではIndexedDBを使用できません。",
  "cells.indexedDbUnusable": "ここではIndexedDBを使用できません（{reason}）。",
  "cells.indexedDbOpenTimeout": "IndexedDBが{seconds, number}秒以内に開きませんでした。",
  "cells.paneFailed": "Mail Finderの作業ウィンドウを開始できませんでした：{error}",
  "cells.storageDenied":
    "このブラウザーはアドインによる保存を拒否しています（サードパーティの Cookie とサイト データがブロックされています）。許可する設定は作業ウィンドウに表示されます。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const cellsSame: ReadonlyArray<keyof typeof cellsEn> = [];
