import type { FunctionsTranslation } from "./types";

export const functions: FunctionsTranslation = {
  FINDEMAIL: {
    description: "Busca la dirección de correo electrónico profesional de una persona.",
    parameters: {
      name: "Nombre, o el nombre completo si last_name está vacío.",
      last_name: "Apellidos; déjelo vacío si name contiene el nombre completo.",
      company: "Dominio, dirección del sitio web o nombre de la empresa.",
      linkedin_url:
        "URL del perfil de la persona: precisa un nombre parcial y se usa cuando el nombre no da resultado.",
      fields:
        'Campos que se mostrarán, como lista separada por comas (por ejemplo "email,email_status,person_job_title"); de forma predeterminada, email.',
    },
  },
  VERIFYEMAIL: {
    description: "Comprueba una dirección de correo electrónico.",
    parameters: { email: "Dirección de correo electrónico que se comprobará." },
  },
  DECISIONMAKER: {
    description: "Busca el correo electrónico de un responsable de decisiones de una empresa.",
    parameters: {
      company: "Dominio, dirección del sitio web o nombre de la empresa.",
      categories:
        "Categoría, lista separada por comas o rango de categorías, la más importante primero: ceo, engineering, finance, hr, it, logistics, marketing, operations, buyer, sales.",
      fields:
        'Campos que se mostrarán, como lista separada por comas (por ejemplo "email,person_full_name,person_job_title"); de forma predeterminada, email.',
    },
  },
  COMPANYEMAILS: {
    description:
      "Enumera hasta 20 direcciones de correo electrónico de una empresa, hacia abajo en una columna.",
    parameters: {
      company: "Dominio, dirección del sitio web o nombre de la empresa.",
      email_type: "any (predeterminado), generic o personal.",
    },
  },
  LINKEDINEMAIL: {
    description: "Busca la dirección de correo electrónico de la persona de una URL de perfil.",
    parameters: {
      linkedin_url: "URL del perfil, como https://www.linkedin.com/in/nombre.",
      fields:
        'Campos que se mostrarán, como lista separada por comas (por ejemplo "email,person_full_name,person_company_name"); de forma predeterminada, email.',
    },
  },
  EMPLOYEES: {
    description:
      "Enumera empleados de una empresa: nombre, cargo, empresa y URL del perfil, uno por fila.",
    parameters: {
      company: "Dominio, dirección del sitio web o nombre de la empresa.",
      preferred_title: 'Cargo que se buscará primero (por ejemplo "Sales Director").',
      country_code: "Código de país de dos letras al que se orienta la búsqueda (por ejemplo US).",
    },
  },
  CREDITS: {
    description:
      "Créditos restantes en la cuenta, actualizados a medida que el complemento los gasta.",
    parameters: {},
  },
};
