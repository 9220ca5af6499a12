/**
 * An admin's own synonyms (issue 26 item 4): the team's groups (`kb.synonyms`, options page or
 * managed policy) and a source's own (`synonyms` in its provider config). The local index
 * treats them like the built-in lexicon; a console's own search that finds nothing is asked
 * once more in the groups' first words; the worker, not the message, says which groups apply.
 */
import { describe, expect, it } from 'vitest';
import { KbProviderConfig, SynonymGroups } from '../../src/kb/config.ts';
import { rephrase } from '../../src/kb/lexicon.ts';
import { LocalIndex } from '../../src/kb/local-index.ts';
import { jsonEndpoint } from '../../src/kb/presets.ts';
import { localSynonymsFor, sourceSynonyms } from '../../src/kb/resolve.ts';
import { searchAll } from '../../src/kb/search.ts';
import { contentView, settingsFromView } from '../../src/messages/index.ts';
import { parseSynonymLines, synonymLines } from '../../src/options/SynonymsSection.tsx';
import { parseSettings } from '../../src/settings/schema.ts';

const index = () => {
  const idx = new LocalIndex();
  idx.put({ id: 'rma', title: 'Return authorisation', body: 'Before you send an item back, ask us for an authorisation number and write it on the box.' });
  idx.put({ id: 'gd', title: '工单升级流程', body: '客户投诉超过 48 小时未处理时，组长把工单转交技术专家组。' });
  idx.put({ id: 'pw', title: 'Reset your password', body: 'Open settings, choose security and press reset password.' });
  return idx;
};

describe('the local index with an admin\'s groups', () => {
  it('a team word the articles never use finds nothing until the team says what it means', () => {
    expect(index().search('RMA?', 3)).toEqual([]);
    expect(index().search('RMA?', 3, [['RMA', 'return authorisation']])).toEqual(['rma']);
  });

  it('Chinese team jargon: 走绿通 means 工单升级', () => {
    expect(index().search('能走绿通吗', 3)).toEqual([]);
    expect(index().search('能走绿通吗', 3, [['工单升级', '走绿通', '绿色通道']])).toEqual(['gd']);
  });

  it('an admin group adds to the built-in lexicon, it does not replace it', () => {
    expect(index().search('forgot passcode', 3, [['RMA', 'return authorisation']])[0]).toBe('pw');
  });
});

describe('rephrase: a console search asked again in the groups\' first words', () => {
  it('says a colloquial phrase in the group\'s first phrase of the same script', () => {
    expect(rephrase('我想退钱')).toBe('我想退款');
    expect(rephrase('I want my money back')).toBe('I want my refund');
  });

  it('the admin\'s groups come first, and their first phrase wins', () => {
    expect(rephrase('RMA for order 10482', [['return authorisation', 'RMA']])).toBe('return authorisation for order 10482');
    expect(rephrase('这单要升二线', [['工单升级', '升二线']])).toBe('这单要工单升级');
  });

  it('whole words only, longest phrase first, and null when nothing would change', () => {
    expect(rephrase('shipping to Berlin')).toBeNull(); // 'ship' is not in 'shipping'
    expect(rephrase('it never arrived at all')).toBe('it lost at all');
    expect(rephrase('refund policy')).toBeNull();
    expect(rephrase('')).toBeNull();
  });
});

describe('where the groups come from', () => {
  const s = parseSettings({
    kb: {
      synonyms: [['RMA', 'return authorisation']],
      providers: { 'https://a.example': [{ kind: 'local', synonyms: [['工单升级', '升二线']] }], 'https://b.example': [jsonEndpoint('/api')] },
    },
  });

  it('the local KB on a console: the team\'s groups, then its own local source\'s', () => {
    expect(localSynonymsFor('https://a.example', s.kb)).toEqual([['RMA', 'return authorisation'], ['工单升级', '升二线']]);
    expect(localSynonymsFor('https://b.example', s.kb)).toEqual([['RMA', 'return authorisation']]);
    expect(localSynonymsFor('https://c.example', s.kb)).toEqual([['RMA', 'return authorisation']]);
  });

  it('a console source: the team\'s, then the source\'s', () => {
    const p = KbProviderConfig.parse({ ...jsonEndpoint('/api'), synonyms: [['退款', '退米']] });
    expect(sourceSynonyms(p, s.kb.synonyms)).toEqual([['RMA', 'return authorisation'], ['退款', '退米']]);
  });

  it('the content script\'s view carries the team\'s groups, and back', () => {
    const view = contentView(s, 'https://b.example');
    expect(view.kb.synonyms).toEqual([['RMA', 'return authorisation']]);
    expect(settingsFromView(view, 'https://b.example').kb.synonyms).toEqual([['RMA', 'return authorisation']]);
  });

  it('a group of one phrase, or of an empty phrase, is refused', () => {
    expect(SynonymGroups.safeParse([['RMA']]).success).toBe(false);
    expect(SynonymGroups.safeParse([['RMA', '  ']]).success).toBe(false);
    expect(parseSettings({ kb: { synonyms: [['RMA']] } }).kb.synonyms).toEqual([]);
  });
});

describe('the options page\'s lines', () => {
  it('one group per line, split on , ， 、 ; ；or =, blank lines dropped, and back', () => {
    const groups = parseSynonymLines('RMA, return authorisation\n\n升二线，工单升级、转二线\nSLA = 服务时效; response time\n');
    expect(groups).toEqual([['RMA', 'return authorisation'], ['升二线', '工单升级', '转二线'], ['SLA', '服务时效', 'response time']]);
    expect(parseSynonymLines(synonymLines(groups))).toEqual(groups);
  });
});

describe('a console search that finds nothing tries the synonyms once', () => {
  const answers: Record<string, { id: string; title: string; snippet: string }[]> = {
    refund: [{ id: '1', title: 'Refund policy', snippet: 'within 14 days' }],
  };
  const asked: string[] = [];
  const fetch = (async (input: RequestInfo | URL) => {
    const q = new URL(String(input)).searchParams.get('q') ?? '';
    asked.push(q);
    const res = Response.json({ results: answers[q.toLowerCase()] ?? [] });
    Object.defineProperty(res, 'url', { value: String(input) });
    return res;
  }) as typeof globalThis.fetch;
  const env = { fetch, base: 'https://support.example.com/', signal: new AbortController().signal, synonyms: [['refund', 'RMA']] };

  it('the team\'s word "RMA" finds nothing, "refund" finds the article', async () => {
    asked.length = 0;
    const r = await searchAll([jsonEndpoint('/api/kb/search')], 'RMA', 5, env);
    expect(asked).toEqual(['RMA', 'refund']);
    expect(r.ok && r.data.results.map((x) => x.title)).toEqual(['Refund policy']);
  });

  it('a query with hits, or with no synonym in it, is asked once', async () => {
    asked.length = 0;
    await searchAll([jsonEndpoint('/api/kb/search')], 'refund', 5, env);
    await searchAll([jsonEndpoint('/api/kb/search')], 'parcel', 5, env);
    expect(asked).toEqual(['refund', 'parcel']);
  });

  it('a source\'s own group is used for that source', async () => {
    asked.length = 0;
    const p = KbProviderConfig.parse({ ...jsonEndpoint('/api/kb/search'), synonyms: [['refund', 'chargeback']] });
    const r = await searchAll([p], 'chargeback', 5, { ...env, synonyms: [] });
    expect(asked).toEqual(['chargeback', 'refund']);
    expect(r.ok && r.data.total).toBe(1);
  });
});
