/**
 * The consent stand-in's IAB Global Privacy Platform side, run in the browser beside tcf-cmp.ts (the
 * same bundle, tcf-bundle.ts). Where a US regulation applies, a real Didomi with GPP enabled answers
 * `window.__gpp` with the US national section (`usnat`, section 7) of the visitor's answer to its
 * "Do not sell or share" notice; so does the stand-in, through the IAB's reference CMP API
 * (`@iabgpp/cmpapi`), which also encodes the GPP string. Imports only the IAB's library.
 *
 * The notice is the opt-out every US regulation asks for, so one national section stands for all of
 * them (a real CMP may add the state's own section, `usca` for California, beside it):
 * - the sale, sharing and targeted-advertising notices were given (1 = yes);
 * - a visitor who chose "Do not sell" (the SDK's `disagree`) opted out of all three (1 = yes);
 *   anyone else did not (2 = no), as `__uspapi` says with its "N";
 * - no MSPA transaction (2 = no, its two modes not applicable), no sensitive data, no child's data.
 */
import { CmpApi, CmpDisplayStatus, CmpStatus, SignalStatus, UsNat } from "@iabgpp/cmpapi";

/** Didomi's CMP id (the same as in its TC strings) and the stand-in's version. */
const CMP_ID = 7;
const CMP_VERSION = 1;

/** The GPP section the stand-in answers with: the US national privacy section. */
export const GPP_SECTION = UsNat.NAME;
export const GPP_SECTION_ID = UsNat.ID;

const YES = 1;
const NO = 2;
const NOT_APPLICABLE = 0;

let cmpApi: CmpApi | null = null;

/** Writes the visitor's answer (null: not answered yet, so not opted out) into the section. */
function write(api: CmpApi, choice: "agree" | "disagree" | null): void {
  const optedOut = choice === "disagree" ? YES : NO;
  const fields: Record<string, number> = {
    SharingNotice: YES,
    SaleOptOutNotice: YES,
    SharingOptOutNotice: YES,
    TargetedAdvertisingOptOutNotice: YES,
    SensitiveDataProcessingOptOutNotice: NOT_APPLICABLE,
    SensitiveDataLimitUseNotice: NOT_APPLICABLE,
    SaleOptOut: optedOut,
    SharingOptOut: optedOut,
    TargetedAdvertisingOptOut: optedOut,
    PersonalDataConsents: NOT_APPLICABLE,
    MspaCoveredTransaction: NO,
    MspaOptOutOptionMode: NOT_APPLICABLE,
    MspaServiceProviderMode: NOT_APPLICABLE,
  };
  for (const [field, value] of Object.entries(fields)) api.setFieldValue(GPP_SECTION, field, value);
}

/**
 * Installs `__gpp` (the SDK loads this script only where a US regulation applies), taking over the
 * stub's queue: `ping` then answers loaded and ready, with the national section applicable, and
 * the section holds the stored answer, or no opt-out yet.
 */
export function startGpp(options: { readonly choice: "agree" | "disagree" | null }): void {
  cmpApi = new CmpApi(CMP_ID, CMP_VERSION);
  cmpApi.setApplicableSections([GPP_SECTION_ID]);
  write(cmpApi, options.choice);
  cmpApi.setCmpStatus(CmpStatus.LOADED);
  cmpApi.setCmpDisplayStatus(CmpDisplayStatus.HIDDEN);
  cmpApi.setSignalStatus(SignalStatus.READY);
}

/** The visitor answered: the section changes and listeners get a `sectionChange` event. */
export function gppAnswered(choice: "agree" | "disagree"): void {
  if (!cmpApi) return;
  write(cmpApi, choice);
  cmpApi.fireSectionChange(GPP_SECTION);
}
