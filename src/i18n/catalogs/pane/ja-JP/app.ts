import type { Translation } from "../../types";
import type { appEn } from "../en-US/app";

export const app: Translation<typeof appEn> = {
  "app.title": "Mail Finder",
  "app.creditsLabel": "クレジット",
  "app.sessionSpendLabel": "このセッションで使用",
  "app.tabEnrich": "補完",
  "app.tabBulk": "一括検索",
  "app.tabGeo": "GeoLead",
  "app.tabDomain": "ドメイン",
  "app.tabReport": "報告",
  "app.tabJobs": "ジョブ",
  "app.tabLookups": "照会",
  "app.tabSettings": "設定",
  "app.jobsFinishedBadge": "{count, plural, other {完了したジョブ#件}}",
  "app.panelLoading": "読み込み中…",
  "app.firstRunTitle": "Excelでビジネス用メールアドレスを検索・検証",
  "app.firstRunFunctions": "セルで使える関数：=MAIL.FINDEMAIL(名前, 会社)ほか6個。",
  "app.firstRunEnrich": "リストの補完：行の横の新しい列にメールアドレスを追加します。",
  "app.firstRunBulk":
    "一括検索、GeoLeadの場所、ドメインのメールファイルを新しいシートに出力します。",
  "app.firstRunCredits": "クレジットを使用する前に、必ず確認します。",
  "app.getApiKey": "APIキーを取得",
  "app.tryWithDemo": "デモデータで試す",
  "app.haveKey": "キーを持っています",
  "app.haveTeamToken": "チーム トークンを持っています",
  "app.tryModeFree": "お試しモードは無料で、アカウントは不要です。何も保存されません。",
  "app.tryBanner": "お試しモード：デモデータ、無料。回答は例であり、実在の人物ではありません。",
  "app.leaveTryMode": "お試しモードを終了",
  "app.helpNav": "ヘルプ",
  "app.helpLink": "ヘルプ",
  "app.supportLink": "サポート",
  "app.privacyLink": "プライバシー",
  "app.spendingQuestionTitle": "{count, plural, other {#件の新しい照会を実行しますか？}}",
  "app.spendingQuestionBody":
    "最大{maxCredits}クレジットかかる可能性があります（{confirmAbove}クレジットを超える場合は確認する設定です）。保存済みの回答は無料です。",
  "app.spendingRun": "実行",
  "app.spendingDecline": "実行しない",
  "app.spendingOffReason":
    "クレジットの消費はオフです。有料の操作は無効になっています。［照会］でオンにしてください。",
  "app.teamSignedIn":
    "{name} ({email}) としてサインイン中 · 今月の残り {left} / {budget, plural, other {# クレジット}}",
  "app.teamSignedInNoBudget": "{name} ({email}) としてサインイン中 · 月間予算なし",
  "app.teamSignIn":
    "チーム {team}: 管理者から受け取ったチーム トークンを [設定] に入力してください。",
  "app.teamTokenRejected":
    "チーム {team} はあなたのチーム トークンを受け付けませんでした。管理者に新しいトークンを依頼し、[設定] に入力してください。",
  "app.teamSignInMicrosoft":
    "チーム {team}：[設定] で Microsoft 365 アカウントでサインインするか、管理者から受け取ったチーム トークンを入力してください。",
  "app.teamMicrosoftRefused": "チーム {team}：{reason}",
  "app.teamBudgetTitle": "予算を使い切りました",
  "app.spendingQuestionBodyTeam":
    "最大 {maxCredits} クレジットかかる可能性があります。今月の予算の残りは {budgetLeft} です ({confirmAbove} を超える場合に確認する設定です)。保存済みの回答は無料です。",
  "app.answersGoneTitle": "{count, plural, other {#件の回答を再度購入しますか？}}",
  "app.answersGoneBody":
    "このブックで保存していた回答がこのブラウザーにもうありません。ブラウザーのストレージが消去されたか、別のコンピューターまたは別のアカウントでブックを開いています。再度照会すると最大{maxCredits}クレジットかかる可能性があります。",
  "app.answersGoneBudget": "今月の予算の残りは{budgetLeft}です。",
  "app.answersGoneRun": "再度購入",
  "app.answersGoneDecline": "購入しない",
  "app.storageDeniedTitle": "このデバイスには何も保存されません",
  "app.storageDeniedBody":
    "このブラウザーは Excel 内での Mail Finder の保存をブロックしています。サードパーティの Cookie とサイト データがブロックされています（プライベート ウィンドウ、プライバシー設定、または組織のポリシー）。キー、設定、セルの回答は、このブックを閉じるまでしか保持されません。保持するには、このブラウザーで {site} のサードパーティ Cookie とサイト データを許可するか、通常のウィンドウで Excel を開いてください。",
  "app.storageDeniedHelp": "許可する設定",
  "app.answersNotKept":
    "このブックを閉じると回答は失われます。このブラウザーは Mail Finder による保存を拒否しています。",
  "app.dismiss": "閉じる",
  "app.openJobs": "ジョブを開く",
  "app.cancel": "キャンセル",
  "app.twoSentences": "{first}{second}",
  "app.freezeButton": "結果を固定",
  "app.freezing": "固定しています…",
  "app.freezeNote":
    "選択範囲のMAIL数式を値に置き換えます（テキストはテキストのまま）。これで、再計算せずにシートを共有できます。スピルした結果は全体が固定されます。エラーを表示しているセルは数式のまま残ります。",
  "app.freezeNothing": "選択範囲にMAIL数式がありません。",
  "app.freezeOneBlock":
    "固定できるのは1つのセル範囲だけです。単一の範囲を選択してください（選択範囲が複数の領域に分かれているか、セルではありません）。",
  "app.frozeCells": "{frozen, plural, other {#個のセルを固定しました}}。",
  "app.frozeCellsKeptErrors":
    "{frozen, plural, other {#個のセルを固定しました}}。{errors, plural, other {エラーを表示している#個のセルは数式のままです}}。",
  "app.frozeCellsKeptCards":
    "{frozen, plural, other {#個のセルを固定しました}}。{cards, plural, other {カードを表示している#個のセルは数式のままです}}（このバージョンのExcelではカードを値として書き込めません）。",
  "app.frozeCellsKeptBoth":
    "{frozen, plural, other {#個のセルを固定しました}}。{errors, plural, other {エラーを表示している#個のセルは数式のままです}}。{cards, plural, other {カードを表示している#個のセルは数式のままです}}（このバージョンのExcelではカードを値として書き込めません）。",
  "app.frozeNoneKeptErrors":
    "固定したセルはありません。{errors, plural, other {エラーを表示している#個のセルは数式のままです}}。",
  "app.frozeNoneKeptCards":
    "固定したセルはありません。{cards, plural, other {カードを表示している#個のセルは数式のままです}}（このバージョンのExcelではカードを値として書き込めません）。",
  "app.frozeNoneKeptBoth":
    "固定したセルはありません。{errors, plural, other {エラーを表示している#個のセルは数式のままです}}。{cards, plural, other {カードを表示している#個のセルは数式のままです}}（このバージョンのExcelではカードを値として書き込めません）。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const appSame: ReadonlyArray<keyof typeof appEn> = ["app.title", "app.tabGeo"];
