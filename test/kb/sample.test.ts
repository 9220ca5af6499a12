import { describe, expect, it } from 'vitest';
import { fieldsOf, guessPicks, jsonSearchPath, jsonUrlParts, listsIn, searchPath, totalIn } from '../../src/kb/sample.ts';

const ORIGIN = 'http://127.0.0.1:5317';

describe('a search URL with {query}', () => {
  it('is kept as the console path, from a path or a full URL on the console', () => {
    expect(searchPath('/api/kb/search?q={query}', ORIGIN)).toEqual({ ok: true, path: '/api/kb/search?q={query}' });
    expect(searchPath(' http://127.0.0.1:5317/kb?q={query}&x=1 ', ORIGIN)).toEqual({ ok: true, path: '/kb?q={query}&x=1' });
    expect(searchPath('/search/{query}', ORIGIN)).toEqual({ ok: true, path: '/search/{query}' });
  });
  it('says what is wrong: no {query}, twice, another origin, not a URL', () => {
    expect(searchPath('/api/kb/search?q=', ORIGIN)).toEqual({ ok: false, problem: 'no_query' });
    expect(searchPath('/a?q={query}&r={query}', ORIGIN)).toEqual({ ok: false, problem: 'no_query' });
    expect(searchPath('https://evil.example/kb?q={query}', ORIGIN)).toEqual({ ok: false, problem: 'other_origin' });
    expect(searchPath('//evil.example/kb?q={query}', ORIGIN)).toEqual({ ok: false, problem: 'other_origin' });
    expect(searchPath('not a url {query}', ORIGIN)).toEqual({ ok: false, problem: 'bad' });
  });
  it('splits into the JSON provider\'s url and query parameter, and back', () => {
    expect(jsonUrlParts('/api/kb/search?q={query}')).toEqual({ url: '/api/kb/search', queryParam: 'q' });
    expect(jsonUrlParts('/api/kb/search?limit=5&term={query}')).toEqual({ url: '/api/kb/search?limit=5', queryParam: 'term' });
    expect(jsonUrlParts('/search/{query}')).toBeNull();
    expect(jsonUrlParts('/api?q=x{query}')).toBeNull();
    expect(jsonSearchPath('/api/kb/search', 'q')).toBe('/api/kb/search?q={query}');
    expect(jsonSearchPath('/api/kb/search?limit=5', 'term')).toBe('/api/kb/search?limit=5&term={query}');
  });
});

describe('a sample JSON answer', () => {
  const body = {
    total: 2,
    meta: { tags: ['a', 'b'] },
    data: { items: [{ id: 7, attributes: { title: 'Refund policy', body: 'Within 7 days…' }, links: { html: '/kb/7' } }, { id: 8, attributes: { title: 'Invoices', body: '' } }] },
  };
  it('offers the lists of objects it holds, and each item\'s fields with a sample value', () => {
    expect(listsIn(body)).toEqual([{ path: 'data.items', count: 2 }]);
    expect(listsIn([{ a: 1 }])).toEqual([{ path: '', count: 1 }]);
    expect(fieldsOf(body.data.items)).toEqual([
      { path: 'id', sample: '7' },
      { path: 'attributes.title', sample: 'Refund policy' },
      { path: 'attributes.body', sample: 'Within 7 days…' },
      { path: 'links.html', sample: '/kb/7' },
    ]);
  });
  it('guesses which field is which by the names consoles use, each field once', () => {
    const fields = [{ path: 'id', sample: '1' }, { path: 'title', sample: 't' }, { path: 'snippet', sample: 's' }, { path: 'url', sample: '/kb/1' }, { path: 'body', sample: 'b' }];
    expect(guessPicks(fields)).toEqual({ titlePath: 'title', urlPath: 'url', snippetPath: 'snippet', answerPath: 'body', idPath: 'id' });
    expect(guessPicks([{ path: 'attributes.title', sample: 't' }, { path: 'links.html', sample: '/x' }])).toEqual({ titlePath: 'attributes.title', urlPath: 'links.html' });
    expect(totalIn(body)).toBe('total');
    expect(totalIn({ hits: { total: 3 } })).toBe('hits.total');
  });
});
