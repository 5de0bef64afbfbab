import type { FunctionsTranslation } from "./types";

export const functions: FunctionsTranslation = {
  FINDEMAIL: {
    description: "人物のビジネス用メールアドレスを検索します。",
    parameters: {
      name: "名。last_nameが空の場合はフルネーム。",
      last_name: "姓。nameがフルネームの場合は空のままにします。",
      company: "会社のドメイン、Webサイトのアドレス、または会社名。",
      linkedin_url:
        "人物のプロフィールURL。不完全な名前を補い、名前で見つからない場合に使用されます。",
      fields:
        '表示するフィールドのカンマ区切りリスト（例："email,email_status,person_job_title"）。既定値はemail。',
    },
  },
  VERIFYEMAIL: {
    description: "メールアドレスを検証します。",
    parameters: { email: "検証するメールアドレス。" },
  },
  DECISIONMAKER: {
    description: "会社の意思決定者のメールアドレスを検索します。",
    parameters: {
      company: "会社のドメイン、Webサイトのアドレス、または会社名。",
      categories:
        "カテゴリ、カンマ区切りリスト、またはカテゴリの範囲（重要なものから順に）：ceo、engineering、finance、hr、it、logistics、marketing、operations、buyer、sales。",
      fields:
        '表示するフィールドのカンマ区切りリスト（例："email,person_full_name,person_job_title"）。既定値はemail。',
    },
  },
  COMPANYEMAILS: {
    description: "会社のメールアドレスを最大20件、列の下方向に一覧表示します。",
    parameters: {
      company: "会社のドメイン、Webサイトのアドレス、または会社名。",
      email_type: "any（既定）、generic、またはpersonal。",
    },
  },
  LINKEDINEMAIL: {
    description: "プロフィールURLの人物のメールアドレスを検索します。",
    parameters: {
      linkedin_url: "プロフィールURL（例：https://www.linkedin.com/in/name）。",
      fields:
        '表示するフィールドのカンマ区切りリスト（例："email,person_full_name,person_company_name"）。既定値はemail。',
    },
  },
  EMPLOYEES: {
    description:
      "会社の従業員を一覧表示します。名前、役職、会社、プロフィールURLを1行に1人ずつ表示します。",
    parameters: {
      company: "会社のドメイン、Webサイトのアドレス、または会社名。",
      preferred_title: '最初に検索する役職（例："Sales Director"）。',
      country_code: "検索対象を絞り込む2文字の国コード（例：US）。",
    },
  },
  CREDITS: {
    description: "アカウントの残りクレジット。アドインが消費するたびに更新されます。",
    parameters: {},
  },
};
