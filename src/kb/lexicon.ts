/**
 * The support domain's words for the same thing, in Chinese and English: what an agent or a
 * customer types ("退钱", "money back", "我要销户") next to what a help centre writes ("退款",
 * "refund", "注销账号"). A query that says one finds articles that say another, and an
 * article that exists in one language only is still found from the other (ranked below
 * same-language hits: bm25.ts weighs a cross-language expansion less).
 *
 * Hand-written: it is the product's domain knowledge (refunds, deliveries, invoices,
 * accounts, payments), which no library has for zh + en support. Admins add their own
 * groups per knowledge source (`synonyms` in its config); they are merged with these.
 * Each group is a set of phrases; a phrase is matched as a whole (English by its stemmed
 * words in order, Chinese as characters in the text) and brings in every other phrase.
 */
import { analyse, isHan, normalise, type QueryToken } from './tokenize.ts';

export const SUPPORT_SYNONYMS: readonly (readonly string[])[] = [
  ['退款', '退钱', '退费', '返款', '钱退回', '把钱退', '钱还没退', '钱没退', 'refund', 'refunds', 'refunded', 'money back', 'reimburse', 'reimbursement', 'pay back', 'paid back', '没到账', '到账', '还给我', '退给我', '多久能到账', '多久到账', '什么时候到账', '几天到账'],
  ['退货', '退回商品', '寄回', '退换', '无理由退', 'return', 'returns', 'returned', 'returning', 'send back', 'send it back', 'ship back'],
  ['换货', '调换', '换尺码', '换码', '换大', '换小', '尺码不合适', '不合身', 'exchange', 'swap', 'wrong size', 'different size', 'too small', 'too big', 'too large', "doesn't fit", 'does not fit'],
  ['尺码', '码数', '大小', 'size', 'sizes', 'sizing'],
  ['发票', '开票', '开发票', '票据', '收据', '报销凭证', '电子发票', 'invoice', 'invoices', 'receipt', 'tax invoice', 'bill'],
  ['专票', '增值税专用发票', '专用发票', 'vat invoice', 'special vat invoice'],
  ['普票', '普通发票', '增值税普通发票'],
  ['换开', '重开', '重新开', '开错', '抬头错', '红冲', 'correct the invoice', 'invoice correction', 'amend', 'reissue', 're-issue', 'wrong details'],
  ['抬头', '发票抬头', '公司名称', 'company name', 'billing name'],
  ['税号', '纳税人识别号', 'tax id', 'tax number', 'vat number'],
  ['物流', '快递', '配送', '送货', '运输', '派送', 'shipping', 'delivery', 'shipment', 'courier', 'carrier', 'transit', '承运商', '承运人', '快递员', '快递小哥', '司机', 'driver', 'delivery driver', 'postman', 'mailman'],
  ['包裹', '快件', '货物', 'parcel', 'package', 'packet'],
  ['发货', '出库', 'dispatch', 'dispatched', 'ship', 'shipped', '寄出', '发出', '还没发货', '没发货', '未发货', 'sent out', 'not sent', "hasn't shipped", 'not shipped', 'processing'],
  ['物流单号', '运单号', '快递单号', '单号', 'tracking number', 'tracking'],
  ['延迟', '延误', '迟迟', '还没到', '没到', '晚到', '太慢', '很慢', '多久能到', '什么时候到', '催', 'late', 'delayed', 'delay', 'slow', 'overdue', 'not arrived', 'not here yet', 'still waiting', 'taking forever', 'where is my order'],
  ['丢件', '丢失', '丢了', '寄丢', '没收到', '未收到', '收不到货', '显示签收', '被偷', 'lost', 'missing', 'not received', 'never arrived', 'never came', 'never got', 'shows delivered', 'marked as delivered', 'stolen', 'says delivered', 'said delivered', 'delivered but', 'nothing here', 'not there'],
  // Damage the carrier did: a delivery claim in most helpdesks' taxonomies, apart from a faulty product.
  ['运输损坏', '运输途中损坏', '运输中损坏', '到货破损', '到货损坏', '收到就是坏的', '快递压坏', '被快递摔坏', '外包装破损', '包装破损', 'arrived damaged', 'damaged in transit', 'damaged in shipping', 'damaged during shipping', 'damaged during delivery', 'damaged in the post', 'arrived broken', 'arrived cracked', 'arrived smashed', 'transit damage', 'shipping damage'],
  ['破损', '损坏', '摔坏', '压坏', '碎了', '裂了', '裂开', '破了', '瑕疵', 'damaged', 'damage', 'broken', 'broke', 'cracked', 'smashed', 'shattered', 'dented', 'crushed', 'scratched'],
  ['故障', '坏了', '不工作', '不能用', '用不了', '没反应', '失灵', '冒烟', '开不了机', '开不开机', '死机', '质量问题', '重启', '重启过', '重新启动', '恢复出厂', '转圈', '原地转圈', 'restart', 'restarted', 'reboot', 'rebooted', 'factory reset', 'keeps spinning', '报错', '闪退', '崩溃', '打不开', '点了没反应', 'does nothing', 'nothing happens', 'bug', 'crash', 'crashes', 'crashed', 'freezes', 'frozen', 'defective', 'defect', 'faulty', 'fault', 'not working', 'stopped working', "doesn't work", 'does not work', "won't turn on", 'dead', 'malfunction', '闪屏', '屏幕闪', '一直在闪', '花屏', '亮点', '坏点', '黑屏', '没声音', '没有声音', '无声', '杂音', '断断续续', '充不进电', '充不了电', '过热', '发烫', '烧焦', '烧了', 'flicker', 'flickering', 'dead pixel', 'dead pixels', 'cutting out', 'cuts out', 'keeps dropping', 'crackle', 'crackles', 'crackling', 'static', 'goes silent', 'no sound', "won't charge", 'not charging', 'overheating', 'overheats', 'melting', 'melted', 'burnt', 'burning smell', 'smoke', 'smoking', 'sparks'],
  ['保修', '质保', '维修', '修理', '售后', 'warranty', 'guarantee', 'repair', 'fix'],
  ['密码', '忘记密码', '重置密码', '找回密码', '改密码', '修改密码', 'password', 'passcode', 'forgot password', 'reset password'],
  ['登录', '登陆', '登不上', '登录不了', '无法登录', '进不去', '上不去', 'login', 'log in', 'sign in', 'signin', "can't log in", 'locked out'],
  ['两步验证', '二次验证', '双重验证', '双因素', '身份验证器', '验证器', '动态码', 'two-factor', 'two factor', '2fa', 'two-step', 'two step', 'authenticator', 'mfa'],
  ['验证码', '短信验证码', '校验码', 'verification code', 'security code', 'otp', 'one-time code'],
  ['短信', 'sms', 'text message', 'texts'],
  ['手机号', '手机号码', '电话号码', '绑定手机', '换手机', 'phone number', 'mobile number', 'cell number', 'new phone'],
  ['邮箱', '电子邮件', '邮件地址', '邮箱地址', 'email', 'e-mail', 'email address', 'mail'],
  ['注销', '销户', '注销账号', '注销账户', '删除账号', '删除账户', '删号', '关闭账户', '关闭账号', 'close account', 'close my account', 'delete account', 'delete my account', 'deactivate', 'remove my account', 'cancel my account'],
  ['账号', '账户', '帐号', '帐户', 'account', 'profile'],
  ['订阅', '会员', '续费', '自动续费', '包月', '包年', '套餐', 'subscription', 'membership', 'plan', 'renewal', 'renew', 'auto-renew', 'auto renew', 'recurring'],
  ['取消', '退订', '不想续', '关闭自动续费', 'cancel', 'cancellation', 'unsubscribe', 'stop renewing'],
  ['扣款', '扣费', '扣钱', '收费', '扣了', 'charge', 'charged', 'billed', 'debited', 'taken from my card'],
  ['重复扣款', '扣了两次', '多扣', '重复收费', '扣两次', 'double charge', 'double charged', 'charged twice', 'duplicate charge', 'two charges'],
  ['支付失败', '付款失败', '付不了', '无法支付', '支付不了', '被拒', '付款不成功', 'payment declined', 'declined', 'payment failed', 'card rejected', "can't pay", 'cannot pay', 'card declined'],
  ['支付', '付款', '付钱', '银行卡', '信用卡', 'payment', 'pay', 'card', 'credit card', 'debit card', '银行账户', '银行账号', '对公转账', 'bank account', 'bank transfer', 'wire transfer'],
  ['优惠券', '兑换码', '礼品卡', '折扣码', '优惠码', '券', '红包', '满减', '折扣', 'coupon', 'promo code', 'discount code', 'voucher', 'discount', 'promo'],
  ['改地址', '修改地址', '收货地址', '地址写错', '换地址', '地址错了', 'change address', 'shipping address', 'delivery address', 'wrong address', 'update address', 'new address'],
  ['导出', '下载数据', '数据导出', '备份', '个人数据', '我的数据', 'export', 'download my data', 'data export', 'backup', 'gdpr', 'personal data', 'copy of my data'],
  ['价保', '价格保护', '降价', '差价', '补差价', '买贵了', 'price protection', 'price drop', 'price match', 'price adjustment', 'cheaper now'],
  ['订单', '单子', 'order', 'orders', 'purchase'],
  // Buying in bulk for a company is a sales question: its 账户 / "account" is a business one.
  ['批发', '批量采购', '企业采购', '企业账户', '公司账户', '对公账户', '商务合作', 'wholesale', 'bulk order', 'bulk purchase', 'business account', 'corporate account', 'reseller', 'b2b'],
  // Asking to be called back: its "return" is not a returned item.
  ['回电', '回电话', '打回来', '回个电话', 'call back', 'callback', 'return my call', 'call me back', 'phone me back'],
  // Logging out is something the customer did, not a login problem: the longer phrase keeps
  // 登录 / "log in" inside it from speaking for the account topic (category-score.ts).
  ['退出登录', '登出', '退出账号', 'log out', 'logout', 'logged out', 'sign out', 'signed out'],
  // Who asks for an invoice in a company; "accounting" is not the customer's account.
  ['财务', '财务部', '会计', 'accounting', 'accounts payable', 'accounts department', 'finance department', 'bookkeeping', 'bookkeeper'],
];

/**
 * What a ticket category can be about, named by the words a category's label uses, and the
 * synonym groups (by their first phrase) that speak of it. category.match (category-score.ts)
 * gives a category the vocabulary of every topic its label names: "物流配送" or "Shipping &
 * delivery" gets delays, lost parcels, tracking numbers and address changes. A label that
 * names no topic is matched by its own words (and the console's earlier tickets).
 */
export interface Topic {
  /** Words a category label uses for the topic (zh + en). */
  names: readonly string[];
  /** Heads (first phrase) of the SUPPORT_SYNONYMS groups that belong to it. */
  groups: readonly string[];
}

export const SUPPORT_TOPICS: readonly Topic[] = [
  { names: ['物流', '配送', '快递', '运输', '发货', '送货', 'shipping', 'delivery', 'deliveries', 'logistics', 'shipment', 'courier'], groups: ['物流', '包裹', '发货', '物流单号', '延迟', '丢件', '改地址', '运输损坏'] },
  { names: ['退款', '退货', '退换', '换货', '售后', 'refund', 'refunds', 'return', 'returns', 'exchange', 'exchanges'], groups: ['退款', '退货', '换货', '价保'] },
  { names: ['发票', '开票', '票据', 'invoice', 'invoices', 'invoicing', 'receipt', 'receipts'], groups: ['发票', '专票', '普票', '换开', '抬头', '税号', '财务'] },
  { names: ['账户', '账号', '帐户', '帐号', '登录', '登陆', '密码', '安全', 'account', 'accounts', 'login', 'log in', 'sign in', 'password', 'security'], groups: ['账号', '密码', '登录', '两步验证', '验证码', '短信', '手机号', '邮箱', '注销'] },
  { names: ['质量', '故障', '维修', '保修', '技术', '产品问题', 'quality', 'defect', 'defects', 'fault', 'repair', 'warranty', 'technical', 'tech support'], groups: ['故障', '破损', '保修'] },
  { names: ['支付', '付款', '扣款', '账单', '计费', '账务', 'payment', 'payments', 'billing', 'charge', 'charges'], groups: ['扣款', '重复扣款', '支付失败', '支付', '优惠券'] },
  { names: ['订阅', '会员', '续费', 'subscription', 'subscriptions', 'membership', 'plan', 'plans'], groups: ['订阅', '取消'] },
  { names: ['销售', '售前', '商务', '采购', '批发', 'sales', 'pre-sales', 'presales', 'wholesale', 'business', 'partnership'], groups: ['批发'] },
  { names: ['隐私', '数据', 'privacy', 'data', 'gdpr'], groups: ['导出'] },
];

/** A phrase as it is matched: its query tokens (English) or its characters (Chinese). */
interface Phrase {
  text: string;
  han: boolean;
  tokens: readonly string[];
}

export interface Expansion {
  /** The index terms of another phrase of the group. */
  terms: readonly string[];
  /** Whether that phrase is in the other language (Chinese for an English query, or back). */
  crossLanguage: boolean;
  /** The query's own terms the matched phrase covers (they stand for one idea together). */
  covers: readonly string[];
}

const compiled = new WeakMap<readonly (readonly string[])[], Phrase[][]>();
/**
 * An admin's groups arrive as a new array with every settings read (the worker reads settings
 * per message), so they are also kept by their text: the last few tables, not one per search.
 */
const byText = new Map<string, Phrase[][]>();
const TABLES_KEPT = 8;

function compile(groups: readonly (readonly string[])[]): Phrase[][] {
  let c = compiled.get(groups);
  if (c) return c;
  const key = JSON.stringify(groups);
  c = byText.get(key);
  if (!c) {
    c = groups.map((g) => g.map((text) => ({ text: normalise(text), han: isHan(text), tokens: analyse(text).map((t) => t.term) })).filter((p) => p.han || p.tokens.length));
    if (byText.size >= TABLES_KEPT) byText.delete(byText.keys().next().value!);
    byText.set(key, c);
  }
  compiled.set(groups, c);
  return c;
}

/** Start positions where `needle` occurs in `hay` as consecutive items. */
export function runs(hay: readonly string[], needle: readonly string[]): number[] {
  const out: number[] = [];
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    out.push(i);
  }
  return out;
}

const hasRun = (hay: readonly string[], needle: readonly string[]) => runs(hay, needle).length > 0;

/** The query terms a matched phrase stands in for. */
function covered(p: Phrase, tokens: readonly QueryToken[]): string[] {
  if (!p.han) return [...p.tokens];
  return tokens.filter((t) => isHan(t.term) && p.text.includes(t.term)).map((t) => t.term);
}

/**
 * Every group a phrase of which is in the query, as the other phrases' terms. `latin` is the
 * query's English terms in order (stop words already gone, stems as the index has them).
 */
export function expand(query: string, tokens: readonly QueryToken[], extra: readonly (readonly string[])[] = []): Expansion[] {
  const norm = normalise(query);
  const latin = tokens.filter((t) => t.kind === 'latin').map((t) => t.term);
  const out: Expansion[] = [];
  for (const group of [...compile(SUPPORT_SYNONYMS), ...compile(extra)]) {
    const hit = group.find((p) => (p.han ? norm.includes(p.text) : p.tokens.length > 0 && hasRun(latin, p.tokens)));
    if (!hit) continue;
    const covers = covered(hit, tokens);
    for (const p of group) {
      // A longer phrase with the hit inside ("电子发票" for 发票, "tax invoice" for invoice)
      // adds only its modifier: no synonym in that.
      if (p === hit || (p.han === hit.han && (p.han ? p.text.includes(hit.text) : hasRun(p.tokens, hit.tokens)))) continue;
      // Chinese by its words and bigrams: a single character of a phrase (送 of 送货) is not the phrase.
      const terms = p.han ? analyse(p.text).filter((t) => t.kind !== 'single' || p.text.length === 1).map((t) => t.term) : p.tokens;
      if (terms.length) out.push({ terms, crossLanguage: p.han !== hit.han, covers });
    }
  }
  return out;
}

interface Found {
  start: number;
  end: number;
  head: string;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where `phrase` is in `text`: Chinese anywhere, other words whole ("ship" is not in "shipping"). */
function* places(text: string, phrase: string): Generator<[number, number]> {
  const re = isHan(phrase) ? new RegExp(escapeRe(phrase), 'giu') : new RegExp(`(?<![\\p{L}\\p{N}])${escapeRe(phrase)}(?![\\p{L}\\p{N}])`, 'giu');
  for (const m of text.matchAll(re)) yield [m.index, m.index + m[0].length];
}

/**
 * The query in each matched group's first phrase of the same script ("我想退钱" → "我想退款",
 * "money back" → "refund"), for a console's own search that found nothing in the customer's
 * words: its engine knows no synonyms. The admin's groups come first, so their words win; the
 * longest phrase wins where two overlap. Null when nothing would change.
 */
export function rephrase(query: string, extra: readonly (readonly string[])[] = []): string | null {
  const found: Found[] = [];
  for (const group of [...extra, ...SUPPORT_SYNONYMS]) {
    const han = group.find((p) => isHan(p));
    const latin = group.find((p) => !isHan(p));
    for (const phrase of group) {
      const head = isHan(phrase) ? han! : latin!;
      if (head === phrase || head.toLowerCase().includes(phrase.toLowerCase())) continue;
      for (const [start, end] of places(query, phrase)) found.push({ start, end, head });
    }
  }
  // Longest first, then earliest, then the earlier group (admin's): each stretch replaced once.
  const chosen: Found[] = [];
  for (const f of found.map((f, i) => ({ f, i })).sort((a, b) => b.f.end - b.f.start - (a.f.end - a.f.start) || a.f.start - b.f.start || a.i - b.i)) {
    if (!chosen.some((c) => f.f.start < c.end && c.start < f.f.end)) chosen.push(f.f);
  }
  if (!chosen.length) return null;
  let out = query;
  for (const c of chosen.sort((a, b) => b.start - a.start)) out = out.slice(0, c.start) + c.head + out.slice(c.end);
  return out === query ? null : out;
}
