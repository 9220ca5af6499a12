/**
 * category.match's scorer: which of a form's category options a support conversation is
 * about. Pure (no DOM, no chrome.*): the tool reads the options and the conversation, this
 * decides.
 *
 * - Each option gets a vocabulary: the words of its own label, every support topic its label
 *   names (lexicon.ts SUPPORT_TOPICS: "物流配送" → delays, lost parcels, tracking, address
 *   changes, in zh and en), and the words of the console's earlier tickets filed under it.
 * - The conversation is matched by whole words and phrases, never by substring: English by
 *   words with only plural endings folded ("accounts" is "account", "accounting" is not),
 *   Chinese by the longest known phrase first, so 退出登录 is one phrase and its 登录 does
 *   not also count as a login problem.
 * - A phrase that several options share counts less (it tells them apart less); the
 *   customer's words count 1, the agent's 0.5, a hint 2; a concept said again adds a little;
 *   what the customer asks for ("请帮我退款", "I want a refund") counts half as much again,
 *   a matter raised as an aside ("另外…", "By the way, …") half.
 * - Below the floor nothing is confident: the "other" option is chosen when the form has
 *   one, otherwise nothing.
 *
 * Hand-written: the support lexicon is the product's domain knowledge, and the scoring is a
 * few lines over it; no library matches phrases across zh and en this way.
 */
import { runs, SUPPORT_SYNONYMS, SUPPORT_TOPICS } from '../kb/lexicon.ts';
import { isHan, keyWords, normalise } from '../kb/tokenize.ts';

export interface OptionText {
  text: string;
  value: string;
}

export interface WeightedText {
  text: string;
  weight: number;
}

/** An earlier ticket's words and the category a person filed it under (value or label). */
export interface CategoryExample {
  category: string;
  text: string;
}

export interface CategoryScore {
  label: string;
  value: string;
  score: number;
  /** The words and phrases of the conversation that counted for it, strongest first. */
  matched: string[];
}

export interface CategoryPick {
  choice: CategoryScore | null;
  runnerUp: CategoryScore | null;
  scores: CategoryScore[];
  /** Why the choice is what it is. */
  reason: 'matched' | 'other' | 'nothing';
}

/** One mention of a customer's own words for a topic only this option has (1.0) clears it; an agent's alone (0.5) does not. */
export const FLOOR = 0.9;
const WEIGHT = { label: 1, topic: 1, example: 0.5 } as const;
/** A concept said again adds this share of its first mention, up to REPEAT_CAP times it. */
const REPEAT = 0.25;
const REPEAT_CAP = 1.75;

const OTHER = /^(其他|其它|其他问题|其它问题|其他类|其它类|其他类型|杂项|未分类|other|others|other issues?|other questions?|misc|miscellaneous|uncategori[sz]ed|none of (the|these) above)$/;
const PLACEHOLDER = /^([-—–_.\s]*|(please\s+)?(select|choose|pick)\b.*|请选择.*|选择.*|--.*--)$/;

const clean = (s: string) => normalise(s).replace(/[\s\p{P}\p{S}]+/gu, ' ').trim();
export const isOtherOption = (o: OptionText): boolean => OTHER.test(clean(o.text)) || OTHER.test(clean(o.value));
const isPlaceholder = (o: OptionText): boolean => !o.text.trim() || PLACEHOLDER.test(clean(o.text));

/** Plural endings only (Harman's S-stemmer): "refunds" is "refund", "accounting" stays itself. */
export function lightStem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && !/[ae]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (word.endsWith('es') && !/[aeo]es$/.test(word)) return word.slice(0, -1);
  if (word.endsWith('s') && !/(us|ss)$/.test(word)) return word.slice(0, -1);
  return word;
}

const LATIN = /[a-z0-9\u00c0-\u024f]+(?:['’][a-z]+)?/g;
const latinWords = (text: string) => (normalise(text).match(LATIN) ?? []).map((w) => lightStem(w.replace(/’/g, "'")));

/** A phrase as matched: Chinese by its characters, English by its words in order. */
interface Phrase {
  key: string;
  han: boolean;
  words: readonly string[];
  /** The concept it stands for: phrases of one synonym group are one concept. */
  concept: string;
}

function phrase(text: string, concept?: string): Phrase | null {
  const norm = normalise(text).trim();
  if (!norm) return null;
  if (/\p{Script=Han}/u.test(norm)) return { key: norm.replace(/\s+/g, ''), han: true, words: [], concept: concept ?? norm };
  const words = latinWords(norm);
  return words.length ? { key: words.join(' '), han: false, words, concept: concept ?? words.join(' ') } : null;
}

const GROUPS: Phrase[][] = SUPPORT_SYNONYMS.map((g) => g.map((t) => phrase(t, `g:${g[0]}`)).filter((p): p is Phrase => !!p));
const GROUP_BY_HEAD = new Map(SUPPORT_SYNONYMS.map((g, i) => [g[0]!, GROUPS[i]!]));

/** Whether a phrase occurs in a short text (a label): Chinese as characters, English as words. */
function occursIn(p: Phrase, text: { norm: string; words: readonly string[] }): boolean {
  return p.han ? text.norm.includes(p.key) : runs(text.words, p.words).length > 0;
}

/** Words a category label uses to be a label ("发票问题", "Refund Request"), not about its topic. */
const LABEL_FILLER = new Set(['问题', '相关', '类', '方面', '事项', '咨询', '其他', 'issue', 'problem', 'question', 'request', 'related', 'general', 'other', 'help', 'support', 'inquiry', 'enquiry']);

/**
 * How much what was said counts: the customer's words 1, the agent's 0.5, a hint 2. The
 * opening message gets no more than the rest: it may be what the customer takes back.
 */
export const TEXT_WEIGHT = { customer: 1, agent: 0.5, subject: 1, hint: 2 } as const;

/** A conversation's texts with their weights, as category.match and its benchmark both weigh them. */
export function weighConversation(messages: readonly { role: string; text: string }[], subject?: string, hint?: string): WeightedText[] {
  const said = messages.filter((m) => m.role !== 'system' && m.role !== 'note');
  const out: WeightedText[] = said.map((m) => ({ text: m.text, weight: m.role === 'customer' ? TEXT_WEIGHT.customer : TEXT_WEIGHT.agent }));
  if (subject) out.push({ text: subject, weight: TEXT_WEIGHT.subject });
  if (hint) out.push({ text: hint, weight: TEXT_WEIGHT.hint });
  return out;
}

/** The words of a text that can stand for a category on their own (no stop words). */
function ownWords(text: string, concept: (key: string) => string): Phrase[] {
  // The words a search box would get (tokenize.ts keyWords), English with plurals folded.
  return keyWords(text).map((w) => (isHan(w) ? phrase(w, concept(w))! : { key: lightStem(w), han: false, words: [lightStem(w)], concept: concept(lightStem(w)) }));
}

interface Vocabulary {
  option: OptionText;
  /** Phrase key → its weight for this option. */
  weights: Map<string, number>;
  concepts: Map<string, string>;
  /** Concepts the option's own label says (not only the topic it names): they break ties. */
  own: Set<string>;
}

function vocabularyOf(option: OptionText, examples: readonly CategoryExample[]): Vocabulary {
  const weights = new Map<string, number>();
  const concepts = new Map<string, string>();
  const add = (p: Phrase, w: number) => {
    if ((weights.get(p.key) ?? 0) >= w) return;
    weights.set(p.key, w);
    concepts.set(p.key, p.concept);
  };
  const label = `${option.text} ${/^[\d\s]*$/.test(option.value) ? '' : option.value.replace(/[_-]+/g, ' ')}`;
  const seen = { norm: normalise(label).replace(/\s+/g, ''), words: latinWords(label) };
  // A word of the label that is in a synonym group stands for the whole group's concept.
  const conceptOf = (key: string) => GROUPS.find((g) => g.some((p) => p.key === key))?.[0]?.concept ?? key;
  const own = new Set<string>();
  for (const p of ownWords(label, conceptOf)) {
    if (LABEL_FILLER.has(p.key)) continue;
    add(p, WEIGHT.label);
    own.add(p.concept);
  }
  for (const topic of SUPPORT_TOPICS) {
    if (!topic.names.some((n) => { const p = phrase(n); return !!p && occursIn(p, seen); })) continue;
    for (const head of topic.groups) for (const p of GROUP_BY_HEAD.get(head) ?? []) add(p, WEIGHT.topic);
    for (const n of topic.names) { const p = phrase(n, `t:${topic.names[0]}`); if (p) add(p, WEIGHT.topic); }
  }
  const mine = (c: string) => clean(c) === clean(option.value) || clean(c) === clean(option.text);
  for (const ex of examples) if (mine(ex.category)) for (const p of ownWords(ex.text, conceptOf)) add(p, WEIGHT.example);
  return { option, weights, concepts, own };
}

/** Longest first: the order mentions() claims text in. */
const longestFirst = (phrases: Iterable<Phrase>) => [...phrases].sort((a, b) => (b.han ? b.key.length : b.words.length * 3) - (a.han ? a.key.length : a.words.length * 3));

/**
 * A phrase found in a text; whether it is what the writer asks for ("请帮我退款", "I want a
 * refund"), or said in an aside ("另外发票抬头也开错了", "By the way, the invoice…").
 */
interface Mention {
  p: Phrase;
  asked: boolean;
  aside: boolean;
}

/**
 * What a customer asks for names the case more than what they report on the way: "扣了 198
 * 元 … 请帮我退款" is a refund, "charged twice, I want a refund" too. The words just before a
 * phrase that make it the request.
 */
const ASK_HAN = /(请|请您|帮我|帮忙|麻烦|要求|申请|我要|想要|希望|需要|能否|能不能|可以|如何|怎么|帮我把|请把|麻烦把)\s*$/u;
/** A sentence that takes the request back ("本来想申请退款，后来算了"; "I wanted a refund but never mind"). */
const TAKEN_BACK = /本来|原本|算了|不用|不需要|不要了|不必|never ?mind|no longer|not anymore|don't need|do not need|instead/i;
/** The sentence around [from, to) of a text, and where it starts. */
function sentenceAt(text: string, from: number, to: number): { start: number; text: string } {
  const start = Math.max(...['。', '！', '？', '!', '?', '\n', '. '].map((m) => text.lastIndexOf(m, from - 1))) + 1;
  const ends = ['。', '！', '？', '!', '?', '\n', '. '].map((m) => text.indexOf(m, to)).filter((x) => x >= 0);
  return { start, text: text.slice(start, ends.length ? Math.min(...ends) : text.length) };
}
const ASK_LATIN = new Set(['want', 'need', 'like', 'request', 'requesting', 'demand', 'please', 'get', 'issue', 'process', 'how']);
/** A mention the customer asks for counts this much more. */
const ASKED = 1.5;
/**
 * A sentence opened as an aside adds a second matter to the case, not the case: "没有声音。
 * 另外发票抬头也开错了，需要重新开" is a quality case with an invoice on the side. Its mentions
 * count half and are never the request. English only where the marker opens the
 * sentence ("Also," is common mid-sentence in the main complaint: "I also tried…").
 */
const ASIDE = 0.5;
const ASIDE_HAN = /(另外|此外|顺便|顺带|还有就是|还有一个|另有一事|题外话)/u;
const ASIDE_LATIN = /^\s*(also|additionally|separately|by the way|btw|p\.?s\.?|one more thing|on another note|unrelated)\b/i;
/** Whether a Chinese mention at `at` follows an aside marker in its sentence, or the sentence opens as one. */
const hanAside = (text: string, sentence: { start: number; text: string }, at: number) => ASIDE_HAN.test(text.slice(sentence.start, at)) || ASIDE_LATIN.test(sentence.text);

/** For each English word of a text (latinWords order), whether its sentence opens as an aside: one pass per text. */
function latinAsides(norm: string): boolean[] {
  const out: boolean[] = [];
  for (const sentence of norm.split(/(?<=[.!?。！？\n])\s*/u)) {
    const aside = ASIDE_LATIN.test(sentence);
    for (let n = latinWords(sentence).length; n > 0; n--) out.push(aside);
  }
  return out;
}

/** Every phrase found in a text, longest first, none overlapping another (`byLength` from longestFirst). */
function mentions(text: string, byLength: readonly Phrase[]): Mention[] {
  const norm = normalise(text);
  const words = latinWords(text);
  const takenHan = new Uint8Array(norm.length);
  const takenWord = new Uint8Array(words.length);
  const found: Mention[] = [];
  let asides: boolean[] | undefined;
  for (const p of byLength) {
    if (p.han) {
      for (let i = norm.indexOf(p.key); i !== -1; i = norm.indexOf(p.key, i + 1)) {
        if (takenHan.subarray(i, i + p.key.length).some((x) => x)) continue;
        takenHan.fill(1, i, i + p.key.length);
        const sentence = sentenceAt(norm, i, i + p.key.length);
        const aside = hanAside(norm, sentence, i);
        const asked = !aside && ASK_HAN.test(norm.slice(Math.max(0, i - 6), i)) && !TAKEN_BACK.test(sentence.text);
        found.push({ p, asked, aside });
      }
    } else {
      for (const i of runs(words, p.words)) {
        if (takenWord.subarray(i, i + p.words.length).some((x) => x)) continue;
        takenWord.fill(1, i, i + p.words.length);
        // "want a refund", "request for a refund", "please refund": up to two words back, past an article or "for".
        const before = words.slice(Math.max(0, i - 3), i).filter((w) => !/^(a|an|the|for|my|to|me)$/.test(w));
        const aside = (asides ??= latinAsides(norm))[i] ?? false;
        found.push({ p, asked: !aside && ASK_LATIN.has(before[before.length - 1] ?? '') && !TAKEN_BACK.test(norm), aside });
      }
    }
  }
  return found;
}

export interface ScoreOptions {
  examples?: readonly CategoryExample[];
}

/** Every option scored against the conversation, best first (placeholders and "other" score 0). */
export function scoreOptions(options: readonly OptionText[], texts: readonly WeightedText[], opts: ScoreOptions = {}): CategoryScore[] {
  const scored = options.filter((o) => !isPlaceholder(o) && !isOtherOption(o));
  const vocab = scored.map((o) => vocabularyOf(o, opts.examples ?? []));
  // Every phrase any option or the lexicon knows: the longest match wins across all of them.
  const all = new Map<string, Phrase>();
  for (const g of GROUPS) for (const p of g) all.set(p.key, p);
  for (const v of vocab) for (const key of v.weights.keys()) if (!all.has(key)) all.set(key, { ...phrase(key)!, key });
  const shared = new Map<string, number>();
  for (const v of vocab) for (const key of v.weights.keys()) shared.set(key, (shared.get(key) ?? 0) + 1);
  const n = Math.max(vocab.length, 1);
  const specificity = (key: string) => Math.log(1 + n / (shared.get(key) ?? n)) / Math.log(1 + n);
  const ordered = longestFirst(all.values());
  const said = texts.map((t) => ({ weight: t.weight, found: mentions(t.text, ordered) }));
  const byOption = new Map<OptionText, CategoryScore>();
  const ownHits = new Map<OptionText, number>();
  for (const v of vocab) {
    const perConcept = new Map<string, number[]>();
    const why = new Map<string, number>();
    for (const t of said) {
      for (const { p, asked, aside } of t.found) {
        const w = v.weights.get(p.key);
        if (!w) continue;
        const s = t.weight * w * specificity(p.key) * (asked ? ASKED : aside ? ASIDE : 1);
        const c = v.concepts.get(p.key) ?? p.key;
        (perConcept.get(c) ?? perConcept.set(c, []).get(c)!).push(s);
        why.set(p.key, Math.max(why.get(p.key) ?? 0, s));
      }
    }
    let score = 0;
    for (const list of perConcept.values()) {
      const [top = 0, ...rest] = list.sort((a, b) => b - a);
      score += Math.min(top * REPEAT_CAP, top + REPEAT * rest.reduce((a, b) => a + b, 0));
    }
    const matched = [...why].sort((a, b) => b[1] - a[1]).map(([k]) => k).slice(0, 6);
    byOption.set(v.option, { label: v.option.text, value: v.option.value, score: Math.round(score * 100) / 100, matched });
    ownHits.set(v.option, [...perConcept.keys()].filter((c) => v.own.has(c)).length);
  }
  // A tie goes to the option whose own label says what was said ("Return / exchange" over a
  // "Refund" that only shares the returns topic with it).
  return options
    .map((o) => ({ s: byOption.get(o) ?? { label: o.text, value: o.value, score: 0, matched: [] }, own: ownHits.get(o) ?? 0 }))
    .sort((a, b) => b.s.score - a.s.score || b.own - a.own)
    .map((x) => x.s);
}

/** The option to select: the best above the floor, else "other" when the form has it, else none. */
export function pickCategory(options: readonly OptionText[], texts: readonly WeightedText[], opts: ScoreOptions = {}): CategoryPick {
  const scores = scoreOptions(options, texts, opts);
  const [best, second] = scores;
  if (best && best.score >= FLOOR) return { choice: best, runnerUp: second && second.score > 0 ? second : null, scores, reason: 'matched' };
  const other = options.find(isOtherOption);
  const otherScore = other ? (scores.find((s) => s.value === other.value && s.label === other.text) ?? null) : null;
  return { choice: otherScore, runnerUp: best && best.score > 0 ? best : null, scores, reason: otherScore ? 'other' : 'nothing' };
}

export type Confidence = 'high' | 'medium' | 'low';

/**
 * How sure the choice is, in the words an agent uses instead of a score (issue 23 item 5):
 * high when the conversation clearly says it (twice the floor, and the runner-up at most half
 * as strong), low when it is "other" or barely over the floor with a close runner-up, medium
 * between. A model's choice among close options is medium: it was not the words alone.
 */
export function confidenceOf(choice: { score: number } | null, runnerUp: { score: number } | null, reason: string): Confidence {
  if (!choice || reason === 'other' || reason === 'nothing') return 'low';
  if (reason === 'model') return 'medium';
  const second = runnerUp?.score ?? 0;
  if (choice.score >= 2 * FLOOR && second <= choice.score / 2) return 'high';
  if (second >= choice.score * 0.8) return 'low';
  return 'medium';
}
