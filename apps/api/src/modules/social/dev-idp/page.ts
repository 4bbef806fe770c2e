// The development identity provider's pages: server-rendered HTML, no client code except Apple's
// form_post hand-over. Every value that came in a request is escaped.
import type { SocialProvider } from '@ekran/core';
import { PRESETS, SHAPE, type Preset } from './identities.ts';

export const esc = (v: unknown) =>
  String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const BRAND: Record<SocialProvider, { accent: string; onAccent: string; mark: string }> = {
  yandex: {
    accent: '#fc3f1d',
    onAccent: '#fff',
    mark: '<svg viewBox="0 0 44 44" aria-hidden="true"><circle cx="22" cy="22" r="22" fill="#fc3f1d"/><path d="M24.6 12h-3.2c-4.3 0-6.9 2.3-6.9 6 0 3 1.4 4.8 4 6.6l-4.6 7.4h3.5l5-8-1.6-1.1c-2.1-1.4-3.1-2.6-3.1-5 0-2.2 1.5-3.6 3.8-3.6h1.9V32h3.2z" fill="#fff"/></svg>',
  },
  google: {
    accent: '#1a73e8',
    onAccent: '#fff',
    mark: '<svg viewBox="0 0 48 48" aria-hidden="true"><path fill="#EA4335" d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.6 13.3l7.9 6.1C12.4 13.6 17.7 9.5 24 9.5z"/><path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.8c4.3-4 6.9-9.9 6.9-17.2z"/><path fill="#FBBC05" d="M10.5 28.6c-.5-1.4-.8-3-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C.9 16.6 0 20.2 0 24s.9 7.4 2.6 10.7z"/><path fill="#34A853" d="M24 48c6.5 0 11.9-2.1 15.8-5.8l-7.4-5.8c-2.1 1.4-4.8 2.3-8.4 2.3-6.3 0-11.6-4.1-13.5-9.9l-7.9 6.1C6.6 42.6 14.6 48 24 48z"/></svg>',
  },
  apple: {
    accent: '#000',
    onAccent: '#fff',
    mark: '<svg viewBox="0 0 44 44" aria-hidden="true"><circle cx="22" cy="22" r="22" fill="#000"/><path fill="#fff" d="M28.6 23.2c0-2.6 2.1-3.8 2.2-3.9-1.2-1.8-3.1-2-3.8-2-1.6-.2-3.1.9-3.9.9s-2-.9-3.4-.9c-1.7 0-3.3 1-4.2 2.6-1.8 3.1-.5 7.7 1.3 10.2.9 1.2 1.9 2.6 3.2 2.6 1.3-.1 1.8-.8 3.3-.8s2 .8 3.4.8 2.2-1.3 3.1-2.5c1-1.4 1.4-2.8 1.4-2.9 0 0-2.6-1-2.6-4.1zm-2.5-7.6c.7-.9 1.2-2 1-3.2-1 0-2.3.7-3 1.6-.7.8-1.3 2-1.1 3.1 1.1.1 2.3-.6 3.1-1.5z"/></svg>',
  },
  vk: {
    accent: '#0077ff',
    onAccent: '#fff',
    mark: '<svg viewBox="0 0 44 44" aria-hidden="true"><rect width="44" height="44" rx="12" fill="#0077ff"/><path fill="#fff" d="M23.4 30.5c-8.2 0-12.9-5.6-13.1-15h4.1c.1 6.9 3.2 9.8 5.6 10.4V15.5h3.9v5.9c2.4-.3 4.9-3 5.7-5.9h3.9c-.6 3.7-3.3 6.4-5.2 7.5 1.9.9 4.9 3.2 6.1 7.5h-4.3c-.9-2.9-3.2-5.1-6.2-5.4v5.4z"/></svg>',
  },
};

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font:15px/1.45 -apple-system,BlinkMacSystemFont,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:#1b1f29;background:#eef1f6}
.dev{background:#fff4cc;color:#5b4700;border-bottom:1px solid #f0dc8a;padding:10px 16px;text-align:center;font-size:13px}
.dev b{font-weight:700}
main{display:grid;place-items:start center;padding:40px 16px 48px}
.card{width:min(460px,100%);background:#fff;border-radius:20px;box-shadow:0 12px 40px rgba(20,30,60,.12);overflow:hidden}
.card__top{height:6px;background:var(--accent)}
.card__body{padding:28px 28px 24px}
.brand{display:flex;align-items:center;gap:12px;font-weight:700;font-size:17px}
.brand svg{width:36px;height:36px;flex:none}
h1{font-size:24px;line-height:1.2;margin:20px 0 6px}
.lead{margin:0 0 20px;color:#5d6576}
fieldset{border:0;margin:0;padding:0;min-width:0}
legend{font-weight:600;margin-bottom:10px;padding:0}
.opt{position:relative;display:flex;align-items:center;gap:12px;padding:12px 14px;border:1.5px solid #dfe3ea;border-radius:14px;margin-bottom:10px;cursor:pointer;transition:border-color .15s,background .15s}
.opt:hover{border-color:#b9c1cf}
.opt input{position:absolute;opacity:0;pointer-events:none}
.opt:has(input:checked){border-color:var(--accent);background:color-mix(in srgb,var(--accent) 6%,#fff)}
.opt:has(input:focus-visible){outline:3px solid color-mix(in srgb,var(--accent) 40%,transparent);outline-offset:2px}
.ava{width:40px;height:40px;border-radius:50%;display:grid;place-items:center;font-weight:700;color:#fff;background:var(--accent);flex:none}
.ava--plus{background:#e7ebf2;color:#5d6576;font-size:22px;font-weight:500}
.who{min-width:0}
.who b{display:block}
.who span{display:block;color:#5d6576;font-size:13px;overflow-wrap:anywhere}
.custom{display:none;gap:12px;padding:4px 2px 8px}
form:has(#who-custom:checked) .custom{display:grid}
label.f{display:grid;gap:4px;font-size:13px;color:#5d6576;font-weight:500}
label.f input{height:44px;padding:0 12px;border:1.5px solid #dfe3ea;border-radius:10px;font:inherit;color:#1b1f29}
label.f input:focus{outline:none;border-color:var(--accent)}
label.c{display:flex;gap:8px;align-items:center;font-size:14px}
label.c input{width:18px;height:18px;accent-color:var(--accent)}
.err{background:#fdecec;color:#8a1f1f;border-radius:10px;padding:10px 12px;margin:0 0 14px;font-size:14px}
.actions{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin-top:14px}
button{height:48px;border-radius:12px;border:0;font:inherit;font-weight:600;cursor:pointer}
.allow{background:var(--accent);color:var(--on-accent)}
.deny{background:#eef1f6;color:#1b1f29}
button:hover{filter:brightness(1.05)}
.meta{margin:18px 0 0;font-size:12px;color:#8a92a3;word-break:break-all}
.meta code{font-family:ui-monospace,SFMono-Regular,Menlo,monospace}
@media (max-width:480px){main{padding:20px 12px}.card__body{padding:22px 18px 18px}h1{font-size:21px}}
`;

/** The frame of every page: a development banner and a card in the provider's colours. */
function frame(provider: SocialProvider, title: string, body: string, nonce: string): string {
  const brand = BRAND[provider];
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} — ${esc(SHAPE[provider].title)} (тестовый)</title>
<style nonce="${nonce}">:root{--accent:${brand.accent};--on-accent:${brand.onAccent}}${STYLE}</style>
</head>
<body>
<div class="dev" role="note"><b>Тестовый провайдер для разработки.</b> Настоящий ${esc(SHAPE[provider].title)} не используется, данные вымышлены.</div>
<main><section class="card" aria-labelledby="title"><div class="card__top"></div><div class="card__body">
<div class="brand">${brand.mark}<span>${esc(SHAPE[provider].title)}</span></div>
${body}
</div></section></main>
</body>
</html>`;
}

const initials = (p: { name: string | null; email: string | null }) =>
  esc(((p.name ?? p.email ?? '?').trim().split(/\s+/).map((w) => w[0]).join('').slice(0, 2) || '?').toUpperCase());

function presetOption(p: Preset, checked: boolean) {
  const line = [p.email ?? 'без почты', p.note].filter(Boolean).join(' · ');
  return `<label class="opt"><input type="radio" name="who" value="${esc(p.key)}"${checked ? ' checked' : ''}><span class="ava">${initials(p)}</span><span class="who"><b>${esc(p.name)}</b><span>${esc(line)}</span></span></label>`;
}

/** What the client asked for, in words. */
function scopeWords(provider: SocialProvider): string {
  const shape = SHAPE[provider];
  return ['имя', 'адрес почты', ...(shape.hasPhone ? ['номер телефона'] : [])].join(', ');
}

export interface AuthorizeView {
  provider: SocialProvider;
  /** The authorization request, carried through the form unchanged. */
  request: Record<string, string>;
  redirectUri: string;
  error?: string;
  values?: { who?: string; email?: string; name?: string; phone?: string; email_verified?: boolean };
}

/** The authorize page: pick a ready test person or type one, then allow or deny. */
export function authorizePage(view: AuthorizeView, nonce: string): string {
  const { provider } = view;
  const shape = SHAPE[provider];
  const v = view.values ?? {};
  const who = v.who ?? PRESETS[provider][0]!.key;
  const hidden = Object.entries(view.request)
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`)
    .join('');
  const body = `
<h1 id="title">Вход в «Экран»</h1>
<p class="lead">«Экран» получит ваши данные: ${esc(scopeWords(provider))}.</p>
${view.error ? `<p class="err" role="alert">${esc(view.error)}</p>` : ''}
<form method="post" action="/api/dev-idp/${esc(provider)}/authorize" novalidate>
${hidden}
<fieldset><legend>Тестовый пользователь</legend>
${PRESETS[provider].map((p) => presetOption(p, p.key === who)).join('\n')}
<label class="opt"><input type="radio" name="who" value="custom" id="who-custom"${who === 'custom' ? ' checked' : ''}><span class="ava ava--plus">+</span><span class="who"><b>Другой пользователь</b><span>ввести почту, имя${shape.hasPhone ? ' и телефон' : ''}</span></span></label>
<div class="custom">
<label class="f">Почта${shape.emailOptional ? ' (необязательно)' : ''}<input type="email" name="email" autocomplete="off" value="${esc(v.email)}" placeholder="name@example.ru"></label>
<label class="f">Имя и фамилия<input type="text" name="name" autocomplete="off" value="${esc(v.name)}" placeholder="Анна Смирнова"></label>
${shape.hasPhone ? `<label class="f">Телефон (необязательно)<input type="tel" name="phone" autocomplete="off" value="${esc(v.phone)}" placeholder="+7 916 123-45-67"></label>` : ''}
${shape.hasVerifiedFlag ? `<label class="c"><input type="checkbox" name="email_verified" value="true"${v.email_verified === false ? '' : ' checked'}>Почта подтверждена провайдером</label>` : ''}
</div>
</fieldset>
<div class="actions">
<button type="submit" name="decision" value="deny" class="deny">Отказать</button>
<button type="submit" name="decision" value="allow" class="allow" data-testid="dev-idp-allow">Разрешить</button>
</div>
</form>
<p class="meta">Вернёт на <code>${esc(view.redirectUri)}</code></p>`;
  return frame(provider, 'Вход', body, nonce);
}

/** A request the provider refuses without redirecting (unknown client or redirect URI: RFC 6749 §4.1.2.1). */
export function errorPage(provider: SocialProvider, message: string, nonce: string): string {
  return frame(provider, 'Ошибка', `<h1 id="title">Запрос отклонён</h1><p class="err" role="alert">${esc(message)}</p><p class="lead">Вернитесь на сайт и начните вход заново.</p>`, nonce);
}

/** Apple's response_mode=form_post: the browser posts the answer to the redirect URI. */
export function formPostPage(provider: SocialProvider, action: string, fields: Record<string, string>, nonce: string): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
    .join('');
  const body = `<h1 id="title">Возвращаемся в «Экран»…</h1>
<form method="post" action="${esc(action)}" id="post">${inputs}<noscript><button type="submit" class="allow">Продолжить</button></noscript></form>
<script nonce="${nonce}">document.getElementById('post').submit()</script>`;
  return frame(provider, 'Переход', body, nonce);
}
