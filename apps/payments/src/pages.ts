// The hosted payment pages: server-rendered HTML in Russian, usable without JavaScript (the small inline
// script only formats and checks as you type; the server checks everything again).
import { CARD_TYPE_NAMES, cardBrandFromNumber, formatCardNumber, formatPrice } from '@ekran/core';
import type { CardSnapshot, Checkout } from './store.ts';
import { TEST_CARDS, THREE_DS_CODE } from './test-cards.ts';

/** Escapes text for HTML content and attribute values. */
export function esc(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Russian messages of the card form's checks (also handed to the page script). */
export const FIELD_MESSAGES = {
  number: { required: 'Введите номер карты', invalid: 'Проверьте номер карты' },
  expiry: { required: 'Введите срок действия', invalid: 'Срок действия в формате ММ/ГГ', expired: 'Срок действия карты истёк' },
  cvc: { required: 'Введите CVC', invalid: 'CVC — 3 цифры с обратной стороны карты' },
} as const;

export type FieldErrors = { number?: string; expiry?: string; cvc?: string };

const ICONS = {
  ok: '<svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="24" fill="#1e8e3e"/><path d="M14 25l7 7 13-15" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  fail: '<svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="24" fill="#c62828"/><path d="M16 16l16 16M32 16L16 32" stroke="#fff" stroke-width="4" stroke-linecap="round"/></svg>',
  time: '<svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="24" fill="#8a6d1f"/><path d="M24 12v13l8 5" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/></svg>',
  unknown: '<svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" focusable="false"><circle cx="24" cy="24" r="24" fill="#5b6677"/><path d="M18 19a6 6 0 1 1 8 5.6c-1.3.6-2 1.4-2 2.9V29" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/><circle cx="24" cy="35" r="2.5" fill="#fff"/></svg>',
};

const STYLE = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#eef1f5;color:#1c2430}
main{max-width:460px;margin:0 auto;padding:16px 16px 32px}
.top{display:flex;align-items:center;justify-content:space-between;padding:4px 2px 14px;font-size:14px;color:#4a5566}
.lock{display:inline-flex;gap:6px;align-items:center;white-space:nowrap}
.badge{background:#fff4d6;color:#7a5300;border-radius:999px;padding:2px 10px;font-size:13px;font-weight:600;white-space:nowrap}
.card{background:#fff;border-radius:16px;box-shadow:0 1px 3px rgba(16,24,40,.08),0 8px 24px rgba(16,24,40,.06);padding:20px}
.merchant{display:flex;align-items:center;gap:12px;margin-bottom:12px}
.logo{width:44px;height:44px;border-radius:12px;background:#1f2a3a;color:#fff;display:grid;place-items:center;font-weight:700;font-size:20px}
.merchant b{display:block;font-size:17px}
.merchant span{color:#5b6677;font-size:14px}
.amount{font-size:32px;font-weight:700;margin:8px 0 2px;white-space:nowrap}
.what{color:#3b4656;margin:0 0 6px}
.note{background:#f3f6fa;border-radius:10px;padding:10px 12px;font-size:14px;color:#3b4656;margin:10px 0 0}
form{margin-top:18px}
label{display:block;font-size:14px;font-weight:600;margin:0 0 6px}
.field{margin-bottom:14px}
.row{display:flex;gap:12px}.row .field{flex:1}
.input-wrap{position:relative}
input{width:100%;font:inherit;font-size:18px;padding:12px 14px;border:1px solid #c5ccd6;border-radius:10px;background:#fff;color:inherit}
input:focus{outline:3px solid #9cc3ff;outline-offset:0;border-color:#2f6fe0}
input[aria-invalid=true]{border-color:#c62828}
#number{padding-right:118px}
.brand{position:absolute;right:12px;top:50%;transform:translateY(-50%);font-size:13px;font-weight:700;color:#1f2a3a;background:#eef1f5;border-radius:6px;padding:2px 8px}
.brand:empty{display:none}
.error{color:#b71c1c;font-size:14px;margin:6px 0 0}
.error:empty{display:none}
.alert{background:#fdecea;color:#8a1c1c;border-radius:10px;padding:10px 12px;margin:0 0 14px}
button.pay,a.pay{display:block;width:100%;text-align:center;font:inherit;font-size:18px;font-weight:700;border:0;border-radius:12px;padding:14px;background:#1f6feb;color:#fff;cursor:pointer;text-decoration:none}
button.pay:hover,a.pay:hover{background:#1859c2}
button.pay:focus-visible,a.pay:focus-visible{outline:3px solid #9cc3ff;outline-offset:2px}
.back{display:block;text-align:center;margin:16px 0 0;color:#1f5fc8}
.secure{font-size:13px;color:#5b6677;text-align:center;margin:12px 0 0}
details{margin-top:18px;background:#fff;border-radius:16px;padding:14px 20px;box-shadow:0 1px 3px rgba(16,24,40,.08)}
summary{cursor:pointer;font-weight:600}
.cards{list-style:none;padding:0;margin:10px 0 0;font-size:14px}
.cards li{display:flex;flex-wrap:wrap;justify-content:space-between;gap:4px 10px;padding:8px 0;border-top:1px solid #eef1f5}
.cards button{font:inherit;font-family:ui-monospace,Menlo,Consolas,monospace;background:none;border:0;padding:0;color:#1f5fc8;cursor:pointer;text-decoration:underline}
.cards span{color:#5b6677}
h1{font-size:24px;margin:6px 0 8px}
.nowrap{white-space:nowrap}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.status{margin:4px 0 8px}
@media (min-width:768px){main{padding-top:48px}.card{padding:28px}}
`;

/** The page frame: headers for a page that handles cards (no caching, no framing, a nonce-only CSP) come from the route. */
function layout(title: string, body: string, nonce: string, script = ''): string {
  return `<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${esc(title)} — Экран</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
<main>
<div class="top"><span class="badge">Тестовый режим</span><span class="lock"><svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z"/></svg> Защищённая оплата</span></div>
${body}
</main>
${script ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>`;
}

/** "1 190 ₽" in the platform §5 price format. */
export function priceText(amount: number, currency: string): string {
  return formatPrice(amount, currency);
}

function merchantBlock(checkout: Checkout, charged: number): string {
  return `<div class="merchant"><div class="logo" aria-hidden="true">Э</div><div><b>Экран</b><span>онлайн-кинотеатр · заказ ${esc(checkout.invoice_id)}</span></div></div>
<p class="amount">${esc(priceText(charged, checkout.currency))}</p>
<p class="what">${esc(checkout.description)}</p>`;
}

const cardLabel = (card: CardSnapshot) => `${CARD_TYPE_NAMES[card.brand]} •••• ${card.last4}`;

function testCardsBlock(): string {
  const items = TEST_CARDS.map(
    (c) => `<li><button type="button" data-card="${c.number}" aria-label="Подставить карту ${formatCardNumber(c.number)}">${formatCardNumber(c.number)}</button><span>${esc(c.brand)} — ${esc(c.note)}</span></li>`,
  ).join('');
  return `<details open><summary>Тестовые карты</summary>
<p class="note">Срок действия — любой в будущем, CVC — любые 3 цифры. Настоящие карты здесь не списываются.</p>
<ul class="cards">${items}</ul></details>`;
}

export interface FormValues {
  number: string;
  expiry: string;
}

/** A declined try the form shows above itself: the card, the bank's reason, how many tries are left. */
export interface DeclineView {
  cardText: string;
  reasonText: string;
  triesLeft: number;
}

const triesWord = (n: number) => ({ one: 'попытка', few: 'попытки', many: 'попыток', other: 'попытки' })[new Intl.PluralRules('ru').select(n) as 'one' | 'few' | 'many' | 'other'];

/**
 * GET /pay/:id: the card form. After a declined try it says why above an empty form (the number is not kept), so
 * the card holder can type the card again or another one, as a provider's widget does.
 */
export function renderPayPage(opts: { checkout: Checkout; charged: number; nonce: string; values?: FormValues; errors?: FieldErrors; alert?: string; decline?: DeclineView; leaveUrl?: string }): string {
  const { checkout, charged, nonce, values = { number: '', expiry: '' }, errors = {}, decline } = opts;
  const price = priceText(charged, checkout.currency);
  const brand = cardBrandFromNumber(values.number);
  const notes: string[] = [];
  if (checkout.bind_only) notes.push(`Для проверки карты спишем ${esc(price)} и сразу вернём. Карта сохранится для оплаты подписки после пробного периода.`);
  else if (checkout.recurrent) notes.push('Карта сохранится для автоматического продления подписки. Отключить продление можно в личном кабинете.');
  const field = (name: 'number' | 'expiry' | 'cvc', label: string, input: string, extra = '') => `<div class="field">
<label for="${name}">${label}</label>
<div class="input-wrap">${input}${extra}</div>
<p class="error" id="${name}-error" aria-live="polite">${errors[name] ? esc(errors[name]) : ''}</p>
</div>`;
  const attrs = (name: 'number' | 'expiry' | 'cvc') => `id="${name}" name="${name}" aria-describedby="${name}-error"${errors[name] ? ' aria-invalid="true"' : ''}`;
  const body = `<section class="card" aria-labelledby="pay-title">
<h1 id="pay-title" class="sr-only">Оплата заказа</h1>
${merchantBlock(checkout, charged)}
${notes.map((n) => `<p class="note">${n}</p>`).join('')}
<form method="post" action="/pay/${esc(checkout.id)}" novalidate>
${opts.alert ? `<p class="alert" role="alert">${esc(opts.alert)}</p>` : decline ? declineBlock(decline) : ''}
${field('number', 'Номер карты', `<input ${attrs('number')} type="text" inputmode="numeric" autocomplete="cc-number" placeholder="0000 0000 0000 0000" maxlength="23" value="${esc(formatCardNumber(values.number))}" required${decline && !opts.alert ? ' autofocus' : ''}>`, `<span class="brand" id="brand" aria-live="polite">${brand ? CARD_TYPE_NAMES[brand] : ''}</span>`)}
<div class="row">
${field('expiry', 'Срок действия', `<input ${attrs('expiry')} type="text" inputmode="numeric" autocomplete="cc-exp" placeholder="ММ/ГГ" maxlength="5" value="${esc(values.expiry)}" required>`)}
${field('cvc', 'CVC', `<input ${attrs('cvc')} type="password" inputmode="numeric" autocomplete="cc-csc" placeholder="•••" maxlength="3" required>`)}
</div>
<button class="pay" type="submit">Оплатить ${esc(price)}</button>
<p class="secure">Данные карты передаются по защищённому соединению и не сохраняются у продавца.</p>
</form>
<a class="back" href="${esc(opts.leaveUrl ?? checkout.fail_url)}">Вернуться в Экран</a>
</section>
${testCardsBlock()}`;
  return layout(`Оплата ${price}`, body, nonce, formScript());
}

function declineBlock(d: DeclineView): string {
  return `<div class="alert" role="alert" data-testid="decline"><b>Оплата не прошла</b> — карта ${esc(d.cardText)}. ${esc(d.reasonText)}
<br>Проверьте данные или введите другую карту. <span class="nowrap">${d.triesLeft === 1 ? 'Осталась последняя попытка' : `Осталось ${d.triesLeft} ${triesWord(d.triesLeft)}`}.</span></div>`;
}

/** GET /pay/:id/3ds: the bank's confirmation step of the sandbox. */
export function renderThreeDsPage(opts: { checkout: Checkout; charged: number; nonce: string; error?: string }): string {
  const { checkout, charged, nonce } = opts;
  const body = `<section class="card" aria-labelledby="tds-title">
<div class="merchant"><div class="logo" aria-hidden="true"><svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5zm-3 8V7a3 3 0 0 1 6 0v3H9z"/></svg></div><div><b>Подтверждение покупки</b><span>3-D Secure · тестовый банк</span></div></div>
<h1 id="tds-title">Введите код из SMS</h1>
<p class="what">Платёж в пользу «Экран» на <span class="nowrap">${esc(priceText(charged, checkout.currency))}</span>${checkout.card ? `, карта ${esc(cardLabel(checkout.card))}` : ''}.</p>
<p class="note">В песочнице код подтверждения — <b>${THREE_DS_CODE}</b>. Другой код отклонит платёж.</p>
<form method="post" action="/pay/${esc(checkout.id)}/3ds">
<div class="field"><label for="code">Код подтверждения</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" maxlength="6" aria-describedby="code-error"${opts.error ? ' aria-invalid="true"' : ''} required autofocus>
<p class="error" id="code-error" aria-live="polite">${opts.error ? esc(opts.error) : ''}</p></div>
<button class="pay" type="submit">Подтвердить</button>
</form>
</section>`;
  return layout('Подтверждение платежа', body, nonce);
}

/** A finished or expired checkout: what happened and the way back. */
export function renderResultPage(opts: { nonce: string; kind: 'succeeded' | 'declined' | 'expired' | 'not_found'; checkout?: Checkout; charged?: number; reasonText?: string; backUrl?: string }): string {
  const { checkout } = opts;
  const heads = {
    succeeded: [ICONS.ok, 'Оплата прошла'],
    declined: [ICONS.fail, 'Оплата не прошла'],
    expired: [ICONS.time, 'Время на оплату истекло'],
    not_found: [ICONS.unknown, 'Платёж не найден'],
  } as const;
  const [icon, title] = heads[opts.kind];
  const lines: string[] = [];
  if (checkout && opts.charged != null) lines.push(`${esc(checkout.description)} — <span class="nowrap">${esc(priceText(opts.charged, checkout.currency))}</span>${checkout.card ? `, карта ${esc(cardLabel(checkout.card))}` : ''}.`);
  if (opts.kind === 'succeeded' && checkout?.bind_only) lines.push('Карта привязана, проверочный платёж возвращён.');
  if (opts.reasonText) lines.push(esc(opts.reasonText));
  if (opts.kind === 'expired') lines.push('Ссылка на оплату действует 30 минут. Вернитесь в Экран и начните оплату заново.');
  if (opts.kind === 'not_found') lines.push('Проверьте ссылку или начните оплату заново в Экране.');
  const body = `<section class="card" aria-labelledby="result-title">
<div class="status">${icon}</div>
<h1 id="result-title">${title}</h1>
${lines.map((l) => `<p class="what">${l}</p>`).join('')}
${opts.backUrl ? `<a class="pay" href="${esc(opts.backUrl)}">Вернуться в Экран</a>` : ''}
</section>`;
  return layout(title, body, opts.nonce);
}

// The page script is plain JavaScript kept small on purpose: it mirrors packages/core/src/card.ts (Luhn,
// brand by the first digit, MM/YY) for instant feedback; the server checks the same rules again.
function formScript(): string {
  const messages = JSON.stringify(FIELD_MESSAGES);
  return `(function(){
var M=${messages};
var f=document.querySelector('form');var n=document.getElementById('number'),e=document.getElementById('expiry'),c=document.getElementById('cvc'),b=document.getElementById('brand');
function digits(v){return v.replace(/\\D/g,'')}
function brand(v){var d=digits(v).charAt(0);return d==='2'?'Mir':d==='4'?'Visa':(d==='5'||d==='6')?'MasterCard':''}
function luhn(v){var d=digits(v);if(d.length<12||d.length>19)return false;var s=0;for(var i=0;i<d.length;i++){var x=+d.charAt(d.length-1-i);if(i%2){x*=2;if(x>9)x-=9}s+=x}return s%10===0}
function groupNumber(v){return digits(v).slice(0,19).replace(/(\\d{4})(?=\\d)/g,'$1 ')}
function groupExpiry(v){var d=digits(v).slice(0,4);if(/^[2-9]/.test(d))d=('0'+d).slice(0,4);return d.length<2?d:d.slice(0,2)+'/'+d.slice(2)}
function check(el){var v=el.value,m='';
if(el===n){if(!digits(v))m=M.number.required;else if(!luhn(v))m=M.number.invalid}
if(el===e){var r=/^(\\d{2})\\/(\\d{2})$/.exec(v);if(!v)m=M.expiry.required;else if(!r||+r[1]<1||+r[1]>12)m=M.expiry.invalid;else{var now=new Date();if((2000+ +r[2])*12+(+r[1]-1)<now.getUTCFullYear()*12+now.getUTCMonth())m=M.expiry.expired}}
if(el===c){if(!v)m=M.cvc.required;else if(!/^\\d{3}$/.test(v))m=M.cvc.invalid}
var out=document.getElementById(el.id+'-error');out.textContent=m;if(m)el.setAttribute('aria-invalid','true');else el.removeAttribute('aria-invalid');return!m}
n.addEventListener('input',function(){var p=n.selectionStart===n.value.length;n.value=groupNumber(n.value);if(p)n.selectionStart=n.selectionEnd=n.value.length;b.textContent=brand(n.value)});
e.addEventListener('input',function(ev){if(ev.inputType&&ev.inputType.indexOf('delete')===0)return;e.value=groupExpiry(e.value)});
c.addEventListener('input',function(){c.value=digits(c.value).slice(0,3)});
[n,e,c].forEach(function(el){el.addEventListener('blur',function(){if(el.value)check(el)})});
f.addEventListener('submit',function(ev){var ok=[n,e,c].map(check);var bad=[n,e,c].filter(function(_,i){return!ok[i]});if(bad.length){ev.preventDefault();bad[0].focus()}else{f.querySelector('button[type=submit]').disabled=true}});
document.querySelectorAll('[data-card]').forEach(function(btn){btn.addEventListener('click',function(){n.value=groupNumber(btn.getAttribute('data-card'));b.textContent=brand(n.value);check(n);if(!e.value){var d=new Date();e.value=('0'+(d.getMonth()+1)).slice(-2)+'/'+String((d.getFullYear()+3)%100)}c.focus()})});
})();`;
}
