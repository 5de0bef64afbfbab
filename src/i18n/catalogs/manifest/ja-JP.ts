import type { AddinTexts } from "./types";

// The manifests' texts in Japanese; the English are src/manifest/addin-description.ts's.

export const manifest: AddinTexts = {
  name: "Mail Finder",
  description:
    "ワークシートからビジネス用メールアドレスを検索・検証します：MAIL.FINDEMAIL、MAIL.VERIFYEMAIL、一括検索。",
  shortDescription: "ワークシートからビジネス用メールアドレスを検索・検証します。",
  getStarted: {
    title: "Mail Finderの準備ができました",
    description:
      "セルに=MAIL.FINDEMAIL(名, 姓, 会社)と入力するか、［ホーム］タブでMail Finderを開いて一括検索や設定を行ってください。",
  },
  groupLabel: "Mail Finder",
  commands: {
    TaskpaneButton: {
      label: "Mail Finder",
      tooltip: "Mail Finderを開きます：設定、一括検索、GeoLead、ドメインファイル、ジョブ。",
    },
    FindEmails: {
      label: "メールを検索",
      tooltip:
        "選択したリストの各人物（名前と会社、またはプロフィールURL）のメールアドレスを検索し、隣の新しい列に書き込みます。",
    },
    VerifyEmails: {
      label: "メールを検証",
      tooltip: "選択したリストのメールアドレスを検証し、その状態を隣の新しい列に書き込みます。",
    },
    FindEmailsMenu: {
      label: "これらの行のメールを検索",
      tooltip:
        "選択したリストの各人物（名前と会社、またはプロフィールURL）のメールアドレスを検索し、隣の新しい列に書き込みます。",
    },
    VerifyEmailsMenu: {
      label: "これらのメールを検証",
      tooltip: "選択したリストのメールアドレスを検証し、その状態を隣の新しい列に書き込みます。",
    },
    RefreshMenu: {
      label: "古い回答を更新",
      tooltip:
        "選択した MAIL セルのうち指定した日数より古い回答を数え、最大費用を示し、それらだけを再検索します。",
    },
  },
  commandFunctions: {
    findEmails: "メールを検索",
    verifyEmails: "メールを検証",
    refreshAnswers: "古い回答を更新",
  },
};

/** Texts written as in English on purpose: the product's name. */
export const manifestSame = ["name", "groupLabel", "commands.TaskpaneButton.label"];
