import type { FunctionsTranslation } from "./types";

export const functions: FunctionsTranslation = {
  FINDEMAIL: {
    description: "Localiza o endereço de email profissional de uma pessoa.",
    parameters: {
      name: "Nome, ou o nome completo quando last_name estiver vazio.",
      last_name: "Sobrenome; deixe vazio quando name for o nome completo.",
      company: "Domínio, endereço do site ou nome da empresa.",
      linkedin_url:
        "URL do perfil da pessoa: refina um nome parcial e é usada quando o nome não dá resultado.",
      fields:
        'Campos a mostrar, como lista separada por vírgulas (por exemplo "email,email_status,person_job_title"); padrão: email.',
    },
  },
  VERIFYEMAIL: {
    description: "Verifica um endereço de email.",
    parameters: { email: "O endereço de email a verificar." },
  },
  DECISIONMAKER: {
    description: "Localiza o email de um tomador de decisão em uma empresa.",
    parameters: {
      company: "Domínio, endereço do site ou nome da empresa.",
      categories:
        "Categoria, lista separada por vírgulas ou intervalo de categorias, a mais importante primeiro: ceo, engineering, finance, hr, it, logistics, marketing, operations, buyer, sales.",
      fields:
        'Campos a mostrar, como lista separada por vírgulas (por exemplo "email,person_full_name,person_job_title"); padrão: email.',
    },
  },
  COMPANYEMAILS: {
    description:
      "Lista até 20 endereços de email de uma empresa, um abaixo do outro em uma coluna.",
    parameters: {
      company: "Domínio, endereço do site ou nome da empresa.",
      email_type: "any (padrão), generic ou personal.",
    },
  },
  LINKEDINEMAIL: {
    description: "Localiza o endereço de email da pessoa por trás de uma URL de perfil.",
    parameters: {
      linkedin_url: "URL do perfil, como https://www.linkedin.com/in/nome.",
      fields:
        'Campos a mostrar, como lista separada por vírgulas (por exemplo "email,person_full_name,person_company_name"); padrão: email.',
    },
  },
  EMPLOYEES: {
    description:
      "Lista funcionários de uma empresa: nome, cargo, empresa e URL do perfil, um por linha.",
    parameters: {
      company: "Domínio, endereço do site ou nome da empresa.",
      preferred_title: 'Cargo a procurar primeiro (por exemplo "Sales Director").',
      country_code: "Código de país de duas letras que direciona a pesquisa (por exemplo US).",
    },
  },
  CREDITS: {
    description: "Créditos restantes na conta, atualizados à medida que o suplemento os gasta.",
    parameters: {},
  },
};
