#!/usr/bin/env node
// The baseline of "the site alone" (bench/run.mjs): the home page of the same data, written with string templates
// instead of React. For each request it makes the calls the site made for that page (recorded by
// bench/lib/replay-api.mjs, asked of the same recording; the menu's catalogue kept a minute, as the site keeps it),
// parses them, and writes the page: the header's menu, the banners, continue watching, the first four rows with
// their cards (the site's card markup: poster sources at five widths, badges, rating, facts, genres, the favourite
// button) and the later rows as headings with their «Смотреть все» links. No hydration data: that is React's own.
//
//   node bench/template-home-server.mjs <recording URL> <calls as JSON> <port, 0 = any>
// It prints "ready <port>" once listening.
import http from 'node:http';

const [apiUrl, callsJson, portArg = '0'] = process.argv.slice(2);
const calls = JSON.parse(callsJson);
const ROWS_WITH_CARDS = 4;
const MENU_TTL_MS = 60_000;
const WIDTHS = [240, 400, 640, 960, 1280];

const esc = (v) => String(v ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const isMenuCall = (c) => c.path.startsWith('/api/v1/catalog?');
const menuCalls = calls.filter(isMenuCall);
const pageCalls = calls.filter((c) => !isMenuCall(c));
let menu = null;

async function ask(call, headers) {
  const res = await fetch(`${apiUrl}${call.path}`, { method: call.method, headers });
  const text = await res.text();
  return { path: call.path, body: res.ok && text ? JSON.parse(text) : null };
}

function card(t) {
  const art = t.vertical_poster?.url ?? '';
  const src = (type) => WIDTHS.map((w) => `${art}?w=${w}&q=75&type=${type} ${w}w`).join(', ');
  const facts = [t.year, t.seasons_count ? `${t.seasons_count} сез.` : null].filter(Boolean).join(' · ');
  const genres = (t.genres ?? []).slice(0, 2).map((g) => `<li>${esc(g.title)}</li>`).join('');
  return `<li><div class="card-shell"><a class="card" data-testid="title-card" href="/watch/${esc(t.alias)}"><div class="card__poster"><picture class="poster poster--vertical"><source type="image/webp" srcset="${esc(src('webp'))}" sizes="(max-width: 567px) 84vw, (max-width: 1023px) 56vw, 400px"/><img src="${esc(`${art}?w=400&q=75&type=jpeg`)}" width="200" height="300" alt="" loading="lazy" decoding="async"/></picture><span class="badge badge--age">${esc(t.rating_age)}</span>${t.is_free ? '<span class="badge badge--free">Бесплатно</span>' : ''}<span class="card__rating" aria-label="Рейтинг Экрана ${esc(Number(t.rating_ekran ?? 0).toFixed(1))}">${esc(Number(t.rating_ekran ?? 0).toFixed(1))}</span></div><span class="card__title">${esc(t.title)}</span><span class="card__facts">${esc(facts)}</span><ul class="card__genres">${genres}</ul></a><button type="button" class="fav fav--card" aria-pressed="false" aria-label="«${esc(t.title)}» в избранное" title="Добавить в избранное"><svg viewBox="0 0 24 24" aria-hidden="true" class="fav__icon"><path d="M12 20.5s-7.5-4.6-9.3-9.5C1.4 7.4 3.7 4 7.2 4c2 0 3.6 1.1 4.8 2.8C13.2 5.1 14.8 4 16.8 4c3.5 0 5.8 3.4 4.5 7-1.8 4.9-9.3 9.5-9.3 9.5z" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"></path></svg></button></div></li>`;
}

const row = (r) =>
  `<section class="row"><header class="row__head"><h2>${esc(r.title)}</h2><a href="${esc(r.url)}">Смотреть все</a></header><ul class="row__list">${(r.items ?? []).map(card).join('')}</ul></section>`;

function page(answers) {
  const byPath = (prefix) => answers.find((a) => a.path.startsWith(prefix))?.body;
  const home = byPath('/api/v1/home');
  const banners = byPath('/api/v1/posters/location/')?.items ?? [];
  const cont = byPath('/api/v1/profile/continue-watching')?.items ?? [];
  const auth = byPath('/api/v1/auth/refresh');
  const items = menu?.flatMap((m) => m?.items ?? []) ?? [];
  const rows = home?.rows ?? [];
  return `<!DOCTYPE html><html lang="ru"><head><meta charset="utf-8"/><meta name="viewport" content="width=device-width, initial-scale=1"/><title>Экран — онлайн-кинотеатр</title><link rel="stylesheet" href="/assets/app.css"/></head><body${auth?.profile_for_child ? ' class="kids"' : ''}><header class="header"><a href="/" class="logo">Экран</a><nav><ul class="menu">${items.map((m) => `<li><a href="/${esc(m.alias)}">${esc(m.title)}</a></li>`).join('')}</ul></nav><a href="/auth" class="header__login">Войти</a></header><main><section class="banners"><ul>${banners
    .map((b) => `<li><a href="${esc(b.target_url ?? '/')}"><img src="${esc(b.images?.web_desktop?.url)}" alt="${esc(b.title)}" width="1326" height="310"/><p>${esc(b.description)}</p></a></li>`)
    .join('')}</ul></section>${cont.length ? row({ title: 'Продолжить просмотр', url: '/profile/continue-watching', items: cont }) : ''}${rows
    .slice(0, ROWS_WITH_CARDS)
    .map(row)
    .join('')}${rows
    .slice(ROWS_WITH_CARDS)
    .map((r) => `<section class="row row--later"><header class="row__head"><h2>${esc(r.title)}</h2><a href="${esc(r.url)}">Смотреть все</a></header><div class="row__places"></div></section>`)
    .join('')}</main><footer class="footer"><p>© Экран</p></footer></body></html>`;
}

const server = http.createServer(async (req, res) => {
  try {
    const headers = { cookie: req.headers.cookie ?? '', 'user-agent': req.headers['user-agent'] ?? '' };
    if (!menu || Date.now() - menu.at > MENU_TTL_MS) {
      const answers = await Promise.all(menuCalls.map((c) => ask(c, headers)));
      menu = Object.assign(answers.map((a) => a.body), { at: Date.now() });
    }
    const answers = await Promise.all(pageCalls.map((c) => ask(c, headers)));
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(answers));
  } catch (err) {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
  }
});
server.listen(Number(portArg), '127.0.0.1', () => console.log(`ready ${server.address().port}`));
