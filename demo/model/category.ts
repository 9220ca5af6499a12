/**
 * category.match's model request (src/catalog/category-model.ts), answered as a model that
 * knows a few things the support lexicon does not would answer: spilled juice is a product
 * fault, a gift is for sales. Deterministic, like the rest of this server. `category-junk`
 * answers in a sentence no option matches, as a chatty model does; `category-slow` answers
 * right, after 10 s (longer than category.match waits).
 */
interface Body {
  model?: string;
  tools?: unknown[];
  messages?: { role: string; content?: string | null }[];
}

export const CATEGORY_MODELS = ['files-categories', 'category-junk', 'category-slow'];
/** Models that also answer category requests (the demo's own). */
const ALSO = ['demo-assistant', 'kb-cites'];

export const isCategoryRequest = (body: Body) => !body.tools?.length && /You file support conversations/.test(body.messages?.[0]?.content ?? '') && [...CATEGORY_MODELS, ...ALSO].includes(body.model ?? '');

/** What a conversation says, and the category words it means. */
const KNOWS: { says: RegExp; means: RegExp }[] = [
  { says: /juice|spill|spilt|water got|coffee|rain|进水|泡水|洒了|泼/i, means: /quality|defect|fault|质量|故障/i },
  { says: /gift|present|for my (?:mum|mom|dad|wife|husband)|送人|礼物/i, means: /sales|pre-?sales|售前|销售/i },
  { says: /charged (?:me )?twice|double charge|扣了两次|重复扣/i, means: /payment|billing|refund|支付|退款/i },
];

/** The answer, and how long it takes (this server's `delayMs`: ×20 without streaming). */
export function categoryReply(body: Body): { text: string; delayMs?: number } {
  return { text: categoryAnswer(body), ...(body.model === 'category-slow' ? { delayMs: 500 } : {}) };
}

function categoryAnswer(body: Body): string {
  if (body.model === 'category-junk') return 'Hmm, this sounds like it could be several things, honestly.';
  const user = body.messages?.find((m) => m.role === 'user')?.content ?? '';
  const options = [...user.matchAll(/^- ([^:\n]+): (.+)$/gm)].map((m) => ({ id: m[1]!.trim(), label: m[2]!.trim() }));
  const said = /<<data:[^>]+>>\n([\s\S]*)\n<<\/data:[^>]+>>/.exec(user)?.[1] ?? '';
  const customer = said.split('\n').filter((l) => l.startsWith('customer:')).join('\n');
  for (const k of KNOWS) {
    if (!k.says.test(customer)) continue;
    const o = options.find((x) => k.means.test(x.id) || k.means.test(x.label));
    if (o) return o.id;
  }
  return options.find((x) => /^other$|其他|其它/i.test(x.id) || /^other$|其他|其它/i.test(x.label))?.id ?? 'NONE';
}
