/**
 * No string a person sees is written into the code: JSX text and person-facing props in the
 * extension pages, toast texts in the content script, and inline zh/en ternaries anywhere
 * in UI contexts must go through chrome.i18n. A parser (not a regex) reads the sources.
 */
import { parse } from '@babel/parser';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from '../../scripts/locale-files.ts';

type Node = { type: string; start?: number; loc?: { start: { line: number } }; [k: string]: unknown };

/** UI contexts, and the endpoint errors people read (the chat's own prompts for the model are not here). */
const UI_DIRS = ['src/sidepanel', 'src/options', 'src/content', 'src/plans', 'src/ui', 'src/background', 'src/llm/errors.ts'];
/** Text for the customer, in the page's language (not the agent's UI language): drafts. */
const CUSTOMER_TEXT = ['src/plans/draft-reply.ts'];
const PERSON_PROPS = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'aria-roledescription']);
const LETTERS = /\p{L}{2,}/u;
const HAN = /\p{Script=Han}/u;
/** Not words: URLs and example addresses, and key names. */
const NOT_WORDS = /^(?:https?:\/\/\S+|[A-Z][a-z]*\+[A-Z0-9+]+)$/;

function walk(node: unknown, visit: (n: Node, parent: Node | null) => void, parent: Node | null = null): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((c) => walk(c, visit, parent));
  const n = node as Node;
  if (typeof n.type !== 'string') return;
  visit(n, parent);
  for (const [k, v] of Object.entries(n)) if (k !== 'loc' && k !== 'leadingComments' && k !== 'trailingComments') walk(v, visit, n);
}

const stringOf = (n: Node | undefined): string | null => {
  if (!n) return null;
  if (n.type === 'StringLiteral') return n.value as string;
  if (n.type === 'TemplateLiteral') return (n.quasis as Node[]).map((q) => (q.value as { cooked: string }).cooked).join('…');
  return null;
};

function findings(path: string, text: string): string[] {
  const ast = parse(text, { sourceType: 'module', plugins: ['typescript', ...(path.endsWith('.tsx') ? (['jsx'] as const) : [])] });
  const out: string[] = [];
  const at = (n: Node, what: string) => out.push(`${path}:${n.loc?.start.line} ${what}`);
  walk(ast.program, (n, parent) => {
    if (n.type === 'JSXText' && LETTERS.test(n.value as string)) at(n, `JSX text "${(n.value as string).trim()}"`);
    if (n.type === 'JSXExpressionContainer' && parent?.type === 'JSXElement') {
      const s = stringOf(n.expression as Node);
      if (s && LETTERS.test(s)) at(n, `JSX string child "${s}"`);
    }
    if (n.type === 'JSXAttribute' && PERSON_PROPS.has(String((n.name as Node).name))) {
      const v = n.value as Node | null;
      const s = v?.type === 'JSXExpressionContainer' ? stringOf(v.expression as Node) : stringOf(v ?? undefined);
      if (s && LETTERS.test(s) && !NOT_WORDS.test(s)) at(n, `${String((n.name as Node).name)}="${s}"`);
    }
    // toast('…') / setNotice('…'): what the agent reads on the console page.
    if (n.type === 'CallExpression' && ['toast', 'setNotice'].includes(String((n.callee as Node).name))) {
      const s = stringOf((n.arguments as Node[])[0]);
      if (s && LETTERS.test(s)) at(n, `toast text "${s}"`);
    }
    // lang() === 'zh' ? '中文' : 'English' — two languages inline instead of _locales.
    if (n.type === 'ConditionalExpression') {
      const test = n.test as Node;
      const zhTest = test.type === 'BinaryExpression' && stringOf(test.right as Node) === 'zh';
      const branches = [stringOf(n.consequent as Node), stringOf(n.alternate as Node)];
      if (zhTest && branches.some((b) => b && HAN.test(b))) at(n, 'inline zh/en ternary');
    }
    if ((n.type === 'StringLiteral' || n.type === 'TemplateElement') && !CUSTOMER_TEXT.includes(path)) {
      const s = n.type === 'StringLiteral' ? (n.value as string) : (n.value as { cooked: string }).cooked;
      if (HAN.test(s)) at(n, `Chinese text in code "${s.slice(0, 40)}"`);
    }
  });
  return out;
}

/**
 * An error's `detail` is English for developers and the model: extension pages show
 * `errorText(error)` (src/ui/errors.ts), never `something.error.detail` or `error.detail`.
 */
function detailReads(path: string, text: string): string[] {
  const ast = parse(text, { sourceType: 'module', plugins: ['typescript', ...(path.endsWith('.tsx') ? (['jsx'] as const) : [])] });
  const out: string[] = [];
  walk(ast.program, (n) => {
    if (n.type !== 'MemberExpression' || (n.property as Node).name !== 'detail') return;
    const obj = n.object as Node;
    const name = obj.type === 'Identifier' ? String(obj.name) : obj.type === 'MemberExpression' ? String((obj.property as Node).name) : '';
    if (/^(?:error|err|e)$/.test(name)) out.push(`${path}:${n.loc?.start.line} ${name}.detail`);
  });
  return out;
}

describe('hard-coded person-facing strings', () => {
  const files = sourceFiles('src').filter((f) => UI_DIRS.some((d) => f.path.startsWith(d)));

  it('reads every UI source', () => {
    expect(files.length).toBeGreaterThan(30);
    expect(files.some((f) => f.path === 'src/options/Options.tsx')).toBe(true);
  });

  it('finds none: JSX text, titles/labels/placeholders, toasts and zh/en ternaries go through chrome.i18n', () => {
    expect(files.flatMap((f) => findings(f.path, f.text)).join('\n')).toBe('');
  });

  it('extension pages never show an error\'s English detail: they show errorText(error)', () => {
    const pages = files.filter((f) => f.path.startsWith('src/sidepanel') || f.path.startsWith('src/options'));
    expect(pages.flatMap((f) => detailReads(f.path, f.text)).join('\n')).toBe('');
    expect(detailReads('src/x.tsx', `const a = <p>{r.error.detail}</p>; setStatus(e.detail); const ok = note.detail;`).map((f) => f.replace(/^\S+ /, ''))).toEqual(['error.detail', 'e.detail']);
  });

  it('catches them (the checker itself)', () => {
    const bad = `const A = () => <p title="Open it">Hello there {'and this'}</p>;
      toast('Filled 3 fields'); const x = lang() === 'zh' ? '快速建单' : 'Quick ticket';`;
    expect(findings('src/x.tsx', bad).map((f) => f.replace(/^\S+ /, '')).sort()).toEqual([
      'JSX text "Hello there"',
      'title="Open it"',
      'JSX string child "and this"',
      'toast text "Filled 3 fields"',
      'inline zh/en ternary',
      'Chinese text in code "快速建单"',
    ].sort());
  });
});
