import type { Translation } from "../../types";
import type { settingsEn } from "../en-US/settings";

export const settings: Translation<typeof settingsEn> = {
  "settings.apiKey": "APIキー",
  "settings.apiKeyHint": "このデバイスに保存され、ブックには保存されません。",
  "settings.baseUrl": "ベースURL",
  "settings.baseUrlHint": "サービス、または同一オリジンの中継パス（/apiなど）。",
  "settings.webhookUrl": "Webhook URL（省略可能）",
  "settings.webhookUrlHint": "一括検索、GeoLead、ドメインファイルの結果もここに送信されます。",
  "settings.maxConcurrency": "同時リクエスト数（省略可能）",
  "settings.maxConcurrencyHint":
    "空欄：自動（HTTP/1.1では6、HTTP/2ではサービスに合わせて最大64）。",
  "settings.maxAge": "次の日数より古い回答を再検索（日数、省略可能）",
  "settings.maxAgeHint":
    "空欄：保存済みの回答を再購入することはありません。設定時：それより古い回答は未保存として扱われ、再計算時に支出ルールに従って再検索されます。",
  "settings.save": "保存",
  "settings.saved": "設定を保存しました。",
  "settings.testConnection": "接続をテスト",
  "settings.connectionHealthy":
    "サービス：正常 · アカウント：{email} · {credits, plural, other {残り#クレジット}}",
  "settings.connectionDown":
    "サービス：停止中 · アカウント：{email} · {credits, plural, other {残り#クレジット}}",
  "settings.teamToken": "チーム トークン",
  "settings.teamTokenHint":
    "チーム {team} 用の個人トークンです。管理者に依頼してください。このデバイスに保存され、ブックには保存されません。",
  "settings.creditsInvalid": "クレジット数（0以上）を入力するか、空欄のままにしてください。",
  "settings.apiKeyInvalid": "APIキーは、印刷可能な文字からなる1つの単語である必要があります。",
  "settings.microsoftAccountInvalid":
    "Microsoft 365 アカウントは、印刷可能な文字からなる1つの単語である必要があります。",
  "settings.microsoftSignIn": "Microsoft 365 でサインイン",
  "settings.microsoftSignedIn": "{account} として Microsoft 365 でサインインしています。",
  "settings.microsoftSignOut": "サインアウト",
  "settings.microsoftUnsupported":
    "このバージョンの Office では、ここで Microsoft 365 アカウントでサインインできません。チーム トークンを使用してください。",
  "settings.microsoftNotConfigured":
    "このチーム ホストは Microsoft 365 でのサインインに対応していません。チーム トークンを使用してください。",
  "settings.microsoftCancelled": "サインインはキャンセルされました。",
  "settings.microsoftFailed": "Microsoft 365 でのサインインに失敗しました：{reason}",
  "settings.tryModeOnOff": "お試しモードはオンかオフのいずれかです。",
  "settings.spendingOnOff": "クレジットの消費はオンかオフのいずれかです。",
  "settings.cardsOnOff": "［回答をカードで表示］はオンかオフのいずれかです。",
  "settings.maxConcurrencyInvalid":
    "1～{max, number}の整数を入力するか、空欄のままにしてください（自動）。",
  "settings.maxAgeInvalid":
    "1～{max, number}の整数の日数を入力するか、空欄のままにしてください（再検索しない）。",
  "settings.webhookInvalid": "Webhook URLが有効なURLではありません。",
  "settings.webhookHttps":
    "Webhook URLにはhttpsを使用する必要があります。サービスがこのURLに結果を送信します。",
  "settings.baseUrlInvalid":
    "サービスのアドレス（例：https://api.example.com）、またはこのアドイン自身のサイト上のパス（例：/api）を入力してください。",
  "settings.baseUrlPath":
    "このアドインのサイト上のパスには、英字、数字、/ . _ ~ - のみを使用できます。",
  "settings.baseUrlOtherSite":
    "// または /\\ で始まるアドレスは別のサイトを指します。サービスのアドレスを完全な形（https://…）で入力するか、このアドインのサイト上のパス（例：/api）を入力してください。",
  "settings.baseUrlCharacters":
    "ベースURLには、スペース、タブ、改行、バックスラッシュ、目に見えない文字を含めることはできません。",
  "settings.baseUrlCredentials":
    "ベースURLにユーザー名やパスワード（user:password@…）を含めることはできません。",
  "settings.baseUrlQuery": "ベースURLにクエリ（?）やフラグメント（#）を含めることはできません。",
  "settings.baseUrlHttps":
    "ベースURLにはhttpsを使用してください（httpはこのコンピューター上のlocalhost、127.0.0.1、[::1]の場合のみ使用できます）。",
  "settings.baseUrlRefusedAtLoad":
    "以前に保存されたベースURLは使用されません：{reason} 別のURLを保存するまで、既定値の{fallback}が使用されます。",
  "settings.tryNoDemo":
    "このアドインのホストにはお試しモードがありません。アドインを使用するには、APIキーを取得してください。",
  "settings.tryTooMany":
    "この場所から作成されたデモアカウントが多すぎます。しばらくしてからもう一度お試しください。",
  "settings.tryCouldNotStart": "お試しモードを開始できませんでした（{status}）。",
  "settings.tryCouldNotStartReason": "お試しモードを開始できませんでした（{status}：{reason}）。",
  "settings.tryUnreachable": "デモに接続できませんでした：{reason}。",
  "settings.tryNoAccount": "デモからアカウントが返されませんでした。",
  "settings.cardsHeading": "回答をカードで表示",
  "settings.cardsSwitch": "FINDEMAIL、LINKEDINEMAIL、DECISIONMAKERの回答をカードで表示",
  "settings.cardsOn":
    "カード：オン。人物、プロフィール、意思決定者のセルは、次回の計算からカードを表示します。",
  "settings.cardsOff": "カード：オフ。これらのセルは、次回の計算からメールアドレスを表示します。",
  "settings.cardsNote":
    "セルにはメールアドレスが、そのカードには人物が表示されます（下は例）。=A2.email_statusで回答の任意のフィールドを読み取れます。カードはアドインがなくてもExcelで読み取れます。fields引数を指定した場合は、引き続き通常の値がスピルします。",
  "settings.cardsUnsupported":
    "このバージョンのExcelでは、アドインのカードを表示できません（{requirement}が必要：Excel on the web、Windows版Microsoft 365 2208以降、Mac版16.64以降）。回答は通常の値として表示されます。",
  "settings.cardsApply": "既存のセルに適用（再計算）",
  "settings.recalculated": "再計算しました。",
  "settings.keptNone": "保存済みの回答：–",
  "settings.kept":
    "{count, plural, other {このアカウントの回答を#件保存しています（{size}）。再計算しても再購入されることはありません。}}",
  "settings.keptInIndexedDb":
    "このデバイスのブラウザーのデータベース（IndexedDB）に保存されています。",
  "settings.keptInOffice":
    "Officeのアドイン用ストレージに保存されています（回答用に{size}。古いものから削除されます）。",
  "settings.keptInOfficeAbout":
    "Officeのアドイン用ストレージに保存されています（回答用に{size}、約{fits, number}件分。古いものから削除されます）。",
  "settings.roomLeft": "このデバイスでこのアドインが使用できる残り容量：{size}。",
  "settings.apiKeyHintNotKept":
    "このブックを閉じるまで使用され、どこにも保存されません。このブラウザーはアドインによる保存を拒否しています。",
  "settings.savedForSession":
    "設定はこのブックを閉じるまで有効です（このブラウザーでは保存できません）。",
  "settings.keptInMemory":
    "このブックを閉じるまでメモリにのみ保持されます。このブラウザーはアドインによる保存を拒否しています。",
  "settings.keptCleared":
    "{count, plural, other {#件の回答を消去しました。ブックを再計算しています。}}",
  "settings.clearAndRecalculate": "消去して再計算",
  "settings.size": "{value} {unit, select, B {B} KB {KB} MB {MB} GB {GB} other {TB}}",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const settingsSame: ReadonlyArray<keyof typeof settingsEn> = ["settings.size"];
