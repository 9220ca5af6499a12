/**
 * Characters a person cannot see or tell apart, for confirmation cards (reveal them as
 * visible markers, with a count) and for send inputs (refuse the ones that only ever serve
 * to hide text: tag characters and bidi overrides/isolates).
 * Ranges: https://www.unicode.org/reports/tr9/ (bidi controls), https://www.unicode.org/charts/PDF/UE0000.pdf (tags),
 * https://www.unicode.org/reports/tr39/ (mixed-script confusables), https://www.unicode.org/reports/tr51/ (emoji sequences).
 *
 * A zero-width joiner or VS-16 that is part of a well-formed emoji sequence (👨‍👩‍👧, ❤️, 👍🏽, #️⃣)
 * is what the person sees as one emoji, so it is not flagged; anywhere else — between letters,
 * doubled, trailing, or variation selectors piled onto an emoji to smuggle data — it is.
 */
import type { z } from './zod.ts';

export type HiddenKind = 'zero_width' | 'bidi' | 'tag' | 'confusable';

export type Segment = { kind: 'text'; text: string } | { kind: HiddenKind; text: string; code: string };

const ZERO_WIDTH = /[\u00AD\u180E\u200B-\u200F\u2060-\u2064\uFEFF\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;
const BIDI = /[\u061C\u202A-\u202E\u2066-\u2069]/u;
const TAG = /[\u{E0000}-\u{E007F}]/u;
/** Fullwidth Latin letters and digits (not the fullwidth punctuation Chinese text uses). */
const FULLWIDTH = /[\uFF10-\uFF19\uFF21-\uFF3A\uFF41-\uFF5A]/u;
const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}]/u;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * What is removed from text deskhand reads (page text, knowledge articles) before a person or
 * the model sees it: zero-width characters, bidi controls, tag characters, and variation
 * selectors beyond the first after a character (one picks an emoji or glyph form; a run of
 * them is data smuggled past the eye, 8 bits a selector). Shared by src/dom and src/kb so
 * both read text by one rule.
 */
const STRIP = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF\u{E0000}-\u{E007F}]|(?<=^|[\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;

export interface CleanText {
  text: string;
  /** Characters removed (a tag or supplementary selector counts once). */
  removedChars: number;
}

export function stripInvisible(raw: string): CleanText {
  let removed = 0;
  const text = raw.replace(STRIP, () => {
    removed += 1;
    return '';
  });
  return { text, removedChars: removed };
}

/** Forbidden in anything deskhand sends: bidi overrides/embeddings/isolates and tag characters. */
export function forbiddenControls(text: string): { bidi: number; tag: number } {
  let bidi = 0;
  let tag = 0;
  for (const ch of text) {
    if (BIDI.test(ch)) bidi += 1;
    else if (TAG.test(ch)) tag += 1;
  }
  return { bidi, tag };
}

const code = (ch: string) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** Positions of confusable letters: lookalike-script letters inside a Latin word, fullwidth forms. */
function confusableIndexes(text: string): Set<number> {
  const out = new Set<number>();
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const chars = [...word];
    const latin = chars.some((c) => LATIN.test(c) && !FULLWIDTH.test(c));
    let offset = m.index!;
    for (const c of chars) {
      if (FULLWIDTH.test(c) || (latin && LOOKALIKE_SCRIPT.test(c))) out.add(offset);
      offset += c.length;
    }
  }
  return out;
}

/** One emoji as a person sees it: a pictograph (with VS-16 and a skin tone), a keycap, or a flag. */
const EMOJI_ELEMENT = String.raw`(?:\p{Extended_Pictographic}\uFE0F?\p{Emoji_Modifier}?|[0-9#*]\uFE0F\u20E3|\p{Regional_Indicator}{2})`;
/** A well-formed emoji (ZWJ) sequence, the whole grapheme: elements joined by single ZWJs. */
const EMOJI_SEQUENCE = new RegExp(`^${EMOJI_ELEMENT}(?:\u200D${EMOJI_ELEMENT})*$`, 'u');
/** Any character revealHidden could mark but a confusable: text without one (and without confusables) is shown as it is. */
const ANY_HIDDEN = new RegExp(`${ZERO_WIDTH.source}|${BIDI.source}|${TAG.source}`, 'u');
/**
 * Built on first use, and only for text with something to reveal: constructing a segmenter
 * loads ICU's break data, ~8 ms of a kit's start and ~20 ms of the side panel's first card
 * (issue 22).
 */
let graphemes: Intl.Segmenter | null = null;

/** Splits text into visible runs and hidden/confusable characters, each with its code point. */
export function revealHidden(text: string): { segments: Segment[]; counts: Record<HiddenKind, number> } {
  const counts: Record<HiddenKind, number> = { zero_width: 0, bidi: 0, tag: 0, confusable: 0 };
  const confusable = confusableIndexes(text);
  if (!confusable.size && !ANY_HIDDEN.test(text)) return { segments: text ? [{ kind: 'text', text }] : [], counts };
  const segments: Segment[] = [];
  let plain = '';
  for (const { segment, index } of (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })).segment(text)) {
    // Its joiners and VS-16 are part of the emoji the person sees.
    if (EMOJI_SEQUENCE.test(segment)) {
      plain += segment;
      continue;
    }
    let i = index;
    for (const ch of segment) {
      const kind: HiddenKind | null = TAG.test(ch) ? 'tag' : BIDI.test(ch) ? 'bidi' : ZERO_WIDTH.test(ch) ? 'zero_width' : confusable.has(i) ? 'confusable' : null;
      i += ch.length;
      if (!kind) {
        plain += ch;
        continue;
      }
      if (plain) segments.push({ kind: 'text', text: plain });
      plain = '';
      counts[kind] += 1;
      segments.push({ kind, text: ch, code: code(ch) });
    }
  }
  if (plain) segments.push({ kind: 'text', text: plain });
  return { segments, counts };
}

export function hiddenTotal(counts: Record<HiddenKind, number>): number {
  return counts.zero_width + counts.bidi + counts.tag + counts.confusable;
}

/**
 * A zod refinement for text deskhand sends: tag characters and bidi overrides/isolates are
 * refused with a validation error that says how many and what they are.
 */
export function noHiddenControls(text: string, ctx: z.core.$RefinementCtx<string>): void {
  const { bidi, tag } = forbiddenControls(text);
  if (bidi + tag === 0) return;
  const what = [bidi && `${bidi} bidi override/isolate character(s) (U+202A-202E, U+2066-2069)`, tag && `${tag} tag character(s) (U+E0000-E007F)`].filter(Boolean).join(' and ');
  ctx.addIssue({ code: 'custom', message: `The text contains ${what}, which hide or reorder what the customer would read; remove them.` });
}
