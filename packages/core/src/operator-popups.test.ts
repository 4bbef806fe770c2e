import { describe, expect, it } from 'vitest';
import { OPERATOR_POPUP_PRECEDENCE, operatorPopupOf, type OperatorPopupFacts } from './operator-popups.ts';

const facts = (o: Partial<OperatorPopupFacts> = {}): OperatorPopupFacts => ({
  isOperator: true, storedPopup: null, countryCode: 'UA', noAppSeenCountry: null, noAppCountries: ['UA', 'LV'], ...o,
});

describe('operatorPopupOf (spec platform §6 Operator customer: popups by mf_info, countries without the operator app)', () => {
  it.each([
    ['not an operator customer: none, wherever', facts({ isOperator: false, storedPopup: 'info' }), null],
    ['a listed country, never closed there: no_app', facts(), 'no_app'],
    ['the country code in lower case is the same country', facts({ countryCode: 'ua' }), 'no_app'],
    ['closed in this country: none', facts({ noAppSeenCountry: 'UA' }), null],
    ['closed in another listed country: shown again here', facts({ countryCode: 'LV', noAppSeenCountry: 'UA' }), 'no_app'],
    ['a country not on the list: none', facts({ countryCode: 'RU' }), null],
    ['an empty list: none', facts({ noAppCountries: [] }), null],
    ['no_money beats no_app (it blocks playback)', facts({ storedPopup: 'no_money' }), 'no_money'],
    ['got_money beats no_app', facts({ storedPopup: 'got_money' }), 'got_money'],
    ['info beats no_app', facts({ storedPopup: 'info' }), 'info'],
    ['a stored popup shows at home too', facts({ storedPopup: 'info', countryCode: 'RU' }), 'info'],
  ] as const)('%s', (_name, input, expected) => {
    expect(operatorPopupOf(input)).toBe(expected);
  });

  it('never answers more than one popup, and the precedence names them all', () => {
    expect(OPERATOR_POPUP_PRECEDENCE).toEqual(['no_money', 'got_money', 'info', 'no_app']);
    for (const stored of ['no_money', 'got_money', 'info'] as const) {
      expect(OPERATOR_POPUP_PRECEDENCE.indexOf(stored)).toBeLessThan(OPERATOR_POPUP_PRECEDENCE.indexOf('no_app'));
    }
  });
});
