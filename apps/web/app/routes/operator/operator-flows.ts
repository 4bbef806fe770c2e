/**
 * The operator partner routes of spec platform §2: /signup/mf, /signin/mf and /signin/megafon (the older
 * address), each with its /code step. All three sign in by an SMS code to the msisdn; a new account goes on
 * to /megafon_connect to connect the subscription, a returning one to the site.
 */
export const OPERATOR_FLOWS = {
  'signup-mf': { base: '/signup/mf', kind: 'signup' },
  'signin-mf': { base: '/signin/mf', kind: 'signin' },
  'signin-megafon': { base: '/signin/megafon', kind: 'signin' },
} as const;
export type OperatorFlowId = keyof typeof OPERATOR_FLOWS;
export const CONNECT_PATH = '/megafon_connect';
