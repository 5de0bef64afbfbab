import type { HelpStrings } from "./en-US";

// The help, support and privacy pages in Japanese: the English table's keys
// (src/help/strings-en.ts), `code` spans and {placeholders} kept.

export const help: HelpStrings = {
  lang: "ja-JP",
  formulaSeparator: ", ",
  site: {
    name: "Mail Finder for Excel",
    help: "関数",
    support: "サポート",
    privacy: "プライバシー",
    guide: "ユーザーガイド（英語）：作業ウィンドウ、リストの補完、一括検索、支出の管理、チーム",
  },
  index: {
    title: "ワークシート関数",
    intro:
      "アドインの関数は`MAIL`名前空間にあります。セルに`=MAIL.`と入力すると表示されます。引数はセルまたは値です。空の省略可能な引数は指定なしとして扱われます。",
    function: "関数",
    description: "機能",
    keptAnswers:
      "セルが受け取った回答はすべてこのデバイスに保存されるため、再計算、ブックの再表示、下方向へのコピーで同じ回答を二重に購入することはありません。",
  },
  functionPage: {
    syntax: "構文",
    arguments: "引数",
    argument: "引数",
    description: "説明",
    optional: "省略可能",
    noArguments: "この関数には引数がありません。",
    fields: "フィールド",
    fieldsIntro:
      "`{argument}`は次の回答フィールドのカンマ区切りリストです。指定した順に1行に並べて表示されます：",
    checkedOnNote:
      "`checked_on` はサービスから回答を購入した日です（保存済みの回答も保持します）。Excelにデータ型がある場合は日付、ない場合は年が先頭のテキスト（2026-11-25）で、同じ順に並べ替えられます。",
    outcomes: "セルに表示される内容",
    situation: "状況",
    cell: "セル",
    cost: "コスト",
    examples: "例",
    formula: "数式",
    result: "結果",
    allFunctions: "すべての関数",
  },
  outcomes: {
    foundEmail: {
      situation: "メールアドレスが見つかった（`valid`または`risky`）",
      cell: "メールアドレス。riskyの場合は最も可能性の高い推測で、`fields`でその状態を表示できます。［設定］>［回答をカードで表示］がオンの場合はカード。",
    },
    verified: {
      situation: "アドレスが検証された",
      cell: "`valid`、`risky`（判定不能）、または`invalid`。",
    },
    companyEmails: {
      situation: "メールアドレスが見つかった",
      cell: "最大20件のアドレス。1行に1件ずつ、列の下方向にスピルされます。",
    },
    employeesTable: {
      situation: "従業員が見つかった",
      cell: "セルからスピルされるテーブル：名前、役職、会社、プロフィールURL。1行に1人ずつ、見出し行はありません。",
    },
    creditsLeft: {
      situation: "常に",
      cell: "アカウントの残りクレジット。アドインが消費するたびに更新されます。数式の入力中は、既にわかっている残高が表示されます。",
    },
    notFound: {
      situation: "何も見つからない（`not_found`）",
      cell: "`#N/A`：{message}",
    },
    blacklisted: {
      situation: "所有者の依頼によりアドレスが削除された（`blacklisted`）",
      cell: "`#N/A`：{message}",
    },
    bounced: {
      situation: "バウンスとして報告したアドレス（［報告］タブ、*バウンスの返金*）",
      cell: "`#N/A`：{message} 何も送信されず、再び購入されることはありません。",
    },
    badInput: {
      situation:
        "サービスが拒否する引数：未指定、形式が正しくない、TRUEまたはFALSE、エラー値、長すぎる文字列",
      cell: "引数名を示す`#VALUE!`。例：{message}要求は送信されず、何も消費されません。",
    },
    unauthorized: {
      situation: "APIキーがない、または拒否された（401）",
      cell: "`#VALUE!`：{message}",
    },
    outOfCredits: {
      situation: "アカウントのクレジットがない（402）",
      cell: "`#N/A`：{message}",
    },
    unavailable: {
      situation:
        "再試行後も、サービスがビジー（503）、ネットワークの障害、または要求のタイムアウト",
      cell: "理由を示す`#N/A`。例：{message}",
    },
    spendingHeld: {
      situation: "消費が保留または拒否された（作業ウィンドウ、［照会］）",
      cell: "理由と変更場所を示す`#N/A`。次のいずれか：",
    },
    preview: {
      situation: "数式の入力中（Excelが値をプレビューしている）",
      cell: "保存された回答があればその回答、なければ`#N/A`：{message}Enterキーを押すまで何も送信されません。",
    },
  },
  messages: {
    required: "{argument}は必須です。",
    noEmail: "メールアドレスが見つかりません。",
    noEmployees: "従業員が見つかりません。",
    blacklisted: "所有者の依頼によりデータベースから削除されました（blacklisted）。",
    bounced: "バウンスしました（2026-11-25 に報告済み）。",
    unauthorized: "APIキーがないか拒否されました。作業ウィンドウで設定してください。",
    outOfCredits: "クレジットがありません。",
    busy: "3回試行しましたがサービスがビジーです（503）。再計算して再試行してください。",
    spendingOff:
      "消費はオフです。保存された回答のみ表示されます。作業ウィンドウ（［照会］）で消費をオンにしてください。",
    declined:
      "実行されませんでした：作業ウィンドウで拒否されました。再計算すると再度確認されます。",
    stopped: "作業ウィンドウから停止されました。再計算すると実行されます。",
    budgetReached:
      "セッションの予算に達しました（セル用にNクレジット）。作業ウィンドウ（［照会］）で変更してください。",
    unconfirmed:
      "実行されませんでした：この再計算はNクレジットを超えて消費する可能性がありますが、作業ウィンドウで確認できませんでした。作業ウィンドウ（［照会］）で「次を超えて消費する前に確認」を変更してください。",
    preview: "プレビュー：Enterキーを押すと検索します。",
  },
  costs: {
    person:
      "見つかった有効なメールアドレス1件につき1クレジット。見つからない回答とriskyの回答は無料です。",
    decisionMaker:
      "有効なメールアドレスが見つかった意思決定者1人につき2クレジット。見つからない回答は無料です。",
    verify: "`valid`の検証1件につき0.2クレジット。`risky`と`invalid`は無料です。",
    company:
      "メールアドレスが見つかった会社の検索1回につき1クレジット。何も見つからない検索は無料です。",
    employees:
      "従業員が1人以上見つかった検索1回につき1クレジット（サービスの旧ルール：同じ検索を繰り返すと再び課金されます。アドインが回答を保存しているため、再計算で再要求されることはありません）。",
    credits: "無料：残高を読み取るだけで、何も消費しません。",
    repeats:
      "30日以内の同じ検索は無料です。また、アドインはすべての回答をこのデバイスに保存するため、再計算、再表示、下方向へのコピーで二重に支払うことはありません。",
    question:
      "再計算が上限（［照会］>［消費］、既定で25クレジット）を超えて消費する可能性がある場合は、作業ウィンドウで確認されます。そこで消費をオフにしたり、セッションの予算を設定したりすることもできます。",
  },
  examples: {
    findByNames: "example.comのJane Doeのメールアドレス。",
    findByFullName: "`last_name`は空：A2にフルネームが入っています。",
    findWithFields: "メールアドレス、その状態、人物の役職を1行に並べて表示。",
    findWithProfile: "D2のプロフィールURLで補った不完全な名前。",
    verifyCell: "A2のアドレスに対する`valid`、`risky`、または`invalid`。",
    decisionMakerOne: "example.comのCEOのメールアドレス。",
    decisionMakerList:
      "HRとCEOのうち有効なメールアドレスを持つ最初のカテゴリのメールアドレスと、そのカテゴリと人物の名前。",
    decisionMakerRange: "範囲F1:F3から読み取った、重要度順のカテゴリ。",
    companyAny: "example.comのアドレスを最大20件、列の下方向に。",
    companyGeneric: "A2の会社の汎用アドレス（contact@など）のみ。",
    profileCell: "A2のプロフィールURLの人物のメールアドレス。",
    profileFields: "メールアドレスと、人物の名前と会社を1行に。",
    employeesTitle: "example.comの従業員（営業部長が先頭）。",
    employeesCountry: "同じ検索を米国に限定。",
    creditsLeft:
      "残りクレジット（例：4,250.8）。セルと作業ウィンドウが消費するたびに更新されます。",
  },
  argumentNotes: {
    company:
      "https://www.example.com/aboutのようなWebサイトのアドレスはドメインに短縮されます。それ以外の文字列は会社名として扱われます。",
    categories:
      '1つのカテゴリ（`"ceo"`）、カンマ区切りリスト（`"hr, ceo"`）、またはセル範囲。重要度順で、有効なメールアドレスを持つ最初のカテゴリが返されます。',
    emailType: "空の場合は`any`です。",
  },
  support: {
    title: "サポート",
    whatHeading: "アドインの機能",
    what: [
      "Mail FinderはExcelからビジネス用メールアドレスを検索・検証します。`=MAIL.FINDEMAIL(A2, B2, C2)`のようなワークシート関数がセルで回答し、作業ウィンドウ（［ホーム］>［Mail Finder］）でリスト全体の補完、一括検索とGeoLead検索、ドメインファイルの注文、誤ったメールアドレスの報告を行えます。",
      "検索の料金は、メール検索サービスのアカウントのクレジットで支払われます。アドインはすべての回答をデバイスに保存するため、同じ回答を二重に購入することはありません。また、再計算が上限を超えて消費する前に確認します。",
    ],
    keyHeading: "APIキー",
    key: [
      "APIキーは、メール検索サービスのアカウントから取得してください。組織がアドインのチーム用ホストを運用している場合は、管理者から入手してください。",
      "Excelで作業ウィンドウ（［ホーム］>［Mail Finder］）を開き、［設定］を選択して、［APIキー］にキーを貼り付け、［保存］を押します。［接続のテスト］でアカウントと残りクレジットが表示されます。",
      "キーはこのデバイスのOfficeのストレージに保存され、ブックには保存されません。ブックを開いた同僚は、その人自身のキーを使用します。",
    ],
    teamHeading: "チームで使う場合: チーム トークンまたは Microsoft 365 アカウント",
    team: [
      "組織がアドインのチーム ホストを運用している場合、管理者がアカウントとそのキーを管理し、個人用のチーム トークンを渡すか、Microsoft 365 アカウントでのサインインを許可します。作業ウィンドウではキーの代わりにチーム トークンを入力する欄が表示され、サインインしているユーザーと月間予算の残りが表示されます。",
      "Microsoft 365 でサインインするには、最初の画面または [設定] で [Microsoft 365 でサインイン] を選びます。初回は Office が同意を求めます。セルに Microsoft 365 でのサインインが必要と表示された場合は、そこでもう一度サインインしてください。チーム トークンがないか拒否されたと表示された場合は、管理者に新しいトークンを依頼してください。",
      "月間予算を使い切ると、セルには予算のメッセージとともに `#N/A` が表示され、何も送信されません。同僚がすでに購入した回答は、チームから無料で届きます。",
    ],
    troublesHeading: "よくある問題",
    troubles: {
      busy: {
        heading: "セルが#BUSY!のままになる",
        body: [
          "検索があなたの回答を待っている可能性があります。再計算が上限を超えて消費する可能性がある場合、作業ウィンドウは何かを送信する前に確認します。作業ウィンドウを開き、［実行］または［実行しない］を選択してください。",
          "作業ウィンドウで確認が表示されない場合は、このブックでアドインが実行されていない可能性があります。作業ウィンドウを一度開いてアドインを起動し、再計算（Ctrl+Alt+F9）してください。Excel on the webでは、ページを再読み込みしてください。",
        ],
      },
      notRegistered: {
        heading: "#NAME?が表示される、または関数が候補に表示されない",
        body: [
          "アドインが読み込まれていない場合、Excelは`#NAME?`を表示します。このコンピューターであなた用にインストールされていないか、Excelがまだ起動していません。インストール（［ホーム］>［アドイン］）して作業ウィンドウを一度開くと、数秒で関数が登録されます。",
          "カスタム関数には、Microsoft 365またはExcel 2021以降（Windows、Mac、Web）が必要です。名前空間も入力してください：`=FINDEMAIL`ではなく`=MAIL.FINDEMAIL`です。",
        ],
      },
      staleMetadata: {
        heading: "更新後に古い引数や説明が表示される、または関数が見つからない",
        body: [
          "Officeはアドインの関数リストのコピーを保持しています。更新後は、Officeのキャッシュをクリアして、Excelを再起動してください：",
        ],
        windows:
          "Windows：Excelを閉じ、`%LOCALAPPDATA%\\Microsoft\\Office\\16.0\\Wef\\`の内容を削除して、Excelを再起動します。または、Excelで［ファイル］>［オプション］>［トラスト センター］>［トラスト センターの設定］>［信頼できるアドイン カタログ］を開き、「次回Officeの起動時に、以前に起動したすべてのWebアドインのキャッシュをクリアする」をオンにして、Excelを再起動します。",
        mac: "Mac：Excelを閉じ、`~/Library/Containers/com.microsoft.Excel/Data/Library/Application Support/Microsoft/Office/16.0/Wef/`と`~/Library/Containers/com.microsoft.Excel/Data/Library/Caches/`の内容を削除して、Excelを再起動します。",
        web: "Excel on the web：ブラウザーでこのサイトのキャッシュされたファイルを削除し（Ctrl+Shift+Delete、MacではCmd+Shift+Delete）、ブックを再読み込みします。",
      },
      paneNotOpening: {
        heading: "作業ウィンドウが開かない、または空白のままになる",
        body: [
          "このコンピューターからアドインのアドレスにアクセスできることを確認し（プロキシやファイアウォールがブロックしている場合があります）、作業ウィンドウを閉じてから［ホーム］>［Mail Finder］で開き直してください。",
          "Windowsでは、作業ウィンドウにMicrosoft Edge WebView2ランタイムが必要です。ない場合はインストールしてください。それでも空白のままの場合は、前述の手順でOfficeのキャッシュをクリアし、Excelを再起動してください。",
        ],
      },
      certificates: {
        heading: "開発時の証明書エラー",
        body: [
          "開発サーバー（`npm start`）は、localhostの証明書を使ってhttpsでアドインを提供します。Excelまたはブラウザーが証明書を拒否する場合は、`npx office-addin-dev-certs install`を実行して、Excelを再起動してください。",
          "ブラウザーでは、`~/.office-addin-dev-certs/ca.crt`を信頼するか、https://localhost:3000/taskpane.htmlを一度開いて証明書を受け入れてから、Excel on the webを再読み込みしてください。",
        ],
      },
      storageDenied: {
        heading: "キーと回答が保持されない: ブラウザーがアドインの保存をブロックしている",
        body: [
          "Excel on the webは、アドイン自身のサイトのフレームでアドインを実行します。ブラウザーがサードパーティのCookieとサイトデータをブロックしている場合（プライベートウィンドウやシークレットウィンドウ、プライバシー設定、組織のポリシー）、そのフレームには保存領域がまったく与えられません。その場合は作業ウィンドウにそのことが表示され、キーと設定はブックを閉じるまでしか保持されず、セルの回答もそれまでメモリに保持されます。ブックを再び開くと、作業ウィンドウはキーをもう一度求め、回答を再購入する前に確認します。",
          "保持するには、作業ウィンドウに表示されるアドインのサイトについて、サードパーティのCookieとサイトデータを許可してください。Chromeの場合: 設定 > プライバシーとセキュリティ > サードパーティCookie > サードパーティのCookieの使用を許可するサイト > 追加。Edgeの場合: 設定 > Cookieとサイトのアクセス許可 > Cookieとサイトデータの管理と削除 > 許可 > 追加。Firefoxの場合: 設定 > プライバシーとセキュリティ > Cookieとサイトデータ > 例外を管理 > 許可。または、プライベートウィンドウではなく通常のウィンドウでExcelを開いてください。組織のポリシーでブロックされている場合は、管理者に問い合わせてください。",
        ],
      },
    },
    moreHeading: "詳細情報",
    helpLink: "各ワークシート関数のヘルプ",
    privacyLink: "アドインが送信する内容と送信先",
  },
  privacy: {
    title: "プライバシー",
    intro:
      "Mail Finderは、検索に必要なものだけをメール検索サービスにのみ送信し、それ以外はデバイスに保持します。",
    sections: {
      lookups: {
        heading: "検索",
        body: [
          "各検索の入力（検索する名前、会社、プロフィールURL、アドレス、リスト）は、アドインのリレー（アドイン自身のホスト上の`/api`）を通じてメール検索サービスに送信されます。リレーは転送するだけで、何も保存しません。",
        ],
      },
      key: {
        heading: "APIキー",
        body: [
          "APIキーは、このデバイス上のあなた自身のOfficeのストレージに保存され、ブックには保存されません。キーは要求のAuthorizationヘッダーとして、メール検索サービスにのみ送信されます。",
        ],
      },
      answers: {
        heading: "保存された回答",
        body: [
          "セルが受け取った回答は、二重に購入しないよう、このデバイスのExcelのブラウザーエンジン内にあるアドインのIndexedDBデータベースに保存されます。［設定］>［クリアして再計算］で削除できます。",
          "ブックに保存されるのは、回答の保存場所を示すランダムなIDだけです（回答もキーも保存されません）。回答がない場所（ブラウザーのストレージが消去された、別のコンピューターまたはアカウント）で開くと、アドインはそのことを示し、セルが回答を再度購入する前に確認します。",
          "一括ジョブやその他のジョブのIDはブックのドキュメント設定に保存され、ブックを再び開いたときに未完了のジョブを追跡できます。",
        ],
      },
      team: {
        heading: "チームで使う場合",
        body: [
          "組織のチーム ホストを使う場合、検索はそのホストを経由し、ホストが組織のキーを付けて送信します。ホストは、同僚が二重に支払わないようにチームが購入した回答を保存し、有料の各リクエストの記録 (誰が、どの操作を、何クレジットで、いつ) を 400 日間保存します。この記録は管理者が閲覧・エクスポートできます。同じく 400 日間、どの検索がどのアドレスを購入したかを記録し、報告されたバウンスのクレジットを購入者の月に戻します。Webhook に送る検索では、結果が届くまでその Webhook のアドレスを保存します。チーム トークンはフィンガープリントとしてのみ保存され、Microsoft 365 のトークンは保存されません。",
          "Microsoft 365 でサインインした場合、このデバイスの Office ストレージに保存されるのはアカウント名だけです。トークンはメモリ内にのみ保持されます。",
        ],
      },
      nothingElse: {
        heading: "その他の送信なし",
        body: [
          "それ以外はどこにも送信されません。分析、追跡、広告、第三者への送信は一切ありません。",
        ],
      },
    },
    moreHeading: "詳細情報",
    supportLink: "サポートとよくある問題",
    helpLink: "各ワークシート関数のヘルプ",
  },
};

/** Texts written exactly as in English on purpose: the site's name, the formulas' separator. */
export const helpSame: readonly string[] = ["site.name", "formulaSeparator"];
