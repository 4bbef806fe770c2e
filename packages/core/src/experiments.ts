// A/B experiments: spec platform §3, §5, §6.

// spec platform §6 lists the experiments; the abandoned-cart one is named only in prose, so it
// is left out here.
/** Experiment names (exp_name) that switch features (platform §6). */
export const EXPERIMENTS = {
  whoWatch: 'Who_watch',
  playerRedirect: '20%_Player_Redirect',
  mobileWebApp: 'Mobile_web_app',
  otpEmail: 'Otp_email',
  catalogSorting: 'Catalog_sorting',
  continueWatchingOff: 'CW_off',
  storiesOffVirtual: 'Stories_off_virtual',
  offerOff: 'offer_off',
  doubleOptIn: 'Double_Opt_In',
  catchupTextAndButton: 'New_text_and_button_for_catchup',
} as const;

/** An experiment as listed in the auth data's ab (platform §3). */
export interface Experiment {
  exp_name: string;
  group_name: string;
  exp_id?: string | number;
  group_id?: string | number;
}

/** The user's group in the named experiment, or null when not enrolled (first match wins). */
export function experimentGroup(ab: readonly Experiment[] | null | undefined, expName: string): string | null {
  return ab?.find((experiment) => experiment.exp_name === expName)?.group_name ?? null;
}

// spec platform §5: "Config entries are used only if exp_id exists, clients and group_ids are
// arrays and clients contains the current client key."
/** Whether a config entry applies to this client (platform §5); the input is an untrusted response value. */
export function isConfigEntryApplicable(entry: unknown, clientKey: string): boolean {
  if (typeof entry !== 'object' || entry === null) return false;
  const { exp_id, clients, group_ids } = entry as Record<string, unknown>;
  const hasExpId = exp_id !== undefined && exp_id !== null;
  return hasExpId && Array.isArray(group_ids) && Array.isArray(clients) && clients.includes(clientKey);
}
