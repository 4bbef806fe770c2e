import { describe, expect, it } from 'vitest';
import { qualityLabel, qualityName, qualityOptions } from './quality.ts';

describe('qualityName (spec platform §9: Auto, FHD, HD, SD, HQ, MQ, LQ)', () => {
  it.each([
    // height, name
    [2160, 'FHD'],
    [1440, 'FHD'],
    [1080, 'FHD'],
    [1079, 'HD'],
    [900, 'HD'],
    [720, 'HD'],
    [719, 'SD'],
    [576, 'SD'],
    [480, 'SD'],
    [479, 'HQ'],
    [360, 'HQ'],
    [359, 'MQ'],
    [240, 'MQ'],
    [239, 'LQ'],
    [144, 'LQ'],
    [0, 'LQ'],
    [NaN, 'LQ'],
  ])('%s lines: %s', (height, name) => {
    expect(qualityName(height)).toBe(name);
  });
});

describe('qualityLabel', () => {
  it.each([
    [1080, 'FHD 1080'],
    [720, 'HD 720'],
    [480, 'SD 480'],
    [360, 'HQ 360'],
    [240, 'MQ 240'],
    [144, 'LQ 144'],
    [719.6, 'HD 720'],
    [0, 'LQ'],
  ])('%s lines: «%s»', (height, label) => {
    expect(qualityLabel(height)).toBe(label);
  });
});

describe('qualityOptions', () => {
  it('lists the real renditions best first, one per height, the highest bitrate of a height', () => {
    const options = qualityOptions([
      { index: 0, height: 360, bitrate: 250_000 },
      { index: 1, height: 720, bitrate: 1_000_000 },
      { index: 2, height: 720, bitrate: 2_500_000 },
      { index: 3, height: 1080, bitrate: 5_000_000 },
      { index: 4, height: 0, bitrate: 96_000 },
    ]);
    expect(options).toEqual([
      { index: 3, height: 1080, name: 'FHD', label: 'FHD 1080' },
      { index: 2, height: 720, name: 'HD', label: 'HD 720' },
      { index: 0, height: 360, name: 'HQ', label: 'HQ 360' },
    ]);
  });

  it('keeps an audio-only stream selectable and is empty without renditions', () => {
    expect(qualityOptions([{ index: 0, height: 0, bitrate: 96_000 }])).toEqual([{ index: 0, height: 0, name: 'LQ', label: 'LQ' }]);
    expect(qualityOptions([])).toEqual([]);
  });
});
