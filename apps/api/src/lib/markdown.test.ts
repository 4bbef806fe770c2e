import { describe, expect, it } from 'vitest';
import { markdownText, renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('renders the editors’ Markdown with Russian quotes', () => {
    const html = renderMarkdown('## Подписка\n\nСмотрите "Экран" **везде**.\n\n- раз\n- два\n\n[Тарифы](/tariffs)');
    expect(html).toContain('<h2>Подписка</h2>');
    expect(html).toContain('«Экран»');
    expect(html).toContain('<strong>везде</strong>');
    expect(html).toContain('<li>раз</li>');
    expect(html).toContain('<a href="/tariffs">Тарифы</a>');
  });

  it('opens outside links beside the page without an opener or referrer', () => {
    expect(renderMarkdown('[Госуслуги](https://gosuslugi.ru)')).toContain(
      '<a href="https://gosuslugi.ru" rel="noopener noreferrer nofollow" target="_blank">Госуслуги</a>',
    );
  });

  it.each([
    ['a script tag', '<script>alert(1)</script>', /<script/i],
    ['an iframe', '<iframe src="https://evil.example"></iframe>', /<iframe/i],
    ['an event attribute', '<img src="x" onerror="alert(1)">', /<img[^>]*onerror/i],
    ['a javascript: link', '[нажми](javascript:alert(1))', /href="javascript:/i],
    ['an encoded javascript: link', '[нажми](jav&#x61;script:alert(1))', /href="jav/i],
    ['a data: link', '[нажми](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)', /href="data:/i],
    ['a javascript: image', '![x](javascript:alert(1))', /src="javascript:/i],
    ['an http image', '![x](http://tracker.example/p.gif)', /src="http:/i],
    ['a style tag', '<style>body{display:none}</style>', /<style/i],
  ])('renders %s harmless', (_name, source, forbidden) => {
    const html = renderMarkdown(source);
    expect(html).not.toMatch(forbidden);
  });

  it('keeps the words of a link whose address is refused', () => {
    expect(renderMarkdown('Смотрите [на старом сайте](http://old.example/x) и [тут](javascript:void(0))')).toBe(
      '<p>Смотрите на старом сайте и [тут](javascript:void(0))</p>\n',
    );
  });

  it('keeps the site’s own images and https images, lazily loaded', () => {
    expect(renderMarkdown('![Постер](/api/v1/images/art/vertical/dots-10-20-3)')).toContain(
      '<img src="/api/v1/images/art/vertical/dots-10-20-3" alt="Постер" loading="lazy" decoding="async" />',
    );
  });

  it('is empty for an empty source', () => expect(renderMarkdown('  \n')).toBe(''));
});

describe('markdownText', () => {
  it('is the text without marks', () => {
    expect(markdownText('## Заголовок\n\nТекст со **ссылкой** [сюда](/x) & <b>тегом</b>')).toBe('Заголовок Текст со ссылкой сюда & <b>тегом</b>');
  });
});
