// The API as a recording: first it passes every call on to the real API and keeps each answer by method and address,
// then it answers those calls from what it kept, at once. Put in front of a site process, it takes the API's and the
// database's work out of a page's cost, so what is left is the site's own: React Router, React, the texts and the
// encoding of the page (bench/run.mjs, "the site alone").
import http from 'node:http';

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding', 'host']);

/**
 * Starts the recorder on a free loopback port in front of `apiUrl`. `replay()` switches it from recording to
 * answering; `mark()` numbers the calls so far, and `calls(since)` lists what it kept that was last asked after that
 * mark (all by default); `state.misses` counts calls it could not answer.
 */
export async function startReplayApi(apiUrl) {
  const kept = new Map();
  let replaying = false;
  const state = { misses: 0, seq: 0 };

  const server = http.createServer(async (req, res) => {
    const key = `${req.method} ${req.url}`;
    if (replaying) {
      const answer = kept.get(key);
      if (!answer) {
        state.misses += 1;
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":"NOT_FOUND","message":"not recorded"}');
        return;
      }
      res.writeHead(answer.status, answer.headers).end(answer.body);
      return;
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !HOP_BY_HOP.has(name)));
    const upstream = await fetch(`${apiUrl}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length && req.method !== 'GET' && req.method !== 'HEAD' ? Buffer.concat(chunks) : undefined,
    });
    const body = Buffer.from(await upstream.arrayBuffer());
    const answerHeaders = {};
    upstream.headers.forEach((value, name) => {
      // A recorded answer sets no cookie: it is replayed to whoever asks.
      if (!HOP_BY_HOP.has(name) && name !== 'set-cookie') answerHeaders[name] = value;
    });
    kept.set(key, { status: upstream.status, headers: answerHeaders, body, seq: ++state.seq });
    res.writeHead(upstream.status, answerHeaders).end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    state,
    replay() {
      replaying = true;
    },
    mark: () => state.seq,
    calls: (since = 0) =>
      [...kept.entries()]
        .filter(([, answer]) => answer.seq > since)
        .map(([key, answer]) => ({ method: key.slice(0, key.indexOf(' ')), path: key.slice(key.indexOf(' ') + 1), status: answer.status })),
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
