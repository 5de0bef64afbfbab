import type { FunctionsTranslation } from "./types";

export const functions: FunctionsTranslation = {
  FINDEMAIL: {
    description: "Recherche l’adresse e-mail professionnelle d’une personne.",
    parameters: {
      name: "Prénom, ou nom complet si last_name est vide.",
      last_name: "Nom de famille ; laissez-le vide si name contient le nom complet.",
      company: "Domaine, adresse du site web ou nom de l’entreprise.",
      linkedin_url:
        "URL du profil de la personne : affine un nom partiel et sert lorsque le nom ne donne rien.",
      fields:
        'Champs à afficher, en liste séparée par des virgules (par exemple "email,email_status,person_job_title") ; par défaut email.',
    },
  },
  VERIFYEMAIL: {
    description: "Vérifie une adresse e-mail.",
    parameters: { email: "Adresse e-mail à vérifier." },
  },
  DECISIONMAKER: {
    description: "Recherche l’adresse e-mail d’un décideur dans une entreprise.",
    parameters: {
      company: "Domaine, adresse du site web ou nom de l’entreprise.",
      categories:
        "Catégorie, liste séparée par des virgules ou plage de catégories, la plus importante en premier : ceo, engineering, finance, hr, it, logistics, marketing, operations, buyer, sales.",
      fields:
        'Champs à afficher, en liste séparée par des virgules (par exemple "email,person_full_name,person_job_title") ; par défaut email.',
    },
  },
  COMPANYEMAILS: {
    description:
      "Liste jusqu’à 20 adresses e-mail d’une entreprise, les unes sous les autres dans une colonne.",
    parameters: {
      company: "Domaine, adresse du site web ou nom de l’entreprise.",
      email_type: "any (par défaut), generic ou personal.",
    },
  },
  LINKEDINEMAIL: {
    description: "Recherche l’adresse e-mail de la personne associée à une URL de profil.",
    parameters: {
      linkedin_url: "URL du profil, par exemple https://www.linkedin.com/in/nom.",
      fields:
        'Champs à afficher, en liste séparée par des virgules (par exemple "email,person_full_name,person_company_name") ; par défaut email.',
    },
  },
  EMPLOYEES: {
    description:
      "Liste les employés d’une entreprise : nom, poste, entreprise et URL du profil, un par ligne.",
    parameters: {
      company: "Domaine, adresse du site web ou nom de l’entreprise.",
      preferred_title: 'Poste à rechercher en priorité (par exemple "Sales Director").',
      country_code: "Code pays à deux lettres qui oriente la recherche (par exemple US).",
    },
  },
  CREDITS: {
    description:
      "Crédits restants sur le compte, mis à jour à mesure que le complément les dépense.",
    parameters: {},
  },
};
