/** Importing a help centre's export: formats, stable ids, skipped files, bad files. */
import { describe, expect, it } from 'vitest';
import { ImportError, parseFiles } from '../../src/kb/import.ts';

describe('parseFiles', () => {
  it('reads Markdown (front matter or heading), HTML, text, CSV and JSON', () => {
    const { articles, skipped } = parseFiles([
      { path: 'kb/invoice.md', text: '---\nid: KB-9\ntitle: 如何修改发票抬头\n---\n在**订单详情页**点击[申请换开](https://x/y)。\n' },
      { path: 'kb/refund.md', text: '# Refund policy\n\n- Items within *7 days*\n- Original payment method\n' },
      { path: 'kb/login.html', text: '<html><head><title>Site</title><script>alert(1)</script></head><body><nav>Menu</nav><article><h1>Login help</h1><p>Reset the password.</p><p>Then log in.</p></article></body></html>' },
      { path: 'kb/sms.txt', text: '\n收不到验证码短信\n检查手机是否拦截短信。\n' },
      { path: 'kb/faq.csv', text: 'id,question,answer,url\n1,"Shipping, fees",Free over 99,https://help.example/1\n2,Returns,,\n' },
      { path: 'kb/export.json', text: JSON.stringify({ articles: [{ id: 55, title: 'Zendesk article', body: '<p>Hello <b>world</b></p>', html_url: 'https://help.example/55' }] }) },
      { path: 'kb/logo.png', text: '\u0089PNG' },
      { path: 'kb/.DS_Store', text: 'x' },
    ]);
    expect(articles.map((a) => [a.id, a.title, a.body])).toEqual([
      ['KB-9', '如何修改发票抬头', '在订单详情页点击申请换开。'],
      ['kb/refund.md', 'Refund policy', 'Items within 7 days Original payment method'],
      ['kb/login.html', 'Login help', 'Reset the password. Then log in.'],
      ['kb/sms.txt', '收不到验证码短信', '检查手机是否拦截短信。'],
      ['kb/faq.csv:1', 'Shipping, fees', 'Free over 99'],
      ['kb/export.json:55', 'Zendesk article', 'Hello world'],
    ]);
    expect(articles[4]!.url).toBe('https://help.example/1');
    expect(skipped).toEqual([
      { path: 'kb/faq.csv #2', code: 'no_text', reason: 'no text' },
      { path: 'kb/logo.png', code: 'unsupported_type', reason: 'unsupported type .png', param: '.png' },
    ]);
  });

  it('ids are stable, so importing again updates rather than duplicates', () => {
    const once = parseFiles([{ path: 'a.md', text: '# T\nv1' }]).articles[0]!;
    const twice = parseFiles([{ path: 'a.md', text: '# T\nv2' }]).articles[0]!;
    expect(twice.id).toBe(once.id);
    expect(twice.body).toBe('v2');
  });

  it('a bad file stops the whole import with a clear reason', () => {
    const run = (text: string, path: string) => () => parseFiles([{ path: 'ok.md', text: '# fine\nbody' }, { path, text }]);
    expect(run('{ not json', 'broken.json')).toThrow(ImportError);
    expect(run('{ not json', 'broken.json')).toThrow(/broken\.json: not valid JSON/);
    expect(run('foo,bar\n1,2\n', 'cols.csv')).toThrow(/cols\.csv: no a title column/);
    expect(run('[1,2]', 'nums.json')).toThrow(/expected an array of article objects/);
    // Each with a code and the value its message names, so the options page says it in the agent's language.
    const codeOf = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof ImportError ? [e.code, e.param] : ['not an ImportError'];
      }
      return ['no error'];
    };
    expect(codeOf(run('{ not json', 'broken.json'))).toEqual(['bad_json', '']);
    expect(codeOf(run('foo,bar\n1,2\n', 'cols.csv'))).toEqual(['no_title_column', 'foo, bar']);
    expect(codeOf(run('title,x\nA,1\n', 'nobody.csv'))).toEqual(['no_body_column', 'title, x']);
    expect(codeOf(run('[1,2]', 'nums.json'))).toEqual(['not_articles', '']);
    expect(codeOf(run('id,title,body\n1,"unclosed,x\n', 'quotes.csv'))).toEqual(['bad_csv', expect.stringMatching(/^\d+$/)]);
  });
});
