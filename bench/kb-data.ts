/**
 * Deterministic synthetic help-centre articles for the KB benchmarks: half Chinese, half
 * English, titles of 3-6 topic phrases, bodies of ~300 characters (zh) / ~70 words (en),
 * with a query set drawn from the same vocabulary (a few with typos).
 */
export interface BenchArticle {
  id: string;
  title: string;
  body: string;
}

const ZH = [
  '发票', '抬头', '税号', '退款', '退货', '换货', '物流', '快递', '包裹', '延迟', '签收', '地址', '修改', '取消', '订单',
  '优惠券', '会员', '积分', '等级', '权益', '验证码', '短信', '登录', '密码', '账户', '注销', '绑定', '手机号', '邮箱',
  '蓝牙', '耳机', '充电', '电池', '屏幕', '保修', '维修', '售后', '质量', '破损', '补发', '运费', '支付', '分期',
  '银行卡', '余额', '提现', '审核', '工作日', '客服', '投诉', '建议', '预约', '安装', '说明书', '配件', '尺码',
];
const ZH_GLUE = ['如何', '怎么', '为什么', '可以', '需要', '无法', '申请', '查询', '处理', '办理', '注意事项', '常见问题'];
const EN = [
  'invoice', 'billing', 'tax', 'refund', 'return', 'exchange', 'shipping', 'delivery', 'package', 'delayed', 'address',
  'change', 'cancel', 'order', 'coupon', 'membership', 'points', 'level', 'benefits', 'verification', 'code', 'login',
  'password', 'account', 'delete', 'phone', 'email', 'bluetooth', 'earbuds', 'charging', 'battery', 'screen', 'warranty',
  'repair', 'service', 'quality', 'damaged', 'reship', 'payment', 'installments', 'card', 'balance', 'withdrawal',
  'review', 'business', 'days', 'complaint', 'appointment', 'installation', 'manual', 'accessories', 'size', 'policy',
];
const EN_GLUE = ['how to', 'why', 'can I', 'what if', 'when', 'request', 'check', 'update', 'fix', 'about'];

/** mulberry32: a tiny seeded PRNG, so every run indexes the same text. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;


/** 500 common Han characters: the pool random Chinese words are made of. */
const HAN_POOL =
  '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经' +
  '十三之进着等部度家电力里如水化高自二理起小物现实加量都两体制机当使点从业本去把性好应开它合还因由其些然前外天政四日那社义事平形' +
  '相全表间样与关各重新线内数正心反你明看原又么利比或但质气第向道命此变条只没结解问意建月公无系军很情者最立代想已通并提直题党程展' +
  '五果料象员革位入常文总次品式活设及管特件长求老头基资边流路级少图山统接知较将组见计别她手角期根论运农指几九区强放决西被干做必战' +
  '先回则任取据处队南给色光门即保治北造百规热领七海口东导器压志世金增争济阶油思术极交受联什认六共权收证改清美再采转更单风切打白教' +
  '速花带安场身车例真务具万每目至达走积示议声报斗完类八离华名确才科张信马节话米整空元况今集温传土许步群广石记需段研界拉林律叫且究' +
  '观越织装影算低持音众书布复容儿须际商非验连断深难近矿千周委素技备半办青省列习响约支般史感劳便团往酸历市克何除消构府称太准精值号' +
  '率族维划选标写存候毛亲快效斯院查江型眼王按格养易置派层片始却专状育厂京识适属圆包火住调满县局照参红细引听该铁价严龙飞';
const SYLLABLES = ['ka', 'lo', 'mi', 'ren', 'tas', 'vo', 'pel', 'dri', 'sun', 'bar', 'cel', 'fin', 'gor', 'hul', 'jet', 'kin', 'lam', 'nor', 'pra', 'quen', 'sil', 'tor', 'ul', 'ven', 'wex', 'zed', 'mon', 'ster', 'ply', 'char'];

/** Zipf-distributed picks (rank r weighs 1/r^1.07), as words are in real text. */
function zipf<T>(r: () => number, xs: readonly T[]): () => T {
  const cum: number[] = [];
  let total = 0;
  xs.forEach((_, i) => cum.push((total += 1 / (i + 1) ** 1.07)));
  return () => {
    const x = r() * total;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return xs[lo]!;
  };
}

function vocabularies(r: () => number): { zh: string[]; en: string[] } {
  const zh = new Set<string>(ZH);
  while (zh.size < 4_000) {
    const len = r() < 0.7 ? 2 : r() < 0.67 ? 3 : 4;
    zh.add(Array.from({ length: len }, () => pick(r, [...HAN_POOL])).join(''));
  }
  const en = new Set<string>(EN);
  while (en.size < 6_000) en.add(Array.from({ length: 2 + Math.floor(r() * 2) }, () => pick(r, SYLLABLES)).join(''));
  // Topic words first: they are the frequent ones.
  return { zh: [...zh], en: [...en] };
}

export function makeArticles(n: number, seed = 42): BenchArticle[] {
  const r = rng(seed);
  const v = vocabularies(rng(1));
  const word = { zh: zipf(r, v.zh), en: zipf(r, v.en) };
  const out: BenchArticle[] = [];
  for (let i = 0; i < n; i++) {
    const zh = i % 2 === 0;
    const w = zh ? word.zh : word.en;
    const glue = zh ? ZH_GLUE : EN_GLUE;
    const sep = zh ? '' : ' ';
    const title = [pick(r, glue), ...Array.from({ length: 2 + Math.floor(r() * 3) }, w)].join(sep);
    const sentences = Array.from({ length: zh ? 10 : 8 }, () => [pick(r, glue), ...Array.from({ length: 4 + Math.floor(r() * 5) }, w)].join(sep) + (zh ? '。' : '.'));
    out.push({ id: `A-${i}`, title: zh ? title : title[0]!.toUpperCase() + title.slice(1), body: sentences.join(sep) });
  }
  return out;
}

/** Queries of two or three words an agent might type, a quarter of them with a typo. */
export function makeQueries(n: number, seed = 7): string[] {
  const r = rng(seed);
  const v = vocabularies(rng(1));
  const word = { zh: zipf(r, v.zh), en: zipf(r, v.en) };
  return Array.from({ length: n }, (_, i) => {
    if (i % 4 === 0) return `${word.zh()}${word.zh()}`;
    if (i % 4 === 1) return `${word.en()} ${word.en()}`;
    if (i % 4 === 2) return `${pick(r, ZH_GLUE)}${pick(r, ZH)}${word.zh()}`;
    const long = v.en.slice(0, 400).filter((x) => x.length > 5);
    const t = pick(r, long);
    const at = 1 + Math.floor(r() * (t.length - 2));
    return `${word.en()} ${t.slice(0, at)}${t.slice(at + 1)}`;
  });
}
