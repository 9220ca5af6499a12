import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mentions } from '../../src/dom/composer.ts';
import { ADAPTERS } from '../../src/dom/editors/index.ts';
import { canon, htmlOf, paragraphs } from '../../src/dom/editors/kit.ts';

const DIR = join(import.meta.dirname, '../../src/dom/editors');
const NOT_ADAPTERS = ['index.ts', 'kit.ts', 'types.ts'];
const adapterFiles = () => readdirSync(DIR).filter((f) => f.endsWith('.ts') && !NOT_ADAPTERS.includes(f));

describe('the editor adapter list', () => {
  it('lists every adapter file in src/dom/editors explicitly, once, under its file name', async () => {
    const kinds = ADAPTERS.map((a) => a.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect([...kinds].sort()).toEqual(adapterFiles().map((f) => f.replace(/\.ts$/, '')).sort());
    for (const f of adapterFiles()) {
      const exported = Object.values(await import(join(DIR, f)));
      expect(exported.some((e) => ADAPTERS.includes(e as (typeof ADAPTERS)[number])), f).toBe(true);
    }
  });

  it('detects editors with well-known markers before the generic contenteditable, and the plain field last', () => {
    const kinds = ADAPTERS.map((a) => a.kind);
    expect(kinds.slice(-2)).toEqual(['contenteditable', 'textarea']);
    // Editors that hide the page's textarea must claim it before the textarea adapter does.
    for (const a of ADAPTERS.filter((x) => x.sync !== 'none')) expect(kinds.indexOf(a.kind)).toBeLessThan(kinds.indexOf('textarea'));
  });

  it('says how each editor fills its source field', () => {
    const sync = Object.fromEntries(ADAPTERS.map((a) => [a.kind, a.sync]));
    expect(sync).toMatchObject({ redactor: 'live', summernote: 'live', tinymce: 'submit', ckeditor4: 'submit', ckeditor5: 'submit', prosemirror: 'none', textarea: 'none' });
  });

  it('imports no editor library: adapters drive editors through DOM events only', () => {
    for (const f of [...adapterFiles(), ...NOT_ADAPTERS]) {
      const src = readFileSync(join(DIR, f), 'utf8');
      const specifiers = [...src.matchAll(/^import[^'"]*['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
      for (const s of specifiers) expect(s, `${f} imports ${s}`).toMatch(/^\.\.?\//);
    }
  });
});

describe('text in and out', () => {
  it('splits paragraphs on blank lines and keeps single newlines as line breaks', () => {
    expect(paragraphs('您好：\r\n\r\n第一行\n第二行\n\n\n  ')).toEqual([['您好：'], ['第一行', '第二行']]);
    expect(paragraphs('a\n \nb')).toEqual([['a'], ['b']]);
  });

  it('makes every line a block for editors without soft breaks', () => {
    expect(paragraphs('a\n\nb\nc', 'block')).toEqual([['a'], ['b'], ['c']]);
    expect(canon('a\n\nb\nc', 'block')).toBe('a\n\nb\n\nc');
  });

  it('compares texts without invisible characters, no-break spaces or runs of spaces', () => {
    expect(canon('\u200bHello\u00a0  world\ufeff\n\n\n第二段 ')).toBe('Hello world\n\n第二段');
    expect(canon('')).toBe('');
  });

  it('builds paste HTML with one escaped <p> per paragraph', () => {
    expect(htmlOf(paragraphs('<b>x</b> & "y"\n\nline 1\nline 2'))).toBe('<p>&#60;b&#62;x&#60;/b&#62; &#38; &#34;y&#34;</p><p>line 1<br>line 2</p>');
  });
});

describe('composer words', () => {
  it('matches English as whole words and Chinese as substrings', () => {
    expect(mentions('Post Internal Note', ['note'])).toBe('note');
    expect(mentions('Denote the amount', ['note'])).toBeNull();
    expect(mentions('start_writing your response', ['response'])).toBe('response');
    expect(mentions('内部备注（仅同事可见）', ['备注'])).toBe('备注');
    expect(mentions('', ['备注'])).toBeNull();
  });
});
