import { describe, expect, it } from 'vitest';
import { DEVICE_MIN_WIDTH, DEVICES, deviceForWidth } from './device.ts';

describe('deviceForWidth (catalogue §9: mobile up to 767, tablet from 768, wide tablet up to 1024, desktop up to 1440, wide desktop from 1441)', () => {
  it.each([
    [0, 'mobile'],
    [320, 'mobile'],
    [425, 'mobile'],
    [767, 'mobile'],
    [767.5, 'mobile'],
    [768, 'tablet'],
    [991, 'tablet'],
    [992, 'wideTablet'],
    [1024, 'wideTablet'],
    [1025, 'desktop'],
    [1440, 'desktop'],
    [1441, 'wideDesktop'],
    [2560, 'wideDesktop'],
  ])('%s px is %s', (width, device) => {
    expect(deviceForWidth(width)).toBe(device);
  });

  it('device starts ascend in DEVICES order', () => {
    const starts = DEVICES.map((device) => DEVICE_MIN_WIDTH[device]);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(new Set(starts).size).toBe(starts.length);
  });
});
