/**
 * A small, safe markdown subset for model answers: paragraphs, lists, fenced and inline
 * code, bold. Output is Preact text nodes only — no HTML is ever parsed, no image is ever
 * loaded. Links and images become inert text with the full URL shown; a link opens only
 * when the agent clicks its URL. Hand-written because markdown libraries render HTML and
 * images by default, which is exactly what an untrusted answer must not get.
 */
import type { ComponentChildren, VNode } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';

type Block = { kind: 'p'; text: string } | { kind: 'ul' | 'ol'; items: string[] } | { kind: 'code'; text: string };

export function parseBlocks(src: string): Block[] {
  const blocks: Block[] = [];
  const lines = src.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push({ kind: 'p', text: para.join('\n') });
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*```/.test(line)) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !/^\s*```/.test(lines[i]!); i++) code.push(lines[i]!);
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    const ul = /^\s*[-*+]\s+(.*)$/.exec(line);
    const ol = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (ul || ol) {
      flush();
      const kind = ul ? 'ul' : 'ol';
      const last = blocks[blocks.length - 1];
      if (last && last.kind === kind) last.items.push((ul ?? ol)![1]!);
      else blocks.push({ kind, items: [(ul ?? ol)![1]!] });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    para.push(line);
  }
  flush();
  return blocks;
}

const INLINE = /(`[^`\n]+`)|(\*\*[^*\n]+\*\*)|(!?\[[^\]\n]*\]\([^)\s]+\))/g;

export function Inline({ text, onOpen }: { text: string; onOpen: (url: string) => void }) {
  const out: ComponentChildren[] = [];
  let last = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index! > last) out.push(text.slice(last, m.index));
    const token = m[0];
    if (m[1]) out.push(<code>{token.slice(1, -1)}</code>);
    else if (m[2]) out.push(<strong>{token.slice(2, -2)}</strong>);
    else {
      const image = token.startsWith('!');
      const [, label = '', url = ''] = /^!?\[([^\]]*)\]\(([^)]+)\)$/.exec(token) ?? [];
      out.push(<LinkText label={label} url={url} image={image} onOpen={onOpen} />);
    }
    last = m.index! + token.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return <>{out}</>;
}

/**
 * The answer as plain text, for a reply to a customer (Insert): what the agent sees, without
 * markdown's marks — bold and code as their words, a link as "label (url)", list items kept
 * as "- " or "1. " lines, paragraphs a blank line apart.
 */
export function plainText(src: string): string {
  const inline = (text: string) =>
    text.replace(INLINE, (token, code: string | undefined, bold: string | undefined) => {
      if (code) return token.slice(1, -1);
      if (bold) return token.slice(2, -2);
      const [, label = '', url = ''] = /^!?\[([^\]]*)\]\(([^)]+)\)$/.exec(token) ?? [];
      return label && label !== url ? `${label} (${url})` : url;
    });
  return parseBlocks(src)
    .map((b) => (b.kind === 'code' ? b.text : b.kind === 'p' ? inline(b.text) : b.items.map((it, i) => `${b.kind === 'ol' ? `${i + 1}.` : '-'} ${inline(it)}`).join('\n')))
    .join('\n\n');
}

function LinkText({ label, url, image, onOpen }: { label: string; url: string; image: boolean; onOpen: (url: string) => void }) {
  const web = /^https?:\/\//i.test(url);
  return (
    <span class={image ? 'md-image' : 'md-link'}>
      {image ? `[${label || 'image'}]` : label}{' '}
      {web ? (
        <button type="button" class="md-url" title={url} onClick={() => onOpen(url)}>
          {url}
        </button>
      ) : (
        <span class="md-url inert">{url}</span>
      )}
    </span>
  );
}

export function Markdown({ text, onOpen }: { text: string; onOpen: (url: string) => void }) {
  return <div class="md">{blockNodes(text, onOpen)}</div>;
}

function blockNodes(text: string, onOpen: (url: string) => void): VNode[] {
  return parseBlocks(text).map((b) =>
        b.kind === 'code' ? (
          <pre>
            <code>{b.text}</code>
          </pre>
        ) : b.kind === 'p' ? (
          <p>
            <Inline text={b.text} onOpen={onOpen} />
          </p>
        ) : (
          <ListBlock kind={b.kind} items={b.items} onOpen={onOpen} />
        ),
  );
}

const UL_ITEM = /^\s*[-*+]\s+/;

/**
 * The finished part of a text and where it ends: up to the last blank line, or the last
 * bullet item followed by another one (a long list streams item by item), never inside a ```
 * fence. Scans only what was added since `from` (with the fence state there), so a streamed
 * answer costs O(new text) per chunk, not O(answer). With a `budget`, it stops at the first
 * cut that far past `from` and says there is `more`: the rest is for the next frame.
 */
export function stableCut(text: string, from: { at: number; inFence: boolean }, budget = Infinity): { at: number; inFence: boolean; more?: true } {
  let { inFence } = from;
  let lineStart = text.lastIndexOf('\n', from.at - 1) + 1;
  let cut = from.at;
  let cutFence = inFence;
  let prevItem = false;
  for (let i = lineStart; i < text.length; i++) {
    if (text.charCodeAt(i) !== 10) continue;
    const line = text.slice(lineStart, i);
    if (/^\s*```/.test(line)) {
      inFence = !inFence;
      prevItem = false;
    } else if (!inFence) {
      const item = UL_ITEM.test(line);
      if (!line.trim() && lineStart > 0) [cut, cutFence] = [i + 1, inFence];
      else if (item && prevItem && lineStart > from.at) [cut, cutFence] = [lineStart, inFence];
      prevItem = item;
    }
    lineStart = i + 1;
    if (cut - from.at >= budget && text.length > cut) return { at: cut, inFence: cutFence, more: true };
  }
  return { at: Math.max(cut, from.at), inFence: cut > from.at ? cutFence : from.inFence };
}

/** Does the text at `at` go on with the bullet list the text before it ended with? */
function continuesList(text: string, at: number): boolean {
  const before = text.lastIndexOf('\n', at - 2) + 1;
  return at > 0 && UL_ITEM.test(text.slice(before, at)) && UL_ITEM.test(text.slice(at, at + 8));
}

/** New finished text rendered per frame at most: a burst of a long answer is spread over frames. */
const FRAME_BUDGET = 8 * 1024;

/**
 * Markdown for an answer that is still streaming: finished blocks are parsed and rendered
 * once (their vnodes are kept and reused, so Preact skips them), only the unfinished tail is
 * parsed again on each chunk. At most FRAME_BUDGET of newly finished text is rendered per
 * render; when more is waiting, the next animation frame renders the next part, so no single
 * task renders the whole answer. The same instance goes on rendering the finished answer.
 */
export function StreamingMarkdown({ text, onOpen }: { text: string; onOpen: (url: string) => void }) {
  const state = useRef<{ done: string; inFence: boolean; nodes: VNode[] }>({ done: '', inFence: false, nodes: [] });
  const [, setFrame] = useState(0);
  const s = state.current;
  // A text that no longer starts with what was rendered (a new answer): start again.
  if (!text.startsWith(s.done)) Object.assign(s, { done: '', inFence: false, nodes: [] });
  const at = s.done.length;
  const next = stableCut(text, { at, inFence: s.inFence }, FRAME_BUDGET);
  if (next.at > at) {
    const chunk = <div class={continuesList(text, at) ? 'md-chunk cont' : 'md-chunk'}>{blockNodes(text.slice(at, next.at), onOpen)}</div>;
    Object.assign(s, { done: text.slice(0, next.at), inFence: next.inFence, nodes: [...s.nodes, chunk] });
  }
  const behind = !!next.more;
  useEffect(() => {
    if (!behind) return;
    const id = requestAnimationFrame(() => setFrame((n) => n + 1));
    return () => cancelAnimationFrame(id);
  });
  // While behind, the unfinished tail waits too: parsing it now would be the work the budget defers.
  const tail = behind ? '' : text.slice(s.done.length);
  const tailNodes = useMemo(() => (tail ? blockNodes(s.inFence ? `\`\`\`\n${tail}` : tail, onOpen) : null), [tail, s.inFence, onOpen]);
  return (
    <div class="md streaming" data-behind={behind ? 'true' : undefined}>
      {s.nodes}
      {tailNodes}
    </div>
  );
}

function ListBlock({ kind, items, onOpen }: { kind: 'ul' | 'ol'; items: string[]; onOpen: (url: string) => void }) {
  const Tag = kind;
  return (
    <Tag>
      {items.map((it) => (
        <li>
          <Inline text={it} onOpen={onOpen} />
        </li>
      ))}
    </Tag>
  );
}
