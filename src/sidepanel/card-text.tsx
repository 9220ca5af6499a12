/**
 * Text on a confirmation card as it really is: zero-width, bidi, tag and confusable
 * characters become visible markers (with their code point), with a count; URLs, e-mail
 * addresses and phone numbers are highlighted, so a person sees what the customer would get.
 *
 * Phone numbers are found by libphonenumber (../tools/pii.ts), whose metadata was two thirds
 * of the panel's eager script: it loads after the first render (issue 22 item 4) and the
 * cards mark phones once it is in. The card holds `usePhonesMarked()` (it re-renders its texts
 * then) and counts that as a change of its content (its dwell starts again), so Confirm is
 * never armed on a card still to be marked.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Span } from '../tools/pii.ts';
import { hiddenTotal, revealHidden, type HiddenKind } from '../tools/unicode.ts';
import { t } from '../ui/i18n.ts';

const URL_RE = /\bhttps?:\/\/[^\s<>"'，。）)]+|\bwww\.[^\s<>"'，。）)]+/giu;
const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

type Mark = Span & { kind: 'url' | 'email' | 'phone' };

let findPhones: ((text: string) => Span[]) | null = null;
/** Started when the panel's script runs; settles after its first render. A failed load marks no phones (and says so once). */
const phonesLoaded: Promise<void> = import('../tools/pii.ts').then(
  (m) => void (findPhones = (text) => m.findPhones(text)),
  (e: unknown) => console.warn('deskhand: phone numbers are not highlighted', e),
);

/** True once phone numbers can be marked (or never will be): re-renders the caller, and so its texts, then. */
export function usePhonesMarked(): boolean {
  const [done, setDone] = useState(findPhones !== null);
  useEffect(() => {
    if (!done) void phonesLoaded.then(() => setDone(true));
  }, [done]);
  return done;
}

function marks(text: string): Mark[] {
  const out: Mark[] = [];
  for (const m of text.matchAll(URL_RE)) out.push({ start: m.index!, end: m.index! + m[0].length, kind: 'url' });
  for (const m of text.matchAll(EMAIL_RE)) out.push({ start: m.index!, end: m.index! + m[0].length, kind: 'email' });
  for (const s of findPhones?.(text) ?? []) out.push({ ...s, kind: 'phone' });
  out.sort((a, b) => a.start - b.start);
  const kept: Mark[] = [];
  for (const m of out) if (!kept.length || m.start >= kept[kept.length - 1]!.end) kept.push(m);
  return kept;
}

function Highlighted({ text }: { text: string }) {
  const parts: ComponentChildren[] = [];
  let at = 0;
  for (const m of marks(text)) {
    if (m.start > at) parts.push(text.slice(at, m.start));
    parts.push(
      <mark class={`hl hl-${m.kind}`} data-kind={m.kind} title={t(`cardMark_${m.kind}`)}>
        {text.slice(m.start, m.end)}
      </mark>,
    );
    at = m.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

export function RevealedText({ text }: { text: string }) {
  const { segments } = revealHidden(text);
  return (
    <>
      {segments.map((s) =>
        s.kind === 'text' ? (
          <Highlighted text={s.text} />
        ) : s.kind === 'confusable' ? (
          <mark class="hidden-char confusable" data-kind={s.kind} title={`${t('cardHiddenKind_confusable')} ${s.code}`}>
            {s.text}
            <sup>{s.code}</sup>
          </mark>
        ) : (
          <mark class={`hidden-char ${s.kind}`} data-kind={s.kind} title={t(`cardHiddenKind_${s.kind}`)}>
            ⟦{s.code}⟧
          </mark>
        ),
      )}
    </>
  );
}

/** "3 hidden or look-alike characters (marked): 2 zero-width, 1 look-alike", or null. */
export function HiddenWarning({ texts }: { texts: string[] }) {
  const counts: Record<HiddenKind, number> = { zero_width: 0, bidi: 0, tag: 0, confusable: 0 };
  for (const text of texts) {
    const c = revealHidden(text).counts;
    for (const k of Object.keys(counts) as HiddenKind[]) counts[k] += c[k];
  }
  const total = hiddenTotal(counts);
  if (!total) return null;
  const parts = (Object.keys(counts) as HiddenKind[]).filter((k) => counts[k]).map((k) => `${t(`cardHiddenKind_${k}`)} ${counts[k]}`);
  return (
    <p class="hidden-warning" role="alert" data-count={total}>
      {t('cardHidden', total, parts.join(' · '))}
    </p>
  );
}
