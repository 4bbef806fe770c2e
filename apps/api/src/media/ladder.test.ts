import { describe, expect, it } from 'vitest';
import { buildLadder, gopFrames } from './ladder.ts';

const names = (l: { name: string }[]) => l.map((r) => r.name);

describe('buildLadder', () => {
  it.each([
    // source height → rungs (never upscaled; spec platform §9 FHD 1080, HD 720, SD 480 and the lower levels)
    [1920, 1080, ['240p', '360p', '480p', '720p', '1080p']],
    [3840, 2160, ['240p', '360p', '480p', '720p', '1080p']],
    [1280, 720, ['240p', '360p', '480p', '720p']],
    [1440, 800, ['240p', '360p', '480p', '720p']],
    [854, 480, ['240p', '360p', '480p']],
    [640, 360, ['240p', '360p']],
    [320, 180, ['180p']],
  ])('%ix%i → %j', (width, height, expected) => {
    expect(names(buildLadder({ width, height, frameRate: 25 }))).toEqual(expected);
  });

  it('keeps the display aspect ratio with even widths, anamorphic sources included', () => {
    expect(buildLadder({ width: 1920, height: 1080, frameRate: 25 }).map((r) => `${r.width}x${r.height}`)).toEqual(['426x240', '640x360', '854x480', '1280x720', '1920x1080']);
    // DVD PAL 16:9: 720x576 with 64:45 pixels → 1024x576 on screen
    expect(buildLadder({ width: 720, height: 576, sampleAspectRatio: 64 / 45, frameRate: 25 }).at(-1)).toMatchObject({ width: 854, height: 480 });
    for (const r of buildLadder({ width: 1998, height: 1080, frameRate: 24 })) expect(r.width % 2).toBe(0);
  });

  it('caps at --max-height, uses Main below 720p and High from 720p, and gives 60 fps half as much again', () => {
    const ladder = buildLadder({ width: 1920, height: 1080, frameRate: 25 }, { maxHeight: 720 });
    expect(names(ladder)).toEqual(['240p', '360p', '480p', '720p']);
    expect(ladder.map((r) => r.profile)).toEqual(['main', 'main', 'main', 'high']);
    const at25 = buildLadder({ width: 1920, height: 1080, frameRate: 25 }).at(-1)!;
    const at60 = buildLadder({ width: 1920, height: 1080, frameRate: 60 }).at(-1)!;
    expect(at25).toMatchObject({ maxrateKbps: 6000, bufsizeKbps: 12000 });
    expect(at60.maxrateKbps).toBe(9000);
  });

  it('refuses a source without a picture size', () => {
    expect(() => buildLadder({ width: 0, height: 0, frameRate: 25 })).toThrow(/no picture size/);
  });
});

describe('gopFrames: a keyframe every 2 s', () => {
  it.each([
    [25, 50],
    [24, 48],
    [30, 60],
    [30000 / 1001, 60],
    [50, 100],
  ])('%d fps → %d frames', (fps, frames) => {
    expect(gopFrames(fps)).toBe(frames);
  });
});
