import type { Translation } from "../../types";
import type { bulkEn } from "../en-US/bulk";

export const bulk: Translation<typeof bulkEn> = {
  "bulk.rowsToSearch": "検索する行",
  "bulk.useSelection": "選択範囲を使用",
  "bulk.or": "または",
  "bulk.fileLabel": "CSVまたはXLSXファイル",
  "bulk.working": "処理中…",
  "bulk.sourceSelection": "{source}の{count, plural, other {#行}}",
  "bulk.sourceFile": "{fileName}（マッピング用に先頭の行を表示）",
  "bulk.firstRowIsHeader": "先頭行は見出し行",
  "bulk.categoriesLabel": "意思決定者のカテゴリ（省略可、重要な順）",
  "bulk.label": "ラベル",
  "bulk.nothingToSearch": "検索対象がありません：データ行がありません。",
  "bulk.cost":
    "{searches, plural, other {#件}}の検索で{rows, plural, other {#行}}・すべての行が有効と判定された場合は最大{credits, plural, other {#クレジット}}（ダウンロード時に支払い。30日以内の繰り返しは無料）",
  "bulk.costOfFile": "費用はファイルの処理後に確定し、ダウンロードの前に表示されます。",
  "bulk.submit": "一括検索を開始",
  "bulk.fieldFirstName": "名",
  "bulk.fieldLastName": "姓",
  "bulk.fieldFullName": "氏名",
  "bulk.fieldCompany": "会社",
  "bulk.fieldDomain": "ドメイン/Webサイト",
  "bulk.fieldEmail": "メール（検証対象）",
  "bulk.fieldProfileUrl": "プロフィールURL",
  "bulk.kindEmailAlone":
    "メール列はメールアドレスを検証します。名前の列とカテゴリを削除するか、メール列を削除してください。",
  "bulk.kindCategoriesNeedCompany": "意思決定者のカテゴリには、会社またはドメインの列が必要です。",
  "bulk.kindDecisionMakersByCompany":
    "意思決定者は会社単位で検索されます。名前の列またはカテゴリを削除してください。",
  "bulk.kindNameNeedsCompany": "名前には、会社またはドメインの列が必要です。",
  "bulk.kindBothNames": "姓と名の両方、または氏名の列を割り当ててください。",
  "bulk.kindNothingMapped":
    "少なくとも1つの検索に必要な列を割り当ててください：名前と会社、メール、プロフィールURL、または会社。",
  "bulk.unknownCategory":
    "「{name}」はカテゴリではありません。次のいずれかを使用してください：{categories}。",
  "bulk.fileHeaderOnly": "ファイルには見出し行だけがあり、データ行がありません。",
  "bulk.fileAllEmpty": "ファイルにデータ行がありません。すべての行が空です。",
  "bulk.selectionHeaderOnly": "選択範囲の見出しの下にデータ行がありません。",
  "bulk.selectionAllEmpty": "選択範囲にデータ行がありません。すべてのセルが空です。",
  "bulk.partOfSearch": "{name}（{part}/{parts}）",
  "bulk.xlsxNotWorkbook": "この.xlsxファイルは有効なブックではありません。",
  "bulk.firstSheetEmpty": "最初のワークシートが空です。",
  "bulk.xlsNotSupported":
    "古い.xlsブックはサポートされていません。.xlsxまたは.csvとして保存してください。",
  "bulk.fileEmpty": "ファイルが空です。",
  "bulk.notCsvOrXlsx": "このファイルはCSVでもXLSXでもありません。",
  "bulk.xlsxDamaged":
    "この.xlsxファイルは破損しています（{detail}）。Excelで開いて保存し直してください。",
  "bulk.xlsxTooLarge":
    "この.xlsxファイルは先頭の行までに{megabytes, number}MBを超えて展開されるため、読み取りを中止しました（破損したファイルまたはZIP爆弾）。",
  "bulk.xlsxCompression":
    "この.xlsxファイルはDeflate以外の圧縮方式を使用しています。Excelで開いて保存し直してください。",
  "bulk.xlsxNoWorksheet": "この.xlsxファイルにはワークシートがありません。",
  "bulk.damageTooManyParts": "格納できる数を超えるパーツが記載されています",
  "bulk.damageZipStructure": "ZIP構造が無効か、途中で切れています",
  "bulk.damagePartMissing": "{part}がありません",
  "bulk.damagePartDeclares": "{part}のサイズが{megabytes}MBと宣言されています",
  "bulk.damagePartExpands": "{part}が宣言された{bytes}バイトを超えて展開されます",
  "bulk.damagePartNotStored": "{part}は記載されていますが、格納されていません",
  "bulk.damagePartCutShort": "{part}が途中で切れています",
  "bulk.damageNotWorksheet": "{part}はワークシートではありません",
  "bulk.damageLongElement": "<{element}>要素が{megabytes, number}MBを超えています",
  "bulk.selectionSeveralAreas":
    "セル範囲を1つだけ選択してください。選択範囲が複数の領域に分かれているか、セルではありません。",
  "bulk.selectionEmpty":
    "選択範囲が空です。データ（とその見出し行）のセルを選択して、もう一度お試しください。",
  "bulk.columnOutsideSheet": "列番号{index}はExcelの列A～XFDの範囲外です。",
  "bulk.rowsOutsideSheet": "行{first}～{last}はExcelの行1～{max}の範囲外です。",
  "bulk.blockWithoutColumns": "範囲には少なくとも1列が必要です（指定された列数：{count}）。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const bulkSame: ReadonlyArray<keyof typeof bulkEn> = [];
