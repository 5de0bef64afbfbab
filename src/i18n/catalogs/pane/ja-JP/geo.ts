import type { Translation } from "../../types";
import type { geoEn } from "../en-US/geo";

export const geo: Translation<typeof geoEn> = {
  "geo.query": "検索対象",
  "geo.queryPlaceholder": "歯科医院",
  "geo.latitude": "緯度",
  "geo.longitude": "経度",
  "geo.radius": "半径（km、1～25）",
  "geo.resultLimit": "結果の上限（省略可）",
  "geo.companyEmails": "会社のメールアドレスを検索",
  "geo.decisionMakers": "意思決定者（省略可、重要な順）",
  "geo.label": "ラベル（省略可）",
  "geo.costNote":
    "検索の作成は無料です。結果は無料プレビューの後、ダウンロード時に支払います（有効なメールアドレス1件につき1クレジット、意思決定者1人につき2クレジット）。",
  "geo.submit": "GeoLead検索を開始",
  "geo.queryRequired": "検索対象は必須です（例：歯科医院）。",
  "geo.queryTooLong": "検索語句が長すぎます（最大{max, number}文字）。",
  "geo.latitudeInvalid": "緯度は-90～90の数値で指定してください。",
  "geo.longitudeInvalid": "経度は-180～180の数値で指定してください。",
  "geo.radiusInvalid": "半径は1～25kmで指定してください。",
  "geo.nothingToFind": "会社のメールアドレス、意思決定者、またはその両方を検索してください。",
  "geo.resultLimitInvalid": "結果の上限は1以上の整数にするか、空欄にしてください。",
};

/** Ids this language writes exactly as English, on purpose (a name, a borrowed word). */
export const geoSame: ReadonlyArray<keyof typeof geoEn> = [];
