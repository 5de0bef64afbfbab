import type { HelpStrings } from "./en-US";

// The help, support and privacy pages in French: the English table's keys
// (src/help/strings-en.ts), `code` spans and {placeholders} kept.

export const help: HelpStrings = {
  lang: "fr-FR",
  formulaSeparator: "; ",
  site: {
    name: "Mail Finder pour Excel",
    help: "Fonctions",
    support: "Assistance",
    privacy: "Confidentialité",
    guide:
      "Guide de l’utilisateur (en anglais) : le volet Office, enrichir une liste, les recherches en masse, les dépenses et les équipes",
  },
  index: {
    title: "Fonctions de feuille de calcul",
    intro:
      "Les fonctions du complément se trouvent dans l’espace de noms `MAIL` : tapez `=MAIL.` dans une cellule pour les voir. Les arguments sont des cellules ou des valeurs ; un argument facultatif vide est considéré comme non fourni.",
    function: "Fonction",
    description: "Ce qu’elle fait",
    keptAnswers:
      "Chaque réponse obtenue par une cellule est conservée pour vous sur cet appareil : recalculer, rouvrir le classeur ou recopier vers le bas n’achète jamais deux fois la même réponse.",
  },
  functionPage: {
    syntax: "Syntaxe",
    arguments: "Arguments",
    argument: "Argument",
    description: "Description",
    optional: "facultatif",
    noArguments: "Cette fonction n’a pas d’argument.",
    fields: "Champs",
    fieldsIntro:
      "`{argument}` est une liste, séparée par des virgules, de ces champs de réponse, affichés côte à côte sur une ligne, dans l’ordre indiqué :",
    checkedOnNote:
      "`checked_on` est le jour où la réponse a été achetée au service (les réponses conservées le gardent) : une date là où Excel a les types de données, sinon son texte, l’année en premier (2026-11-25), qui se trie de la même façon.",
    outcomes: "Ce qu’affiche la cellule",
    situation: "Situation",
    cell: "Cellule",
    cost: "Ce que cela coûte",
    examples: "Exemples",
    formula: "Formule",
    result: "Résultat",
    allFunctions: "Toutes les fonctions",
  },
  outcomes: {
    foundEmail: {
      situation: "Un e-mail est trouvé, `valid` ou `risky`",
      cell: "L’e-mail ; un e-mail risqué est la meilleure hypothèse, et `fields` peut afficher son statut. Avec Paramètres > Réponses sous forme de cartes activé, une carte.",
    },
    verified: {
      situation: "L’adresse est vérifiée",
      cell: "`valid`, `risky` (non concluant) ou `invalid`.",
    },
    companyEmails: {
      situation: "Des e-mails sont trouvés",
      cell: "Jusqu’à 20 adresses, une par ligne, propagées vers le bas de la colonne.",
    },
    employeesTable: {
      situation: "Des employés sont trouvés",
      cell: "Un tableau propagé depuis la cellule : nom, poste, entreprise et URL du profil, un employé par ligne, sans ligne d’en-tête.",
    },
    creditsLeft: {
      situation: "Toujours",
      cell: "Les crédits restants sur le compte, mis à jour à mesure que le complément les dépense ; la saisie de la formule affiche le solde déjà connu.",
    },
    notFound: {
      situation: "Rien n’est trouvé (`not_found`)",
      cell: "`#N/A` {message}",
    },
    blacklisted: {
      situation: "L’adresse a été supprimée à la demande de son titulaire (`blacklisted`)",
      cell: "`#N/A` {message}",
    },
    bounced: {
      situation:
        "Une adresse que vous avez signalée comme rejetée (onglet Signaler, *Les rejets remboursés*)",
      cell: "`#N/A` {message} Rien n’est envoyé : elle n’est plus jamais achetée.",
    },
    badInput: {
      situation:
        "Un argument que le service refuserait : manquant, mal formé, VRAI ou FAUX, une valeur d’erreur ou un texte trop long",
      cell: "`#VALUE!` qui nomme l’argument, par exemple {message} Aucune requête n’est envoyée et rien n’est dépensé.",
    },
    unauthorized: {
      situation: "La clé API est absente ou refusée (401)",
      cell: "`#VALUE!` {message}",
    },
    outOfCredits: {
      situation: "Le compte n’a plus de crédits (402)",
      cell: "`#N/A` {message}",
    },
    unavailable: {
      situation:
        "Le service est occupé (503), le réseau échoue ou la requête expire, après les nouvelles tentatives",
      cell: "`#N/A` avec la raison, par exemple {message}",
    },
    spendingHeld: {
      situation: "Les dépenses sont suspendues ou refusées (volet Office, Recherches)",
      cell: "`#N/A` indiquant pourquoi et où le modifier, l’un de ces messages :",
    },
    preview: {
      situation: "La formule est encore en cours de saisie (Excel affiche un aperçu de sa valeur)",
      cell: "Une réponse conservée s’il y en a une, sinon `#N/A` {message} Rien n’est envoyé avant que vous appuyiez sur Entrée.",
    },
  },
  messages: {
    required: "{argument} est obligatoire.",
    noEmail: "Aucun e-mail trouvé.",
    noEmployees: "Aucun employé trouvé.",
    blacklisted: "Supprimé de la base de données à la demande du titulaire (blacklisted).",
    bounced: "Rejetée (signalée le 2026-11-25).",
    unauthorized: "Clé API absente ou refusée : définissez-la dans le volet Office.",
    outOfCredits: "Plus de crédits.",
    busy: "Le service est occupé (503) après 3 tentatives ; recalculez pour réessayer.",
    spendingOff:
      "Les dépenses sont désactivées : seules les réponses conservées sont affichées. Activez les dépenses dans le volet Office (Recherches).",
    declined:
      "Non exécuté : refusé dans le volet Office. Recalculez pour que la question soit reposée.",
    stopped: "Arrêté depuis le volet Office. Recalculez pour l’exécuter.",
    budgetReached:
      "Budget de la session atteint (N crédits pour les cellules) : modifiez-le dans le volet Office (Recherches).",
    unconfirmed:
      "Non exécuté : ce recalcul peut dépenser plus de N crédits et le volet Office n’a pas pu vous le demander. Modifiez « Demander avant de dépenser plus de » dans le volet Office (Recherches).",
    preview: "Aperçu : appuyez sur Entrée pour lancer la recherche.",
  },
  costs: {
    person:
      "1 crédit pour chaque e-mail valide trouvé ; les réponses non trouvées et risquées sont gratuites.",
    decisionMaker:
      "2 crédits pour chaque décideur trouvé avec un e-mail valide ; les réponses non trouvées sont gratuites.",
    verify: "0,2 crédit pour chaque vérification `valid` ; `risky` et `invalid` sont gratuites.",
    company:
      "1 crédit pour chaque recherche d’entreprise qui trouve des e-mails ; une recherche qui n’en trouve aucun est gratuite.",
    employees:
      "1 crédit pour chaque recherche qui trouve au moins un employé (les anciennes règles du service : il facture à nouveau la même recherche ; grâce à la réponse conservée par le complément, un recalcul ne la redemande pas).",
    credits: "Gratuit : elle lit le solde et ne dépense rien.",
    repeats:
      "La même recherche dans les 30 jours est gratuite, et le complément conserve chaque réponse sur cet appareil : recalculer, rouvrir ou recopier vers le bas ne paie jamais deux fois.",
    question:
      "Avant qu’un recalcul puisse dépenser plus que votre limite (Recherches > Dépenses, 25 crédits par défaut), le volet Office vous le demande ; vous pouvez aussi y désactiver les dépenses ou définir un budget de session.",
  },
  examples: {
    findByNames: "L’e-mail de Jane Doe chez example.com.",
    findByFullName: "`last_name` laissé vide : A2 contient le nom complet.",
    findWithFields: "L’e-mail, son statut et le poste de la personne, côte à côte sur une ligne.",
    findWithProfile: "Un nom partiel affiné par l’URL du profil en D2.",
    verifyCell: "`valid`, `risky` ou `invalid` pour l’adresse en A2.",
    decisionMakerOne: "L’e-mail du CEO d’example.com.",
    decisionMakerList:
      "L’e-mail de la première catégorie, entre HR et CEO, qui en a un valide, avec la catégorie et le nom de la personne.",
    decisionMakerRange: "Les catégories par ordre d’importance, lues dans la plage F1:F3.",
    companyAny: "Jusqu’à 20 adresses chez example.com, vers le bas de la colonne.",
    companyGeneric:
      "Uniquement les adresses génériques (comme contact@), pour l’entreprise nommée en A2.",
    profileCell: "L’e-mail de la personne associée à l’URL du profil en A2.",
    profileFields: "L’e-mail, le nom et l’entreprise de la personne, sur une ligne.",
    employeesTitle: "Les employés d’example.com, directeurs commerciaux en premier.",
    employeesCountry: "La même recherche, limitée aux États-Unis.",
    creditsLeft:
      "Les crédits restants, par exemple 4 250,8, mis à jour à mesure que les cellules et le volet Office les dépensent.",
  },
  argumentNotes: {
    company:
      "Une adresse de site web comme https://www.example.com/about est réduite à son domaine ; tout autre texte est pris comme nom de l’entreprise.",
    categories:
      'Une catégorie (`"ceo"`), une liste séparée par des virgules (`"hr, ceo"`) ou une plage de cellules ; la première catégorie, par ordre d’importance, qui a un e-mail valide est renvoyée.',
    emailType: "Vide signifie `any`.",
  },
  support: {
    title: "Assistance",
    whatHeading: "Ce que fait le complément",
    what: [
      "Mail Finder trouve et vérifie des adresses e-mail professionnelles directement dans Excel : des fonctions de feuille de calcul comme `=MAIL.FINDEMAIL(A2; B2; C2)` répondent dans la cellule, et le volet Office (Accueil > Mail Finder) enrichit une liste entière, lance des recherches en masse et GeoLead, commande des fichiers de domaines et signale les e-mails erronés.",
      "Les recherches sont payées en crédits de votre compte auprès du service de recherche d’e-mails ; le complément conserve chaque réponse sur votre appareil pour que la même réponse ne soit jamais achetée deux fois, et vous demande avant qu’un recalcul dépense plus que votre limite.",
    ],
    keyHeading: "Votre clé API",
    key: [
      "Obtenez une clé API depuis votre compte auprès du service de recherche d’e-mails, ou auprès de votre administrateur si votre organisation exploite l’hôte d’équipe du complément.",
      "Dans Excel, ouvrez le volet Office (Accueil > Mail Finder), choisissez Paramètres, collez la clé dans Clé API et appuyez sur Enregistrer. Tester la connexion affiche votre compte et les crédits restants.",
      "La clé est conservée pour vous dans le stockage d’Office sur cet appareil, jamais dans le classeur : un collègue qui ouvre votre classeur utilise sa propre clé.",
    ],
    teamHeading: "En équipe : un jeton d’équipe ou votre compte Microsoft 365",
    team: [
      "Si votre organisation exploite l’hôte d’équipe du complément, votre administrateur détient le compte et sa clé et vous remet un jeton d’équipe personnel, ou vous permet de vous connecter avec votre compte Microsoft 365. Le volet Office demande alors un jeton d’équipe à la place de la clé, et indique qui est connecté et ce qu’il reste de votre budget mensuel.",
      "Pour vous connecter avec Microsoft 365, choisissez Se connecter avec Microsoft 365 sur le premier écran ou dans Paramètres ; la première fois, Office vous demande votre consentement. Si une cellule indique qu’une connexion Microsoft 365 est requise, reconnectez-vous à cet endroit. Si elle indique que votre jeton d’équipe est manquant ou refusé, demandez-en un nouveau à votre administrateur.",
      "Lorsque votre budget mensuel est épuisé, les cellules affichent `#N/A` avec le message du budget et rien n’est envoyé. Les réponses qu’un collègue a déjà achetées viennent de l’équipe, gratuitement.",
    ],
    troublesHeading: "Problèmes courants",
    troubles: {
      busy: {
        heading: "Une cellule reste sur #BUSY!",
        body: [
          "Les recherches attendent peut-être votre réponse : lorsqu’un recalcul risque de dépenser plus que votre limite, le volet Office vous le demande avant tout envoi. Ouvrez le volet Office et choisissez Exécuter ou Ne pas exécuter.",
          "Si le volet ne pose pas la question, le complément ne s’exécute peut-être pas dans ce classeur : ouvrez le volet Office une fois, ce qui le démarre, puis recalculez (Ctrl+Alt+F9). Dans Excel pour le web, rechargez la page.",
        ],
      },
      notRegistered: {
        heading: "#NAME? ou les fonctions ne sont pas proposées",
        body: [
          "Excel affiche `#NAME?` lorsque le complément n’est pas chargé : il n’est pas installé pour vous sur cet ordinateur, ou Excel ne l’a pas encore démarré. Installez-le (Accueil > Compléments) et ouvrez le volet Office une fois ; les fonctions s’inscrivent en quelques secondes.",
          "Les fonctions personnalisées nécessitent Microsoft 365 ou Excel 2021 ou version ultérieure, sur Windows, Mac ou le web. Tapez aussi l’espace de noms : `=MAIL.FINDEMAIL`, pas `=FINDEMAIL`.",
        ],
      },
      staleMetadata: {
        heading:
          "Après une mise à jour : anciens arguments, anciennes descriptions ou fonctions manquantes",
        body: [
          "Office conserve une copie de la liste des fonctions du complément. Après une mise à jour, videz le cache d’Office et redémarrez Excel :",
        ],
        windows:
          "Windows : fermez Excel, supprimez le contenu de `%LOCALAPPDATA%\\Microsoft\\Office\\16.0\\Wef\\` et redémarrez Excel. Ou, dans Excel : Fichier > Options > Centre de gestion de la confidentialité > Paramètres du Centre de gestion de la confidentialité > Catalogues de compléments approuvés, cochez « Au prochain démarrage d’Office, effacer le cache de tous les compléments web précédemment démarrés », puis redémarrez Excel.",
        mac: "Mac : fermez Excel, supprimez le contenu de `~/Library/Containers/com.microsoft.Excel/Data/Library/Application Support/Microsoft/Office/16.0/Wef/` et de `~/Library/Containers/com.microsoft.Excel/Data/Library/Caches/`, puis redémarrez Excel.",
        web: "Excel pour le web : effacez les fichiers en cache de votre navigateur pour le site (Ctrl+Maj+Suppr, ou Cmd+Maj+Suppr sur Mac) et rechargez le classeur.",
      },
      paneNotOpening: {
        heading: "Le volet Office ne s’ouvre pas ou reste vide",
        body: [
          "Vérifiez que cet ordinateur peut joindre l’adresse du complément (un proxy ou un pare-feu peut la bloquer), puis fermez le volet et rouvrez-le depuis Accueil > Mail Finder.",
          "Sur Windows, le volet a besoin du runtime Microsoft Edge WebView2 ; installez-le s’il est absent. Si le volet reste vide, videz le cache d’Office comme décrit ci-dessus et redémarrez Excel.",
        ],
      },
      certificates: {
        heading: "Erreurs de certificat en développement",
        body: [
          "Le serveur de développement (`npm start`) sert le complément en https avec un certificat localhost. Si Excel ou le navigateur le refuse, exécutez `npx office-addin-dev-certs install` et redémarrez Excel.",
          "Dans un navigateur, approuvez `~/.office-addin-dev-certs/ca.crt`, ou ouvrez une fois https://localhost:3000/taskpane.html et acceptez le certificat, puis rechargez Excel pour le web.",
        ],
      },
      storageDenied: {
        heading:
          "Votre clé et vos réponses ne sont pas conservées : le navigateur bloque le stockage du complément",
        body: [
          "Excel pour le web exécute le complément dans un cadre du site propre au complément. Là où le navigateur bloque les cookies et données de sites tiers (une fenêtre de navigation privée, un paramètre de confidentialité ou une stratégie de votre organisation), il ne donne aucun stockage à ce cadre. Le volet Office l’indique alors : votre clé et vos paramètres ne durent que jusqu’à la fermeture du classeur, et les réponses de vos cellules sont conservées en mémoire jusque-là. À la réouverture du classeur, le volet redemande la clé et demande avant de racheter des réponses.",
          "Pour les conserver, autorisez les cookies et données de sites tiers pour le site du complément, que le volet Office indique. Dans Chrome : Paramètres > Confidentialité et sécurité > Cookies tiers > Sites autorisés à utiliser des cookies tiers > Ajouter. Dans Edge : Paramètres > Cookies et autorisations de site > Gérer et supprimer les cookies et les données du site > Autoriser > Ajouter. Dans Firefox : Paramètres > Vie privée et sécurité > Cookies et données de sites > Gérer les exceptions > Autoriser. Ou ouvrez Excel dans une fenêtre normale plutôt que privée. Si une stratégie de votre organisation les bloque, adressez-vous à votre administrateur.",
        ],
      },
    },
    moreHeading: "Plus d’informations",
    helpLink: "Aide de chaque fonction de feuille de calcul",
    privacyLink: "Ce que le complément envoie, et où",
  },
  privacy: {
    title: "Confidentialité",
    intro:
      "Mail Finder n’envoie que ce dont une recherche a besoin, uniquement au service de recherche d’e-mails, et conserve le reste sur votre appareil.",
    sections: {
      lookups: {
        heading: "Vos recherches",
        body: [
          "Les entrées de chaque recherche (les noms, entreprises, URL de profil, adresses ou listes que vous recherchez) sont envoyées au service de recherche d’e-mails par le relais du complément, `/api` sur l’hôte propre du complément, qui les transmet et ne conserve rien.",
        ],
      },
      key: {
        heading: "Votre clé API",
        body: [
          "Votre clé API est conservée dans votre propre stockage Office sur cet appareil, jamais dans le classeur. Elle n’est envoyée qu’au service de recherche d’e-mails, dans l’en-tête Authorization de la requête.",
        ],
      },
      answers: {
        heading: "Réponses conservées",
        body: [
          "Les réponses obtenues par vos cellules sont conservées sur cet appareil, dans la base IndexedDB du complément, dans le moteur de navigateur d’Excel, pour ne pas être achetées deux fois. Paramètres > Effacer et recalculer les supprime.",
          "Le classeur ne conserve que des identifiants aléatoires de l’endroit où ses réponses sont conservées (aucune réponse, aucune clé). Ouvert là où elles ont disparu (stockage du navigateur effacé, autre ordinateur ou autre compte), le complément le signale et demande avant que ses cellules ne les rachètent.",
          "Les identifiants des travaux en masse et des autres travaux sont conservés dans les paramètres du document du classeur, pour qu’un travail inachevé puisse être suivi à la réouverture du classeur.",
        ],
      },
      team: {
        heading: "En équipe",
        body: [
          "Avec l’hôte d’équipe de votre organisation, les recherches passent par cet hôte, qui ajoute la clé de l’organisation. Il conserve les réponses achetées par votre équipe, pour que vos collègues ne paient pas deux fois, et une trace de chaque requête payante (qui, quelle opération, crédits, quand) pendant 400 jours, que votre administrateur peut consulter et exporter. Pendant ces mêmes 400 jours, il note quelle recherche de votre part a acheté quelle adresse, pour qu’un rebond signalé vous rende le crédit sur votre mois, et, pour une recherche envoyée à un webhook, l’adresse de ce webhook jusqu’à l’arrivée du résultat. Il ne conserve votre jeton d’équipe que sous forme d’empreinte, et aucun jeton Microsoft 365.",
          "Connecté avec Microsoft 365, seul le nom de votre compte est conservé dans votre stockage Office sur cet appareil ; ses jetons restent en mémoire.",
        ],
      },
      nothingElse: {
        heading: "Rien d’autre",
        body: [
          "Rien d’autre n’est envoyé nulle part : pas d’analyse, pas de suivi, pas de publicité, aucun tiers.",
        ],
      },
    },
    moreHeading: "Plus d’informations",
    supportLink: "Assistance et problèmes courants",
    helpLink: "Aide de chaque fonction de feuille de calcul",
  },
};

/** Texts written exactly as in English on purpose (the same word in French, or only codes). */
export const helpSame: readonly string[] = [
  "functionPage.arguments",
  "functionPage.argument",
  "functionPage.description",
  "functionPage.situation",
  "outcomes.notFound.cell",
  "outcomes.blacklisted.cell",
  "outcomes.unauthorized.cell",
  "outcomes.outOfCredits.cell",
];
