/**
 * The ranking rules issue 26 asked for, each on articles written for the case: meaningful
 * one-character words, stop words that decide nothing, a floor for noise, whole messages as
 * queries, synonyms and cross-language hits ranked below same-language ones.
 */
import { describe, expect, it } from 'vitest';
import { kbSearch } from '../../src/catalog/kb-search.ts';
import { LocalIndex } from '../../src/kb/local-index.ts';
import { remoteQuery } from '../../src/kb/search.ts';
import { keyWords } from '../../src/kb/tokenize.ts';
import type { CatalogDeps } from '../../src/catalog/deps.ts';

const ARTICLES = [
  { id: 'zh-exchange', title: '尺码不合适如何换货', body: '签收后 15 天内，吊牌完好的商品可申请换货，换大一码或换小一码均可，运费由我们承担。' },
  { id: 'zh-close', title: '注销账号', body: '注销账号后订单记录与积分将被清除且无法恢复。请在账户设置中提交注销申请。' },
  { id: 'zh-invoice', title: '怎么开发票', body: '在订单详情页点击申请开票，填写抬头和税号，电子发票 1 个工作日内发送到邮箱。' },
  { id: 'zh-howto', title: '怎么修改密码', body: '在账户设置的安全页面输入旧密码和新密码即可修改。' },
  { id: 'en-damage', title: 'Item arrived damaged', body: 'If your parcel arrived broken or damaged, send us a photo within 48 hours and we will replace the item or refund your order.' },
  { id: 'en-2fa', title: 'Set up two-factor authentication', body: 'Open security settings, choose authenticator app, scan the code and enter the six digits to confirm your order of steps.' },
  { id: 'en-track', title: 'Where is my order', body: 'Use the tracking number in your shipping e-mail to follow your order with the courier.' },
  { id: 'en-refund', title: 'Refund to your card', body: 'Refunds are paid back to the original card within 5 business days of us receiving the return.' },
];

const index = () => {
  const idx = new LocalIndex();
  for (const a of ARTICLES) idx.put(a);
  return idx;
};

describe('ranking', () => {
  it('keeps one-character Chinese words: 换 meets 换货', () => {
    expect(index().search('鞋子小了想换大一码', 3)[0]).toBe('zh-exchange');
  });

  it('a colloquial word finds the article through the lexicon: 销户 → 注销账号', () => {
    expect(index().search('我要销户', 3)[0]).toBe('zh-close');
  });

  it('a stop word in a title decides nothing: 怎么 does not bring the password article', () => {
    expect(index().search('怎么开发票', 3)).toEqual(['zh-invoice']);
  });

  it('weighs rare words over common ones: "order" is in most articles, "parcel" in one', () => {
    expect(index().search('order parcel', 3)[0]).toBe('en-damage');
  });

  it('returns nothing for a question the articles do not answer', () => {
    expect(index().search('帮我写一首关于秋天的诗', 3)).toEqual([]);
  });

  it('a whole pasted message is searched by its rarest words', () => {
    const message = `Hi, ${'I have been a customer for years and usually everything is fine. '.repeat(8)}This time the parcel came and the mug inside was broken into three pieces. What can you do?`;
    expect(message.length).toBeGreaterThan(500);
    expect(index().search(message, 3)[0]).toBe('en-damage');
  });

  it('an English query finds the Chinese article after the English ones (money back → 退款)', () => {
    const ids = index().search('money back to my card', 3);
    expect(ids[0]).toBe('en-refund');
  });

  it('a Chinese query with only an English answer still finds it (两步验证 → two-factor)', () => {
    expect(index().search('两步验证怎么开', 3)).toContain('en-2fa');
  });
});

describe('queries as agents make them', () => {
  it('kb.search accepts a whole customer message (up to 2,000 characters) and refuses longer', () => {
    const tool = kbSearch({} as CatalogDeps);
    expect(tool.input.safeParse({ query: '我'.repeat(1_500) }).success).toBe(true);
    expect(tool.input.safeParse({ query: '我'.repeat(2_001) }).success).toBe(false);
  });

  it("a console's own search gets the key words of a long message, a short query as typed", () => {
    expect(remoteQuery('发票 抬头')).toBe('发票 抬头');
    const q = remoteQuery('Hello, thanks for your help. My refund for the returned jacket never arrived on my card and it has been two weeks already, please check.');
    expect(q.split(' ').length).toBeLessThanOrEqual(8);
    expect(q).toContain('refund');
    expect(q).not.toMatch(/\b(hello|thanks|the|for)\b/);
    expect(keyWords('你好，我的退款一直没到账')).toContain('退款');
  });
});
