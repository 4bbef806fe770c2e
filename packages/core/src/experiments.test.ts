import { describe, expect, it } from 'vitest';
import { type Experiment, experimentGroup, EXPERIMENTS, isConfigEntryApplicable } from './experiments.ts';

describe('experimentGroup', () => {
  const ab: Experiment[] = [
    { exp_name: 'Catalog_sorting', group_name: 'B', exp_id: 1, group_id: 2 },
    { exp_name: 'Mobile_web_app', group_name: 'on' },
    { exp_name: 'Catalog_sorting', group_name: 'A' },
  ];
  it.each([
    [ab, EXPERIMENTS.catalogSorting, 'B'],
    [ab, EXPERIMENTS.mobileWebApp, 'on'],
    [ab, EXPERIMENTS.whoWatch, null],
    [[], EXPERIMENTS.catalogSorting, null],
    [null, EXPERIMENTS.catalogSorting, null],
    [undefined, EXPERIMENTS.catalogSorting, null],
  ])('%#: %s group is %j', (list, name, expected) => {
    expect(experimentGroup(list, name)).toBe(expected);
  });

  it('names the platform §6 experiments', () => {
    expect(Object.values(EXPERIMENTS)).toEqual([
      'Who_watch',
      '20%_Player_Redirect',
      'Mobile_web_app',
      'Otp_email',
      'Catalog_sorting',
      'CW_off',
      'Stories_off_virtual',
      'offer_off',
      'Double_Opt_In',
      'New_text_and_button_for_catchup',
    ]);
  });
});

describe('isConfigEntryApplicable (platform §5: exp_id exists, clients and group_ids are arrays, clients contains the client key)', () => {
  it.each([
    [{ exp_id: 5, clients: ['web'], group_ids: [1] }, true],
    [{ exp_id: 0, clients: ['web', 'tv'], group_ids: [] }, true],
    [{ exp_id: 'x', clients: ['web'], group_ids: [1] }, true],
    [{ clients: ['web'], group_ids: [1] }, false],
    [{ exp_id: null, clients: ['web'], group_ids: [1] }, false],
    [{ exp_id: 5, clients: ['tv'], group_ids: [1] }, false],
    [{ exp_id: 5, clients: 'web', group_ids: [1] }, false],
    [{ exp_id: 5, clients: ['web'], group_ids: 1 }, false],
    [{ exp_id: 5, clients: ['web'] }, false],
    [null, false],
    ['web', false],
  ])('%j: %s', (entry, expected) => {
    expect(isConfigEntryApplicable(entry, 'web')).toBe(expected);
  });
});
