// The TTFF harness's static server (bench/ttff.mjs): one origin for both arms.
//   /                      the bench page (?arm=tuned|defaults&slug=…)
//   /vendor/hls.mjs        hls.js's minified ESM build, gzipped and cached like the site's /assets
//   /lib/<module>.ts       our start-up modules from apps/web/app/components/player as they are, each bundled with
//                          what it imports of @ekran/core (as the site's player chunk is), hls.js left to the page
//   /media/<slug>/…        media/demo (video renditions and audio tracks) with the media routes' cache headers (playlists private, max-age=60;
//                          segments private, max-age=86400, immutable)
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const MODULES = new Set(['hls-config.ts', 'playback-prefetch.ts']);
const MEDIA_TYPES = { m3u8: 'application/vnd.apple.mpegurl', m4s: 'video/iso.segment', mp4: 'video/mp4' };

function page(arm, slug) {
  const master = `/media/${slug}/master.m3u8`;
  // The tuned arm's <link> is what the title page's server render carries (ManifestPrefetch).
  const link = arm === 'tuned' ? `<link rel="prefetch" href="${master}" crossorigin="anonymous">` : '';
  return `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><title>TTFF ${arm}</title>
<script type="importmap">{"imports":{"hls.js":"/vendor/hls.mjs"}}</script>
${link}
<style>body{margin:0;background:#000}video{display:block;width:100%;aspect-ratio:16/9;max-height:82vh}</style>
</head><body>
<video muted playsinline></video>
<script type="module">
const arm = ${JSON.stringify(arm)};
const master = ${JSON.stringify(master)};
const bench = (window.__bench = { prefetch: null });
bench.play = () =>
  new Promise((resolve, reject) => {
    const video = document.querySelector('video');
    const t0 = performance.now();
    const hasRvfc = 'requestVideoFrameCallback' in HTMLVideoElement.prototype;
    let frameAt = null;
    let playingAt = null;
    let hls = null;
    let startLevel = null;
    const timer = setTimeout(() => reject(new Error('no first frame within 45 s')), 45000);
    const done = () => {
      if (playingAt === null || (hasRvfc && frameAt === null)) return;
      clearTimeout(timer);
      const level = hls && startLevel !== null ? hls.levels[startLevel] : null;
      const result = {
        ttff_ms: hasRvfc ? frameAt : playingAt,
        method: hasRvfc ? 'requestVideoFrameCallback' : 'playing+currentTime',
        playing_ms: playingAt,
        start_level: startLevel,
        start_height: level ? level.height : null,
      };
      hls?.destroy();
      resolve(result);
    };
    if (hasRvfc) video.requestVideoFrameCallback((now) => { frameAt = Math.max(0, now - t0); done(); });
    const watchPlaying = () => {
      if (!video.paused && video.currentTime > 0) { playingAt = performance.now() - t0; done(); }
      else requestAnimationFrame(watchPlaying);
    };
    requestAnimationFrame(watchPlaying);
    (async () => {
      const { default: Hls } = await import('hls.js');
      const config = arm === 'tuned' ? (await import('/lib/hls-config.ts')).tunedHlsConfig({}) : {};
      hls = new Hls(config);
      hls.on(Hls.Events.FRAG_LOADED, (_e, { frag }) => {
        if (startLevel === null && frag.type === 'main' && frag.sn !== 'initSegment') startLevel = frag.level;
      });
      hls.on(Hls.Events.ERROR, (_e, data) => { if (data.fatal) reject(new Error('hls.js: ' + data.details)); });
      hls.on(Hls.Events.MANIFEST_PARSED, () => void video.play().catch((err) => reject(err)));
      hls.loadSource(master);
      hls.attachMedia(video);
    })().catch(reject);
  });
if (arm === 'tuned') {
  // Exactly what ManifestPrefetch schedules on the title page (the player chunk is not part of this page).
  const { schedulePlaybackPrefetch } = await import('/lib/playback-prefetch.ts');
  schedulePlaybackPrefetch(master, () => import('hls.js'), {
    onSettled: (fetched) => (bench.prefetch = { settled_ms: Math.round(performance.now()), fetched }),
  });
}
</script>
</body></html>`;
}

/** Starts the server on a free port; resolves with { url, close }. */
export async function startTtffServer({ root }) {
  const mediaRoot = path.join(root, 'media/demo');
  const playerDir = path.join(root, 'apps/web/app/components/player');
  const hls = gzipSync(await readFile(path.join(root, 'node_modules/hls.js/dist/hls.min.mjs')));
  const transpiled = new Map();
  const moduleBody = async (file) => {
    if (!transpiled.has(file)) {
      const { outputFiles } = await build({ entryPoints: [file], bundle: true, format: 'esm', target: 'es2022', external: ['hls.js'], write: false, logLevel: 'silent' });
      transpiled.set(file, gzipSync(outputFiles[0].text));
    }
    return transpiled.get(file);
  };
  const sendModule = async (res, file) => {
    res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'public, max-age=31536000, immutable' });
    res.end(await moduleBody(file));
  };

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (url.pathname === '/') {
        const arm = url.searchParams.get('arm') === 'tuned' ? 'tuned' : 'defaults';
        const slug = url.searchParams.get('slug') ?? '';
        if (!/^[a-z0-9-]{1,64}$/.test(slug)) return void res.writeHead(400).end('bad slug');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return void res.end(page(arm, slug));
      }
      if (url.pathname === '/vendor/hls.mjs') {
        res.writeHead(200, { 'content-type': 'text/javascript', 'content-encoding': 'gzip', 'cache-control': 'public, max-age=31536000, immutable' });
        return void res.end(hls);
      }
      const lib = /^\/lib\/([a-z-]+\.ts)$/.exec(url.pathname);
      if (lib && MODULES.has(lib[1])) return void (await sendModule(res, path.join(playerDir, lib[1])));
      const media = /^\/media\/([a-z0-9-]{1,64})\/(?:([0-9]{3,4}p|audio-[a-z]{2,3})\/)?([a-z0-9_]{1,64}\.(m3u8|m4s|mp4))$/.exec(url.pathname);
      if (media) {
        const [, slug, rendition, file, ext] = media;
        const filePath = path.join(mediaRoot, slug, rendition ?? '', file);
        const found = await stat(filePath).catch(() => null);
        if (!found?.isFile()) return void res.writeHead(404).end();
        const cache = ext === 'm3u8' ? 'private, max-age=60' : 'private, max-age=86400, immutable';
        res.writeHead(200, { 'content-type': MEDIA_TYPES[ext], 'cache-control': cache, 'content-length': found.size });
        return void res.end(await readFile(filePath));
      }
      res.writeHead(404).end();
    } catch (err) {
      res.writeHead(500).end(String(err));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
