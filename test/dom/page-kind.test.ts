/** A knowledge-base page by its address, as helpdesks lay them out. */
import { describe, expect, it } from 'vitest';
import { looksLikeKbAddress } from '../../src/dom/page-kind.ts';

const at = (href: string) => looksLikeKbAddress(new URL(href));

describe('looksLikeKbAddress', () => {
  it('knows the usual KB paths', () => {
    for (const href of ['https://d.example/kb/KB-102', 'https://d.example/scp/kb.php?id=3', 'https://x.zendesk.com/hc/en-us/articles/360001', 'https://x.freshdesk.com/support/solutions/articles/5', 'https://d.example/knowledge-base/refunds', 'https://d.example/faq']) expect(at(href), href).toBe(true);
  });
  it('leaves conversations, tickets and lists alone', () => {
    for (const href of ['https://d.example/conversation/5', 'https://d.example/scp/tickets.php?id=2', 'https://d.example/agent/tickets/5', 'https://d.example/mailbox/1?folder=2', 'https://d.example/kbd/5', 'https://d.example/?q=kb']) expect(at(href), href).toBe(false);
  });
});
