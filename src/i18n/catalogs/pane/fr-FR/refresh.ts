import type { Translation } from "../../types";
import type { refreshEn } from "../en-US/refresh";

export const refresh: Translation<typeof refreshEn> = {
  "refresh.title": "Actualiser les anciennes réponses",
  "refresh.cellsNote":
    "Sélectionnez des cellules avec des formules MAIL\u00a0: seules leurs réponses plus anciennes sont recherchées à nouveau.",
  "refresh.listNote":
    "Les lignes de cette liste dont les réponses sont plus anciennes sont recherchées à nouveau\u00a0; seules leurs cellules de sortie sont réécrites.",
  "refresh.age": "Réponses de plus de (jours)",
  "refresh.ageInvalid": "Saisissez un nombre entier de jours entre 0 et {max, number}.",
  "refresh.check": "Compter les anciennes réponses de la sélection",
  "refresh.checkList": "Compter les anciennes réponses de la liste",
  "refresh.count":
    "{count, plural, =0 {Aucune réponse ici n’a plus de {days, plural, one {# jour} other {# jours}}.} one {# réponse a plus de {days, plural, one {# jour} other {# jours}}\u00a0: la rechercher à nouveau coûte au plus {credits, number} crédits.} other {# réponses ont plus de {days, plural, one {# jour} other {# jours}}\u00a0: les rechercher à nouveau coûte au plus {credits, number} crédits.}}",
  "refresh.notKept":
    "{count, plural, one {# cellule n’a} other {# cellules n’ont}} pas de réponse conservée\u00a0: Actualiser ne les recherche pas.",
  "refresh.run":
    "{count, plural, one {Rechercher # réponse à nouveau} other {Rechercher # réponses à nouveau}}",
  "refresh.working": "Nouvelle recherche des anciennes réponses…",
  "refresh.noFormulas":
    "La sélection ne contient aucune formule MAIL. Sélectionnez les cellules à actualiser.",
  "refresh.spendingOff":
    "Les dépenses sont désactivées\u00a0: rien n’a été recherché à nouveau. Activez les dépenses (Recherches) pour actualiser.",
  "refresh.overBudget":
    "Le budget de la session a encore {left, number} crédits et cette actualisation peut coûter jusqu’à {max, number}\u00a0: rien n’a été recherché à nouveau. Augmentez le budget (Recherches) ou actualisez moins de cellules.",
  "refresh.asked":
    "{count, plural, one {# réponse recherchée à nouveau} other {# réponses recherchées à nouveau}} ({credits, number} crédits)\u00a0:",
  "refresh.nothingChanged": "rien n’a changé",
  "refresh.changes": "{list}.",
  "refresh.changeStatus": "{count, number} {from} -> {to}",
  "refresh.changeNewEmail": "{count, plural, one {# nouvel e-mail} other {# nouveaux e-mails}}",
  "refresh.changeLost": "{count, plural, one {# plus trouvée} other {# plus trouvées}}",
  "refresh.changeList": "{count, plural, one {# liste modifiée} other {# listes modifiées}}",
  "refresh.stopped":
    "Arrêté\u00a0: {count, plural, one {# réponse n’a pas été recherchée} other {# réponses n’ont pas été recherchées}} à nouveau et gardent l’ancienne réponse.",
  "refresh.failed":
    "{count, plural, one {# recherche a échoué} other {# recherches ont échoué}} et gardent l’ancienne réponse ({reason}).",
  "refresh.notAsked":
    "{count, plural, one {# réponse n’a été demandée} other {# réponses n’ont été demandées}} par aucune cellule (modifiées depuis le comptage).",
  "refresh.listRewritten": "{count, plural, one {# ligne réécrite.} other {# lignes réécrites.}}",
  "refresh.readListFirst": "Lisez d’abord votre liste (Utiliser la sélection, ci-dessus).",
  "refresh.listBouncedToWrite":
    "{count, plural, one {# ligne montre une adresse signalée en rebond\u00a0: elle est réécrite «\u00a0bounced\u00a0», sans recherche.} other {# lignes montrent des adresses signalées en rebond\u00a0: elles sont réécrites «\u00a0bounced\u00a0», sans recherche.}}",
  "refresh.listTypedInto":
    "{count, plural, one {# ligne n’a pas été réécrite} other {# lignes n’ont pas été réécrites}}\u00a0: leurs cellules ont été modifiées entre-temps.",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const refreshSame: ReadonlyArray<keyof typeof refreshEn> = [
  "refresh.changes",
  "refresh.changeStatus",
];
