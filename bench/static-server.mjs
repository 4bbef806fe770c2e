// The baseline of the benchmark: one JSON file served the way a plain static file server would —
// stat and stream the file on every request. Runs in its own process, like the API and the web server.
//   node bench/static-server.mjs <file> <port>   prints "ready <port>" when listening
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http from 'node:http';

const [file, portArg] = process.argv.slice(2);
if (!file || !portArg) {
  console.error('usage: node bench/static-server.mjs <file> <port>');
  process.exit(2);
}

const server = http.createServer(async (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405).end();
    return;
  }
  try {
    const st = await stat(file);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': st.size,
      'last-modified': st.mtime.toUTCString(),
      'cache-control': 'public, max-age=60',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file)
      .on('error', () => res.destroy())
      .pipe(res);
  } catch {
    res.writeHead(404).end();
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(portArg), '127.0.0.1', () => console.log(`ready ${server.address().port}`));
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
