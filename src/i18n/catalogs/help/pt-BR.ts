import type { HelpStrings } from "./en-US";

// The help, support and privacy pages in Brazilian Portuguese: the English table's
// keys (src/help/strings-en.ts), `code` spans and {placeholders} kept.

export const help: HelpStrings = {
  lang: "pt-BR",
  formulaSeparator: "; ",
  site: {
    name: "Mail Finder para Excel",
    help: "Funções",
    support: "Suporte",
    privacy: "Privacidade",
    guide:
      "Guia do usuário (em inglês): o painel de tarefas, enriquecer uma lista, pesquisas em massa, gastos e equipes",
  },
  index: {
    title: "Funções de planilha",
    intro:
      "As funções do suplemento ficam no namespace `MAIL`: digite `=MAIL.` em uma célula para vê-las. Os argumentos são células ou valores; um argumento opcional vazio é tratado como não informado.",
    function: "Função",
    description: "O que ela faz",
    keptAnswers:
      "Cada resposta que uma célula recebe é guardada para você neste dispositivo, então recalcular, reabrir a pasta de trabalho ou preencher para baixo nunca compra a mesma resposta duas vezes.",
  },
  functionPage: {
    syntax: "Sintaxe",
    arguments: "Argumentos",
    argument: "Argumento",
    description: "Descrição",
    optional: "opcional",
    noArguments: "Esta função não tem argumentos.",
    fields: "Campos",
    fieldsIntro:
      "`{argument}` é uma lista separada por vírgulas destes campos de resposta, mostrados lado a lado em uma linha, na ordem informada:",
    checkedOnNote:
      "`checked_on` é o dia em que a resposta foi comprada do serviço (as respostas guardadas o mantêm): uma data onde o Excel tem tipos de dados; senão, seu texto com o ano primeiro (2026-11-25), que se ordena da mesma forma.",
    outcomes: "O que a célula mostra",
    situation: "Situação",
    cell: "Célula",
    cost: "Quanto custa",
    examples: "Exemplos",
    formula: "Fórmula",
    result: "Resultado",
    allFunctions: "Todas as funções",
  },
  outcomes: {
    foundEmail: {
      situation: "Um email é encontrado, `valid` ou `risky`",
      cell: "O email; um arriscado é o melhor palpite, e `fields` pode mostrar o status dele. Com Configurações > Respostas como cartões ativado, um cartão.",
    },
    verified: {
      situation: "O endereço é verificado",
      cell: "`valid`, `risky` (inconclusivo) ou `invalid`.",
    },
    companyEmails: {
      situation: "Emails são encontrados",
      cell: "Até 20 endereços, um por linha, despejados para baixo na coluna.",
    },
    employeesTable: {
      situation: "Funcionários são encontrados",
      cell: "Uma tabela despejada a partir da célula: nome, cargo, empresa e URL do perfil, um funcionário por linha, sem linha de cabeçalho.",
    },
    creditsLeft: {
      situation: "Sempre",
      cell: "Os créditos restantes da conta, atualizados à medida que o suplemento gasta; ao digitar a fórmula, aparece o saldo já conhecido.",
    },
    notFound: {
      situation: "Nada é encontrado (`not_found`)",
      cell: "`#N/A` {message}",
    },
    blacklisted: {
      situation: "O endereço foi removido a pedido do titular (`blacklisted`)",
      cell: "`#N/A` {message}",
    },
    bounced: {
      situation:
        "Um endereço que você denunciou como devolvido (guia Denunciar, *Devoluções reembolsadas*)",
      cell: "`#N/A` {message} Nada é enviado: ele nunca é comprado de novo.",
    },
    badInput: {
      situation:
        "Um argumento que o serviço recusaria: ausente, malformado, VERDADEIRO ou FALSO, um valor de erro ou um texto longo demais",
      cell: "`#VALUE!` com o nome do argumento, por exemplo {message} Nenhuma solicitação é enviada e nada é gasto.",
    },
    unauthorized: {
      situation: "A chave de API está ausente ou foi recusada (401)",
      cell: "`#VALUE!` {message}",
    },
    outOfCredits: {
      situation: "A conta está sem créditos (402)",
      cell: "`#N/A` {message}",
    },
    unavailable: {
      situation:
        "O serviço está ocupado (503), a rede falha ou a solicitação expira, depois das novas tentativas",
      cell: "`#N/A` com o motivo, por exemplo {message}",
    },
    spendingHeld: {
      situation: "Os gastos estão suspensos ou recusados (painel de tarefas, Consultas)",
      cell: "`#N/A` dizendo por que e onde alterar, um destes:",
    },
    preview: {
      situation: "A fórmula ainda está sendo digitada (o Excel mostra uma prévia do valor)",
      cell: "Uma resposta guardada, se houver; senão, `#N/A` {message} Nada é enviado até você pressionar Enter.",
    },
  },
  messages: {
    required: "{argument} é obrigatório.",
    noEmail: "Nenhum email encontrado.",
    noEmployees: "Nenhum funcionário encontrado.",
    blacklisted: "Removido do banco de dados a pedido do titular (blacklisted).",
    bounced: "Devolvido (denunciado em 2026-11-25).",
    unauthorized: "Chave de API ausente ou recusada: defina-a no painel de tarefas.",
    outOfCredits: "Sem créditos.",
    busy: "O serviço está ocupado (503) após 3 tentativas; recalcule para tentar novamente.",
    spendingOff:
      "Os gastos estão desativados: só as respostas guardadas são mostradas. Ative os gastos no painel de tarefas (Consultas).",
    declined:
      "Não executado: recusado no painel de tarefas. Recalcule para ser perguntado novamente.",
    stopped: "Interrompido pelo painel de tarefas. Recalcule para executar.",
    budgetReached:
      "Orçamento da sessão atingido (N créditos para células): altere-o no painel de tarefas (Consultas).",
    unconfirmed:
      'Não executado: este recálculo pode gastar mais de N créditos e o painel de tarefas não conseguiu perguntar a você. Altere "Perguntar antes de gastar mais de" no painel de tarefas (Consultas).',
    preview: "Prévia: pressione Enter para consultar.",
  },
  costs: {
    person:
      "1 crédito para cada email válido encontrado; respostas não encontradas e arriscadas são gratuitas.",
    decisionMaker:
      "2 créditos para cada tomador de decisão encontrado com um email válido; respostas não encontradas são gratuitas.",
    verify: "0,2 crédito para cada verificação `valid`; `risky` e `invalid` são gratuitas.",
    company:
      "1 crédito para cada pesquisa de empresa que encontra emails; uma pesquisa que não encontra nenhum é gratuita.",
    employees:
      "1 crédito para cada pesquisa que encontra pelo menos um funcionário (as regras antigas do serviço: ele cobra de novo a mesma pesquisa; com a resposta guardada pelo suplemento, um recálculo não a solicita novamente).",
    credits: "Gratuita: ela lê o saldo e não gasta nada.",
    repeats:
      "A mesma pesquisa dentro de 30 dias é gratuita, e o suplemento guarda cada resposta neste dispositivo, então recalcular, reabrir ou preencher para baixo nunca paga duas vezes.",
    question:
      "Antes que um recálculo possa gastar mais que o seu limite (Consultas > Gastos, 25 créditos por padrão), o painel de tarefas pergunta; lá você também pode desativar os gastos ou definir um orçamento de sessão.",
  },
  examples: {
    findByNames: "O email de Jane Doe em example.com.",
    findByFullName: "`last_name` vazio: A2 contém o nome completo.",
    findWithFields: "O email, o status dele e o cargo da pessoa, lado a lado em uma linha.",
    findWithProfile: "Um nome parcial refinado pela URL do perfil em D2.",
    verifyCell: "`valid`, `risky` ou `invalid` para o endereço em A2.",
    decisionMakerOne: "O email do CEO de example.com.",
    decisionMakerList:
      "O email da primeira categoria, entre HR e CEO, que tenha um válido, com a categoria e o nome da pessoa.",
    decisionMakerRange: "As categorias em ordem de importância, lidas do intervalo F1:F3.",
    companyAny: "Até 20 endereços em example.com, para baixo na coluna.",
    companyGeneric: "Somente endereços genéricos (como contact@), para a empresa indicada em A2.",
    profileCell: "O email da pessoa por trás da URL do perfil em A2.",
    profileFields: "O email, o nome e a empresa da pessoa, em uma linha.",
    employeesTitle: "Funcionários de example.com, diretores de vendas primeiro.",
    employeesCountry: "A mesma pesquisa, limitada aos Estados Unidos.",
    creditsLeft:
      "Os créditos restantes, por exemplo 4.250,8, atualizados à medida que as células e o painel de tarefas gastam.",
  },
  argumentNotes: {
    company:
      "Um endereço de site como https://www.example.com/about é reduzido ao domínio; qualquer outro texto é considerado o nome da empresa.",
    categories:
      'Uma categoria (`"ceo"`), uma lista separada por vírgulas (`"hr, ceo"`) ou um intervalo de células; é retornada a primeira categoria, em ordem de importância, que tenha um email válido.',
    emailType: "Vazio significa `any`.",
  },
  support: {
    title: "Suporte",
    whatHeading: "O que o suplemento faz",
    what: [
      "O Mail Finder encontra e verifica endereços de email profissionais dentro do Excel: funções de planilha como `=MAIL.FINDEMAIL(A2; B2; C2)` respondem na célula, e o painel de tarefas (Página Inicial > Mail Finder) enriquece uma lista inteira, executa pesquisas em massa e GeoLead, encomenda arquivos de domínios e relata emails incorretos.",
      "As consultas são pagas em créditos da sua conta no serviço de localização de emails; o suplemento guarda cada resposta no seu dispositivo para que a mesma resposta nunca seja comprada duas vezes, e pergunta antes que um recálculo gaste mais que o seu limite.",
    ],
    keyHeading: "Sua chave de API",
    key: [
      "Obtenha uma chave de API na sua conta do serviço de localização de emails, ou com o seu administrador se a sua organização executa o host de equipe do suplemento.",
      "No Excel, abra o painel de tarefas (Página Inicial > Mail Finder), escolha Configurações, cole a chave em Chave de API e pressione Salvar. Testar conexão mostra a sua conta e os créditos restantes.",
      "A chave é guardada para você no armazenamento do Office neste dispositivo, nunca na pasta de trabalho: um colega que abrir a sua pasta de trabalho usará a própria chave.",
    ],
    teamHeading: "Em equipe: um token de equipe ou sua conta do Microsoft 365",
    team: [
      "Se sua organização usa o host de equipe do suplemento, seu administrador mantém a conta e a chave dela e lhe dá um token de equipe pessoal, ou permite que você entre com sua conta do Microsoft 365. O painel de tarefas então pede um token de equipe no lugar da chave e mostra quem está conectado e quanto resta do seu orçamento mensal.",
      "Para entrar com o Microsoft 365, escolha Entrar com o Microsoft 365 na primeira tela ou em Configurações; na primeira vez, o Office pede seu consentimento. Se uma célula disser que é preciso entrar com o Microsoft 365, entre novamente ali. Se disser que seu token de equipe está ausente ou foi recusado, peça um novo ao seu administrador.",
      "Quando seu orçamento mensal se esgota, as células mostram `#N/A` com a mensagem do orçamento e nada é enviado. Respostas que um colega já comprou vêm da equipe, de graça.",
    ],
    troublesHeading: "Problemas comuns",
    troubles: {
      busy: {
        heading: "Uma célula fica em #BUSY!",
        body: [
          "As consultas podem estar esperando a sua resposta: quando um recálculo pode gastar mais que o seu limite, o painel de tarefas pergunta antes de enviar qualquer coisa. Abra o painel de tarefas e escolha Executar ou Não executar.",
          "Se o painel não estiver perguntando, o suplemento pode não estar em execução nesta pasta de trabalho: abra o painel de tarefas uma vez, o que o inicia, e recalcule (Ctrl+Alt+F9). No Excel para a Web, recarregue a página.",
        ],
      },
      notRegistered: {
        heading: "#NAME? ou as funções não são oferecidas",
        body: [
          "O Excel mostra `#NAME?` quando o suplemento não está carregado: ele não está instalado para você neste computador, ou o Excel ainda não o iniciou. Instale-o (Página Inicial > Suplementos) e abra o painel de tarefas uma vez; as funções são registradas em poucos segundos.",
          "As funções personalizadas exigem o Microsoft 365 ou o Excel 2021 ou posterior, no Windows, no Mac ou na Web. Digite também o namespace: `=MAIL.FINDEMAIL`, não `=FINDEMAIL`.",
        ],
      },
      staleMetadata: {
        heading: "Após uma atualização: argumentos antigos, descrições antigas ou funções ausentes",
        body: [
          "O Office guarda uma cópia da lista de funções do suplemento. Após uma atualização, limpe o cache do Office e inicie o Excel novamente:",
        ],
        windows:
          'Windows: feche o Excel, exclua o conteúdo de `%LOCALAPPDATA%\\Microsoft\\Office\\16.0\\Wef\\` e inicie o Excel novamente. Ou, no Excel: Arquivo > Opções > Central de Confiabilidade > Configurações da Central de Confiabilidade > Catálogos de Suplementos Confiáveis, marque "Na próxima vez que o Office for iniciado, limpar o cache de todos os suplementos da Web iniciados anteriormente" e reinicie o Excel.',
        mac: "Mac: feche o Excel, exclua o conteúdo de `~/Library/Containers/com.microsoft.Excel/Data/Library/Application Support/Microsoft/Office/16.0/Wef/` e de `~/Library/Containers/com.microsoft.Excel/Data/Library/Caches/` e inicie o Excel novamente.",
        web: "Excel para a Web: limpe os arquivos em cache do navegador para o site (Ctrl+Shift+Delete, ou Cmd+Shift+Delete no Mac) e recarregue a pasta de trabalho.",
      },
      paneNotOpening: {
        heading: "O painel de tarefas não abre ou fica em branco",
        body: [
          "Verifique se este computador consegue acessar o endereço do suplemento (um proxy ou firewall pode bloqueá-lo), depois feche o painel e abra-o novamente em Página Inicial > Mail Finder.",
          "No Windows, o painel precisa do runtime Microsoft Edge WebView2; instale-o se estiver ausente. Se o painel continuar em branco, limpe o cache do Office como descrito acima e reinicie o Excel.",
        ],
      },
      certificates: {
        heading: "Erros de certificado no desenvolvimento",
        body: [
          "O servidor de desenvolvimento (`npm start`) serve o suplemento por https com um certificado de localhost. Se o Excel ou o navegador o recusar, execute `npx office-addin-dev-certs install` e reinicie o Excel.",
          "Em um navegador, confie em `~/.office-addin-dev-certs/ca.crt`, ou abra https://localhost:3000/taskpane.html uma vez e aceite o certificado; depois recarregue o Excel para a Web.",
        ],
      },
      storageDenied: {
        heading:
          "Sua chave e suas respostas não são mantidas: o navegador bloqueia o armazenamento do suplemento",
        body: [
          "O Excel para a Web executa o suplemento em um quadro do próprio site do suplemento. Onde o navegador bloqueia cookies e dados de sites de terceiros (uma janela anônima, uma configuração de privacidade ou uma política da sua organização), ele não dá nenhum armazenamento a esse quadro. O painel de tarefas então avisa: sua chave e suas configurações duram só até a pasta de trabalho ser fechada, e as respostas das suas células ficam na memória até lá. Quando a pasta de trabalho é aberta de novo, o painel pede a chave outra vez e pergunta antes de comprar respostas de novo.",
          "Para mantê-las, permita cookies e dados de sites de terceiros para o site do suplemento, que o painel de tarefas informa. No Chrome: Configurações > Privacidade e segurança > Cookies de terceiros > Sites com permissão para usar cookies de terceiros > Adicionar. No Edge: Configurações > Cookies e permissões de site > Gerenciar e excluir cookies e dados do site > Permitir > Adicionar. No Firefox: Configurações > Privacidade e Segurança > Cookies e dados de sites > Gerenciar exceções > Permitir. Ou abra o Excel em uma janela normal em vez de uma anônima. Se uma política da sua organização os bloquear, fale com o seu administrador.",
        ],
      },
    },
    moreHeading: "Mais informações",
    helpLink: "Ajuda de cada função de planilha",
    privacyLink: "O que o suplemento envia, e para onde",
  },
  privacy: {
    title: "Privacidade",
    intro:
      "O Mail Finder envia somente o que uma consulta precisa, somente para o serviço de localização de emails, e mantém o resto no seu dispositivo.",
    sections: {
      lookups: {
        heading: "Suas consultas",
        body: [
          "Os dados de cada consulta (os nomes, empresas, URLs de perfil, endereços ou listas que você consulta) são enviados ao serviço de localização de emails pelo retransmissor do suplemento, `/api` no próprio host do suplemento, que os repassa e não guarda nada.",
        ],
      },
      key: {
        heading: "Sua chave de API",
        body: [
          "Sua chave de API é guardada no seu próprio armazenamento do Office neste dispositivo, nunca na pasta de trabalho. Ela é enviada somente ao serviço de localização de emails, como o cabeçalho Authorization da solicitação.",
        ],
      },
      answers: {
        heading: "Respostas guardadas",
        body: [
          "As respostas que as suas células recebem são guardadas neste dispositivo, no banco de dados IndexedDB do suplemento dentro do mecanismo de navegador do Excel, para não serem compradas duas vezes. Configurações > Limpar e recalcular as remove.",
          "A pasta de trabalho guarda apenas ids aleatórios de onde as suas respostas estão guardadas (nenhuma resposta, nenhuma chave). Aberta onde elas não estão mais (armazenamento do navegador limpo, outro computador ou outra conta), o suplemento avisa e pergunta antes que as células as comprem de novo.",
          "As IDs dos trabalhos em massa e de outros trabalhos são guardadas nas configurações do documento da pasta de trabalho, para que um trabalho inacabado possa ser acompanhado quando a pasta de trabalho for reaberta.",
        ],
      },
      team: {
        heading: "Em equipe",
        body: [
          "Com o host de equipe da sua organização, as consultas passam por esse host, que acrescenta a chave da organização. Ele guarda as respostas que sua equipe comprou, para que os colegas não paguem duas vezes, e um registro de cada solicitação paga (quem, qual operação, créditos, quando) por 400 dias, que seu administrador pode ver e exportar. Pelos mesmos 400 dias, ele anota qual consulta sua comprou qual endereço, para que um bounce informado devolva o crédito ao seu mês, e, para uma consulta enviada a um webhook, o endereço desse webhook até o resultado chegar. Ele guarda seu token de equipe apenas como impressão digital, e nenhum token do Microsoft 365.",
          "Conectado com o Microsoft 365, apenas o nome da sua conta é guardado no seu armazenamento do Office neste dispositivo; os tokens dela ficam na memória.",
        ],
      },
      nothingElse: {
        heading: "Nada mais",
        body: [
          "Nada mais é enviado para lugar nenhum: sem análises, sem rastreamento, sem publicidade, sem terceiros.",
        ],
      },
    },
    moreHeading: "Mais informações",
    supportLink: "Suporte e problemas comuns",
    helpLink: "Ajuda de cada função de planilha",
  },
};

/** Texts written exactly as in English on purpose (only codes). */
export const helpSame: readonly string[] = [
  "outcomes.notFound.cell",
  "outcomes.blacklisted.cell",
  "outcomes.unauthorized.cell",
  "outcomes.outOfCredits.cell",
];
