// Every English sentence of the help, support and privacy pages, in one table so
// that a translation (src/i18n/catalogs/help/<locale>.ts) is a second table of type
// HelpStrings with the same keys. src/help/ builds the pages from it (src/help/strings-en.ts).
// What the JSDoc holds (function and argument descriptions) comes from functions.json instead.
// In a text, `code` becomes <code>; {name} is a placeholder filled by the page. An outcome
// quotes its one cell message in {message}; several follow its text as a list.

export const EN = {
  lang: "en",
  /** Between a formula's arguments: Excel's list separator in the language's usual region. */
  formulaSeparator: ", ",
  site: {
    name: "Mail Finder for Excel",
    help: "Functions",
    support: "Support",
    privacy: "Privacy",
    /** The link to the user's guide (in English), on the index and the support page. */
    guide: "User's guide: the task pane, enriching a list, bulk searches, spending and teams",
  },
  index: {
    title: "Worksheet functions",
    intro:
      "The add-in's functions are in the `MAIL` namespace: type `=MAIL.` in a cell to see them. Arguments are cells or values; an empty optional argument means not given.",
    function: "Function",
    description: "What it does",
    keptAnswers:
      "Every answer a cell gets is kept for you on this device, so recalculating, reopening the workbook or filling down never buys the same answer twice.",
  },
  functionPage: {
    syntax: "Syntax",
    arguments: "Arguments",
    argument: "Argument",
    description: "Description",
    optional: "optional",
    noArguments: "This function takes no arguments.",
    fields: "Fields",
    fieldsIntro:
      "`{argument}` is a comma list of these answer fields, shown side by side in one row, in the order given:",
    checkedOnNote:
      "`checked_on` is the day the answer was bought from the service (kept answers keep it): a date where Excel has data types, else its text, year first (2026-11-25), which sorts the same.",
    outcomes: "What the cell shows",
    situation: "Situation",
    cell: "Cell",
    cost: "What it costs",
    examples: "Examples",
    formula: "Formula",
    result: "Result",
    allFunctions: "All functions",
  },
  /** Situations, and what the cell shows in each; {argument} is the function's first required one. */
  outcomes: {
    foundEmail: {
      situation: "An email is found, `valid` or `risky`",
      cell: "The email; a risky one is the best guess, and `fields` can show its status. With Settings > Answers as cards on, a card.",
    },
    verified: {
      situation: "The address is checked",
      cell: "`valid`, `risky` (inconclusive) or `invalid`.",
    },
    companyEmails: {
      situation: "Emails are found",
      cell: "Up to 20 addresses, one per row, spilled down the column.",
    },
    employeesTable: {
      situation: "Employees are found",
      cell: "A table spilled from the cell: name, title, company and profile URL, one employee per row, without a header row.",
    },
    creditsLeft: {
      situation: "Always",
      cell: "The credits left on the account, updated as the add-in spends; typing the formula shows the balance already known.",
    },
    notFound: {
      situation: "Nothing is found (`not_found`)",
      cell: "`#N/A` {message}",
    },
    blacklisted: {
      situation: "The address was removed at its owner's request (`blacklisted`)",
      cell: "`#N/A` {message}",
    },
    bounced: {
      situation: "An address you reported bounced (Report tab, *Bounces pay back*)",
      cell: "`#N/A` {message} Nothing is sent: it is never bought again.",
    },
    badInput: {
      situation:
        "An argument the service would refuse: missing, malformed, TRUE or FALSE, an error value or over-long text",
      cell: "`#VALUE!` naming the argument, for example {message} No request is sent and nothing is spent.",
    },
    unauthorized: {
      situation: "The API key is missing or rejected (401)",
      cell: "`#VALUE!` {message}",
    },
    outOfCredits: {
      situation: "The account is out of credits (402)",
      cell: "`#N/A` {message}",
    },
    unavailable: {
      situation:
        "The service is busy (503), the network fails or the request times out, after the retries",
      cell: "`#N/A` with the reason, for example {message}",
    },
    spendingHeld: {
      situation: "Spending is held or refused (task pane, Lookups)",
      cell: "`#N/A` saying why and where to change it, one of:",
    },
    preview: {
      situation: "The formula is still being typed (Excel previews its value)",
      cell: "A kept answer if there is one, else `#N/A` {message} Nothing is sent until you press Enter.",
    },
  },
  /** The cells' messages, as the functions write them (src/functions/cell-results.ts, src/client/spending.ts). */
  messages: {
    required: "{argument} is required.",
    noEmail: "No email found.",
    noEmployees: "No employees found.",
    blacklisted: "Removed from the database at the owner's request (blacklisted).",
    bounced: "Bounced (reported on 2026-11-25).",
    unauthorized: "API key missing or rejected: set it in the task pane.",
    outOfCredits: "Out of credits.",
    busy: "The service is busy (503) after 3 attempts; recalculate to try again.",
    spendingOff:
      "Spending is off: only kept answers are shown. Turn spending on in the task pane (Lookups).",
    declined: "Not run: declined in the task pane. Recalculate to be asked again.",
    stopped: "Stopped from the task pane. Recalculate to run it.",
    budgetReached:
      "Session budget reached (N credits for cells): change it in the task pane (Lookups).",
    unconfirmed:
      'Not run: this recalculation may spend more than N credits and the task pane could not ask you. Change "Ask before spending more than" in the task pane (Lookups).',
    preview: "Preview: press Enter to look up.",
  },
  costs: {
    person: "1 credit for each valid email found; not found and risky answers are free.",
    decisionMaker:
      "2 credits for each decision maker found with a valid email; not found answers are free.",
    verify: "0.2 credits for each `valid` verification; `risky` and `invalid` are free.",
    company:
      "1 credit for each company search that finds emails; a search that finds none is free.",
    employees:
      "1 credit for each search that finds at least one employee (the service's older rules: it charges a repeat of the same search again; the add-in's kept answer means a recalculation does not ask again).",
    credits: "Free: it reads the balance and spends nothing.",
    repeats:
      "The same search again within 30 days is free, and the add-in keeps every answer on this device, so recalculating, reopening or filling down never pays twice.",
    question:
      "Before a recalculation may spend more than your limit (Lookups > Spending, 25 credits by default), the task pane asks; you can also turn spending off or set a session budget there.",
  },
  /** What each example returns; the formulas themselves are built from the metadata. */
  examples: {
    findByNames: "The email of Jane Doe at example.com.",
    findByFullName: "`last_name` left empty: A2 holds the full name.",
    findWithFields: "The email, its status and the person's job title, side by side in one row.",
    findWithProfile: "A partial name refined by the profile URL in D2.",
    verifyCell: "`valid`, `risky` or `invalid` for the address in A2.",
    decisionMakerOne: "The email of the CEO of example.com.",
    decisionMakerList:
      "The email of the first of HR and CEO that has a valid one, with the category and the person's name.",
    decisionMakerRange: "The categories in order of importance, read from the range F1:F3.",
    companyAny: "Up to 20 addresses at example.com, down the column.",
    companyGeneric: "Only generic addresses (such as contact@), for the company named in A2.",
    profileCell: "The email of the person behind the profile URL in A2.",
    profileFields: "The email and the person's name and company, in one row.",
    employeesTitle: "Employees of example.com, sales directors first.",
    employeesCountry: "The same search, limited to the United States.",
    creditsLeft: "The credits left, for example 4,250.8, updated as cells and the task pane spend.",
  },
  /** Notes on arguments that their one-line description cannot hold. */
  argumentNotes: {
    company:
      "A website address such as https://www.example.com/about is reduced to its domain; other text is taken as the company's name.",
    categories:
      'One category (`"ceo"`), a comma list (`"hr, ceo"`) or a range of cells; the first category, in order of importance, that has a valid email is returned.',
    emailType: "Empty means `any`.",
  },
  support: {
    title: "Support",
    whatHeading: "What the add-in does",
    what: [
      "Mail Finder finds and verifies professional email addresses from inside Excel: worksheet functions such as `=MAIL.FINDEMAIL(A2, B2, C2)` answer in the cell, and the task pane (Home > Mail Finder) enriches a whole list, runs bulk and GeoLead searches, orders domain files and reports bad emails.",
      "Lookups are paid in credits of your account on the email finding service; the add-in keeps every answer on your device so that the same answer is never bought twice, and asks before a recalculation spends more than your limit.",
    ],
    keyHeading: "Your API key",
    key: [
      "Get an API key from your account on the email finding service, or from your administrator if your organization runs the add-in's team host.",
      "In Excel, open the task pane (Home > Mail Finder), choose Settings, paste the key into API key and press Save. Test connection shows your account and the credits left.",
      "The key is kept for you in Office's storage on this device, never in the workbook: a colleague who opens your workbook uses their own key.",
    ],
    teamHeading: "In a team: a team token or your Microsoft 365 account",
    team: [
      "If your organization runs the add-in's team host, your administrator holds the account and its key and gives you a personal team token, or lets you sign in with your Microsoft 365 account. The task pane then asks for a Team token where the key goes, and shows who is signed in and what is left of your monthly budget.",
      "To sign in with Microsoft 365, choose Sign in with Microsoft 365 on the first screen or in Settings; Office asks for your consent the first time. If a cell says that Microsoft 365 sign-in is needed, sign in again there. If it says that your team token is missing or rejected, ask your administrator for a new one.",
      "When your monthly budget is spent, cells show `#N/A` with the budget's message and nothing is sent. Answers a colleague already bought come from the team, free.",
    ],
    troublesHeading: "Common problems",
    troubles: {
      busy: {
        heading: "A cell stays at #BUSY!",
        body: [
          "The lookups may be waiting for your answer: when a recalculation could spend more than your limit, the task pane asks before anything is sent. Open the task pane and choose Run or Don't run.",
          "If the pane is not asking, the add-in may not be running in this workbook: open the task pane once, which starts it, then recalculate (Ctrl+Alt+F9). In Excel on the web, reload the page.",
        ],
      },
      notRegistered: {
        heading: "#NAME? or the functions are not offered",
        body: [
          "Excel shows `#NAME?` when the add-in is not loaded: it is not installed for you on this computer, or Excel has not started it yet. Install it (Home > Add-ins) and open the task pane once; the functions register within a few seconds.",
          "Custom functions need Microsoft 365 or Excel 2021 or later, on Windows, Mac or the web. Type the namespace too: `=MAIL.FINDEMAIL`, not `=FINDEMAIL`.",
        ],
      },
      staleMetadata: {
        heading: "After an update: old arguments, old descriptions or missing functions",
        body: [
          "Office keeps a copy of the add-in's function list. After an update, clear the Office cache and start Excel again:",
        ],
        windows:
          'Windows: close Excel, delete the contents of `%LOCALAPPDATA%\\Microsoft\\Office\\16.0\\Wef\\`, and start Excel again. Or, in Excel: File > Options > Trust Center > Trust Center Settings > Trusted Add-in Catalogs, tick "Next time Office starts, clear all previously-started web add-ins cache", and restart Excel.',
        mac: "Mac: close Excel, delete the contents of `~/Library/Containers/com.microsoft.Excel/Data/Library/Application Support/Microsoft/Office/16.0/Wef/` and of `~/Library/Containers/com.microsoft.Excel/Data/Library/Caches/`, and start Excel again.",
        web: "Excel on the web: clear your browser's cached files for the site (Ctrl+Shift+Delete, or Cmd+Shift+Delete on a Mac) and reload the workbook.",
      },
      paneNotOpening: {
        heading: "The task pane does not open or stays blank",
        body: [
          "Check that this computer can reach the add-in's address (a proxy or firewall may block it), then close the pane and open it again from Home > Mail Finder.",
          "On Windows, the pane needs the Microsoft Edge WebView2 runtime; install it if it is missing. If the pane still stays blank, clear the Office cache as described above and restart Excel.",
        ],
      },
      certificates: {
        heading: "Certificate errors in development",
        body: [
          "The development server (`npm start`) serves the add-in over https with a localhost certificate. If Excel or the browser refuses it, run `npx office-addin-dev-certs install` and restart Excel.",
          "In a browser, trust `~/.office-addin-dev-certs/ca.crt`, or open https://localhost:3000/taskpane.html once and accept the certificate, then reload Excel on the web.",
        ],
      },
      storageDenied: {
        heading: "Your key and answers are not kept: the browser blocks the add-in's storage",
        body: [
          "Excel on the web runs the add-in in a frame of the add-in's own site. Where the browser blocks third-party cookies and site data (a private or incognito window, a privacy setting, or your organization's policy), it gives that frame no storage at all. The task pane then says so: your key and settings last only until the workbook closes, and the answers your cells get are kept in memory until then. When the workbook is opened again, the pane asks for the key again and asks before buying answers again.",
          "To keep them, allow third-party cookies and site data for the add-in's site, which the task pane names. In Chrome: Settings > Privacy and security > Third-party cookies > Sites allowed to use third-party cookies > Add. In Edge: Settings > Cookies and site permissions > Manage and delete cookies and site data > Allow > Add. In Firefox: Settings > Privacy & Security > Cookies and Site Data > Manage Exceptions > Allow. Or open Excel in a normal window instead of a private one. If your organization's policy blocks them, ask your administrator.",
        ],
      },
    },
    moreHeading: "More",
    helpLink: "Help for every worksheet function",
    privacyLink: "What the add-in sends, and where",
  },
  privacy: {
    title: "Privacy",
    intro:
      "Mail Finder sends only what a lookup needs, only to the email finding service, and keeps the rest on your device.",
    sections: {
      lookups: {
        heading: "Your lookups",
        body: [
          "The inputs of each lookup (the names, companies, profile URLs, addresses or lists you look up) are sent to the email finding service through the add-in's relay, `/api` on the add-in's own host, which passes them on and keeps nothing.",
        ],
      },
      key: {
        heading: "Your API key",
        body: [
          "Your API key is kept in your own Office storage on this device, never in the workbook. It is sent only to the email finding service, as the request's Authorization header.",
        ],
      },
      answers: {
        heading: "Kept answers",
        body: [
          "The answers your cells get are kept on this device, in the add-in's IndexedDB database in Excel's browser engine, so that they are not bought twice. Settings > Clear and recalculate removes them.",
          "The workbook keeps only random ids of where its answers are kept (no answer, no key). Opened where they are gone (the browser's storage cleared, another computer or account), the add-in says so and asks before its cells buy them again.",
          "The ids of bulk and other jobs are kept in the workbook's document settings, so that an unfinished job can be followed when the workbook is opened again.",
        ],
      },
      team: {
        heading: "In a team",
        body: [
          "With your organization's team host, lookups go through that host, which adds the organization's key. It keeps the answers your team bought, so that colleagues do not pay twice, and a record of each paid request (who, which operation, credits, when) for 400 days, which your administrator can see and export. For the same 400 days it notes which of your lookups bought which address, so that a bounce you or a colleague report returns the credit to your month, and, for a lookup sent to a webhook, the webhook address until the result arrives. It keeps your team token only as a fingerprint, and no Microsoft 365 token.",
          "Signed in with Microsoft 365, only your account's name is kept in your Office storage on this device; its tokens stay in memory.",
        ],
      },
      nothingElse: {
        heading: "Nothing else",
        body: [
          "Nothing else is sent anywhere: no analytics, no tracking, no advertising, no third party.",
        ],
      },
    },
    moreHeading: "More",
    supportLink: "Support and common problems",
    helpLink: "Help for every worksheet function",
  },
};

/** A translation has exactly these keys (issue 24). */
export type HelpStrings = typeof EN;
