/**
 * Text on a confirmation card as it really is: zero-width, bidi, tag and confusable
 * characters become visible markers (with their code point), with a count; URLs, e-mail
 * addresses and phone numbers are highlighted, so a person sees what the customer would get.
 */
import type { ComponentChildren } from 'preact';
import { findPhones, type Span } from '../tools/pii.ts';
import { hiddenTotal, revealHidden, type HiddenKind } from '../tools/unicode.ts';
import { t } from '../ui/i18n.ts';

const URL_RE = /\bhttps?:\/\/[^\s<>"'，。）)]+|\bwww\.[^\s<>"'，。）)]+/giu;
const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

type Mark = Span & { kind: 'url' | 'email' | 'phone' };

function marks(text: string): Mark[] {
  const out: Mark[] = [];
  for (const m of text.matchAll(URL_RE)) out.push({ start: m.index!, end: m.index! + m[0].length, kind: 'url' });
  for (const m of text.matchAll(EMAIL_RE)) out.push({ start: m.index!, end: m.index! + m[0].length, kind: 'email' });
  for (const s of findPhones(text)) out.push({ ...s, kind: 'phone' });
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
