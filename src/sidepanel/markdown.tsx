/**
 * A small, safe markdown subset for model answers: paragraphs, lists, fenced and inline
 * code, bold. Output is Preact text nodes only — no HTML is ever parsed, no image is ever
 * loaded. Links and images become inert text with the full URL shown; a link opens only
 * when the agent clicks its URL. Hand-written because markdown libraries render HTML and
 * images by default, which is exactly what an untrusted answer must not get.
 */
import type { ComponentChildren, VNode } from 'preact';
import { useMemo, useRef } from 'preact/hooks';

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

/**
 * The finished part of a text and where it ends: everything up to the last blank line that
 * is not inside a ``` fence. Scans only what was added since `from` (with the fence state
 * there), so a streamed answer costs O(new text) per chunk, not O(answer).
 */
export function stableCut(text: string, from: { at: number; inFence: boolean }): { at: number; inFence: boolean } {
  let { at, inFence } = from;
  let lineStart = text.lastIndexOf('\n', at - 1) + 1;
  let cut = at;
  let cutFence = inFence;
  for (let i = lineStart; i < text.length; i++) {
    if (text.charCodeAt(i) !== 10) continue;
    const line = text.slice(lineStart, i);
    if (/^\s*```/.test(line)) inFence = !inFence;
    else if (!inFence && !line.trim() && lineStart > 0) {
      cut = i + 1;
      cutFence = inFence;
    }
    lineStart = i + 1;
  }
  return { at: Math.max(cut, from.at), inFence: cut > from.at ? cutFence : from.inFence };
}

/**
 * Markdown for an answer that is still streaming: finished blocks are parsed and rendered
 * once (their vnodes are kept and reused, so Preact skips them), only the unfinished tail is
 * parsed again on each chunk.
 */
export function StreamingMarkdown({ text, onOpen }: { text: string; onOpen: (url: string) => void }) {
  const state = useRef<{ at: number; inFence: boolean; done: VNode[] }>({ at: 0, inFence: false, done: [] });
  const s = state.current;
  if (text.length < s.at) Object.assign(s, { at: 0, inFence: false, done: [] });
  const next = stableCut(text, s);
  if (next.at > s.at) {
    s.done = [...s.done, <div class="md-chunk">{blockNodes(text.slice(s.at, next.at), onOpen)}</div>];
    s.at = next.at;
    s.inFence = next.inFence;
  }
  const tail = text.slice(s.at);
  const tailNodes = useMemo(() => blockNodes(s.inFence ? `\`\`\`\n${tail}` : tail, onOpen), [tail, s.inFence, onOpen]);
  return (
    <div class="md streaming">
      {s.done}
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
