/**
 * A knowledge-base page by its address: helpdesks put their articles under a handful of
 * conventional paths (osTicket `/kb/`, Zendesk `/hc/`, Freshdesk `/solutions/`, most others
 * `knowledge-base`, `articles`, `faq`, `help`). Used to name the page when an agent presses a
 * conversation key there: "this is a knowledge-base page", not "the reply box is empty".
 */
const KB_SEGMENT = /^(kb|hc|faqs?|help|helpcenter|help-center|knowledge|knowledgebase|knowledge-base|knowledge_base|articles?|solutions|wiki|docs)$/i;

export function looksLikeKbAddress(loc: Pick<Location, 'pathname' | 'search'>): boolean {
  const segments = loc.pathname.split('/').filter(Boolean).map((s) => s.replace(/\.(php|aspx?|html?)$/i, ''));
  return segments.some((s) => KB_SEGMENT.test(s));
}
