/**
 * The activation context Excel on the web gives office.js when it asks
 * (ContextActivationManager_getAppContextAsync): which host, its version and languages, the
 * document's settings, and the requirement sets it supports. office.js checks that every field
 * it needs is present (OSF.InitializationHelper.getAppContext) and refuses to start otherwise.
 */

/** Requirement sets of Excel on the web, as this page answers (see README: a guess, dated). */
export const DEFAULT_REQUIREMENT_SETS: Record<string, number> = {
  ExcelApi: 1.17,
  ExcelApiOnline: 1.1,
  SharedRuntime: 1.1,
  CustomFunctionsRuntime: 1.4,
  // office.js sends results with SetInvocationArrayResults from 1.7 (CustomFunctionProxy).
  CustomFunctions: 1.7,
  RibbonApi: 1.1,
  DialogApi: 1.2,
  IdentityAPI: 1.3,
};

export interface AppContextOptions {
  appId: string;
  displayLanguage: string;
  contentLanguage: string;
  requirementSets: Record<string, number>;
  /** The document's saved settings (Office.context.document.settings). */
  settings: Record<string, unknown>;
  addinName: string;
}

/** OSF.AppName.ExcelWebApp. */
const EXCEL_WEB_APP = 16;

export function appContext(options: AppContextOptions): Record<string, unknown> {
  return {
    _id: options.appId,
    _appName: EXCEL_WEB_APP,
    _appVersion: "16.00",
    _appMinorVersion: 0,
    _appUILocale: options.displayLanguage,
    _dataLocale: options.contentLanguage,
    _docUrl: "https://excel.officeapps.live.com/test-host/Book1.xlsx",
    _clientMode: 1,
    // Excel on the web sends settings as [name, JSON text] pairs (ExcelWebApp branch of
    // getAppContext; OSF.DDA.SettingsManager.deserializeSettings parses each value).
    _settings: Object.entries(options.settings).map(([name, value]) => [
      name,
      JSON.stringify(value),
    ]),
    _reason: 1,
    _osfControlType: 1,
    _eToken: "",
    _correlationId: options.appId,
    _appInstanceId: options.appId,
    _requirementMatrix: JSON.stringify(options.requirementSets),
    _hostFullVersion: "16.0.19000.10000",
    _addinName: options.addinName,
    _clientWindowHeight: 720,
    _clientWindowWidth: 1280,
  };
}

/**
 * The `_host_Info` query parameter of the add-in's URL: host|platform|version|locale|
 * correlation id|dialog||flags (office.js _retrieveHostInfo). Flags 3 = a shared runtime
 * (OSF.HostInfoFlags.SharedApp) that also runs custom functions (CustomFunction).
 */
export function hostInfo(locale: string, isDialog = false): string {
  return ["Excel", "Web", "16.01", locale, "telemetry", isDialog ? "isDialog" : "", "", "3"].join(
    "$"
  );
}
