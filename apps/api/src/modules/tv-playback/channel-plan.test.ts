// Which renditions a channel offers over its loop ("handle assets whose audio is in a
// separate group sensibly"), with the master's entries parsed from playlist text.
import { describe, expect, it } from 'vitest';
import { assetRelative, parseMasterPlaylist, toAssetPlaylist, type AssetAudio, type AssetLayout, type AssetVariant } from './asset-layout.ts';
import { ChannelPlanError, planChannel } from './channel-plan.ts';

const playlist = (folder: string) => toAssetPlaylist(`${folder}/index.m3u8`, '#EXTM3U\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:4,\nseg_000.m4s\n#EXTINF:4,\nseg_001.m4s\n#EXT-X-ENDLIST\n');
const variant = (height: number, o: Partial<AssetVariant> = {}): AssetVariant => ({
  uri: `${height}p/index.m3u8`, bandwidth: height * 1000, averageBandwidth: height * 900, width: Math.round((height * 16) / 9), height, frameRate: 25,
  codecs: 'avc1.4d401e,mp4a.40.2', audioGroup: 'audio', playlist: playlist(`${height}p`), ...o,
});
const audio = (lang: string | null, o: Partial<AssetAudio> = {}): AssetAudio => ({
  groupId: 'audio', lang, name: lang === 'en' ? 'English' : 'Русский', isDefault: lang === 'ru', channels: '2', uri: `audio-${lang}/index.m3u8`, playlist: playlist(`audio-${lang}`), ...o,
});
const asset = (slug: string, heights: number[], langs: (string | null)[], o: Partial<AssetVariant> = {}): AssetLayout => ({
  slug, variants: heights.map((h) => variant(h, o)), audio: langs.map((l) => audio(l)),
});

describe('a channel plan', () => {
  it('offers the heights every item has', () => {
    const plan = planChannel([asset('a', [240, 480, 720, 1080], ['ru']), asset('b', [240, 720], ['ru'])]);
    expect(plan.variants.map((v) => v.track)).toEqual(['240p', '720p']);
    expect([...plan.tracks.keys()]).toEqual(['240p', '720p', 'audio-ru']);
  });

  it('offers the languages every item has; the first item default among them is the default', () => {
    const plan = planChannel([asset('a', [720], ['en', 'ru']), asset('b', [720], ['ru', 'en']), asset('c', [720], ['ru', 'en', 'de'])]);
    expect(plan.audio.map((a) => [a.track, a.isDefault])).toEqual([['audio-en', false], ['audio-ru', true]]);
    // Each track takes that language's rendition of each item.
    expect(plan.tracks.get('audio-en')!.items.map((i) => i.map)).toEqual(['audio-en/init.mp4', 'audio-en/init.mp4', 'audio-en/init.mp4']);
  });

  it('with no language in common, plays each item’s default audio as one track', () => {
    const plan = planChannel([asset('a', [720], ['ru']), { ...asset('b', [720], ['en']), audio: [audio('en', { isDefault: true })] }]);
    expect(plan.audio).toEqual([{ track: 'audio', lang: null, name: 'Русский', isDefault: true, channels: '2' }]);
    expect(plan.tracks.get('audio')!.items.map((i) => i.map)).toEqual(['audio-ru/init.mp4', 'audio-en/init.mp4']);
  });

  it('has no audio group when every item muxes its audio', () => {
    const plan = planChannel([asset('a', [720], [], { audioGroup: null }), asset('b', [720], [], { audioGroup: null })]);
    expect(plan.audio).toEqual([]);
    expect([...plan.tracks.keys()]).toEqual(['720p']);
  });

  it('refuses a loop that mixes separate and muxed audio, or shares no height, or is empty', () => {
    expect(() => planChannel([asset('a', [720], ['ru']), asset('b', [720], [], { audioGroup: null })])).toThrow(ChannelPlanError);
    expect(() => planChannel([asset('a', [720], ['ru']), asset('b', [480], ['ru'])])).toThrow(/share no picture height/);
    expect(() => planChannel([])).toThrow(ChannelPlanError);
  });
});

describe('reading an asset’s playlists', () => {
  it('parses the variants and audio renditions of a master', () => {
    const master = parseMasterPlaylist(
      [
        '#EXTM3U',
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",LANGUAGE="ru",NAME="Русский",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio-ru/index.m3u8"',
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="ru",NAME="Русские",URI="subs-ru/index.m3u8"',
        '#EXT-X-STREAM-INF:BANDWIDTH=142721,AVERAGE-BANDWIDTH=135820,RESOLUTION=426x240,FRAME-RATE=25.000,CODECS="avc1.4d4015,mp4a.40.2",AUDIO="audio",SUBTITLES="subs"',
        '240p/index.m3u8',
      ].join('\n'),
    );
    expect(master.audio).toEqual([{ groupId: 'audio', lang: 'ru', name: 'Русский', isDefault: true, channels: '2', uri: 'audio-ru/index.m3u8' }]);
    expect(master.variants).toEqual([
      { uri: '240p/index.m3u8', bandwidth: 142721, averageBandwidth: 135820, width: 426, height: 240, frameRate: 25, codecs: 'avc1.4d4015,mp4a.40.2', audioGroup: 'audio' },
    ]);
  });

  it.each([
    ['720p/index.m3u8', 'seg_001.m4s', '720p/seg_001.m4s'],
    ['720p/index.m3u8', '../audio-ru/init.mp4', 'audio-ru/init.mp4'],
    ['master.m3u8', '720p/index.m3u8', '720p/index.m3u8'],
    ['720p/index.m3u8', '../../other/seg.m4s', null],
    ['720p/index.m3u8', '/etc/passwd', null],
    ['720p/index.m3u8', 'https://elsewhere.example/seg.m4s', null],
  ])('%s names %s: %s', (from, uri, expected) => {
    expect(assetRelative(from, uri)).toBe(expected);
  });
});
