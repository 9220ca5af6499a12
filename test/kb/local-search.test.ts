/** Tokenisation and ranking of the local knowledge base on a zh + en article set. */
import { describe, expect, it } from 'vitest';
import { LocalIndex } from '../../src/kb/local-index.ts';
import { snippetAround } from '../../src/kb/text.ts';
import { queryTerms, tokenize } from '../../src/kb/tokenize.ts';

const ARTICLES = [
  { id: 'zh-1', title: '如何修改发票抬头', body: '在订单详情页点击“申请换开”，填写新的抬头与税号后提交，审核通过后重新开具。' },
  { id: 'zh-2', title: '发票寄送时间', body: '纸质发票在审核后 3 个工作日内寄出，电子发票可在订单页下载。' },
  { id: 'zh-3', title: '退款政策（7 天无理由）', body: '签收后 7 天内、商品完好可申请无理由退款；退款原路返回。' },
  { id: 'zh-4', title: '修改收货地址', body: '订单发货前可在订单详情页修改收货地址。' },
  { id: 'en-1', title: 'Refund policy', body: 'Items in original condition can be returned within 7 days of delivery. Refunds go to the original payment method.' },
  { id: 'en-2', title: 'Refund processing times', body: 'Card refunds take 3-5 business days after we receive the parcel.' },
  { id: 'en-3', title: 'Privacy notice', body: 'How we handle your personal data and what our policies on cookies are.' },
  { id: 'en-4', title: 'Changing the invoice title', body: 'Request a reissue from the order page to change the company name on an invoice.' },
];

const index = () => {
  const idx = new LocalIndex();
  for (const a of ARTICLES) idx.put(a);
  return idx;
};

describe('tokenize', () => {
  it('segments Chinese into words with Intl.Segmenter, without spaces to split on', () => {
    const terms = tokenize('如何修改发票抬头');
    expect(terms).toEqual(expect.arrayContaining(['修改', '发票', '抬头']));
  });

  it('adds Han bigrams so a word the segmenter cut differently still matches ("重开发票" has 发票)', () => {
    expect(tokenize('申请重开发票')).toContain('发票');
  });

  it('stems English and drops stop words', () => {
    expect(tokenize('The refund policies')).toEqual(['refund', 'polici']);
    expect(queryTerms('refund refund')).toEqual(['refund']);
  });
});

describe('LocalIndex ranking', () => {
  it('"发票抬头" finds "如何修改发票抬头" first', () => {
    const ids = index().search('发票抬头', 5);
    expect(ids[0]).toBe('zh-1');
    // zh-2 says 发票 but not 抬头, the rarer word: below the floor. The English article on
    // the invoice title comes after, through the lexicon (抬头 → company name, 发票 → invoice).
    expect(ids).toEqual(['zh-1', 'en-4']);
  });

  it('"refund polcy" (a typo) finds "Refund policy" ahead of other refund articles', () => {
    const ids = index().search('refund polcy', 5);
    expect(ids[0]).toBe('en-1');
    expect(ids).toContain('en-2');
  });

  it('a title hit outranks a body hit', () => {
    expect(index().search('policy', 5)).toEqual(['en-1', 'en-3']);
  });

  it('re-putting an article by id replaces it (re-import updates)', () => {
    const idx = index();
    idx.put({ id: 'zh-4', title: '修改收货地址', body: '发货后无法修改地址，请联系物流组拦截。' });
    expect(idx.search('物流组', 3)[0]).toBe('zh-4');
    expect(idx.search('物流组', 3)).not.toContain('zh-2');
    expect(idx.search('订单详情页', 5)).not.toContain('zh-4');
  });

  it('survives export and load (what IndexedDB stores)', async () => {
    const loaded = await LocalIndex.load(await index().export());
    expect(loaded.search('发票抬头', 1)).toEqual(['zh-1']);
    expect(loaded.search('refund polcy', 1)).toEqual(['en-1']);
  });
});

describe('snippets', () => {
  it('cuts a window around the first matched word', () => {
    const body = `${'这是一段很长的说明文字。'.repeat(20)}发票抬头可以在订单详情页修改。${'其他内容。'.repeat(20)}`;
    const s = snippetAround(body, '发票抬头', 60);
    expect(s).toContain('发票抬头');
    expect(s.startsWith('…')).toBe(true);
    expect(s.length).toBeLessThanOrEqual(62);
  });
});
