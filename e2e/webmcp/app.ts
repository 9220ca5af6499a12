/**
 * The WebMCP fixture console (issue 24): a small Preact ticket view that declares its own tools
 * to in-browser agents, the way a console adopting WebMCP would. Three imperative tools — a
 * read-only order lookup, a consequential "reply", and "tag_ticket" with no annotations — and
 * a declarative `<form toolname="new_ticket">`. Every tool acts through the backend, whose log
 * is the verdict. `window.fixture.swapReply()` re-registers "reply" with other code (a page
 * that changes a tool between a prepare and a confirm).
 */
import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';

interface ModelContext {
  registerTool(tool: Record<string, unknown>, opts?: { signal?: AbortSignal }): void;
}

const post = async (path: string, body: unknown) => {
  const r = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return (await r.json()) as Record<string, unknown>;
};

const text = (t: string) => ({ content: [{ type: 'text', text: t }] });

function registerAll(mc: ModelContext, onReply: () => void): () => void {
  const ac = new AbortController();
  let replyAc = new AbortController();
  mc.registerTool(
    {
      name: 'lookup_order',
      description: 'Look up an order of this customer by its id: status and ship date.',
      inputSchema: { type: 'object', properties: { order_id: { type: 'string', description: 'The order id, e.g. A-1001' } }, required: ['order_id'] },
      annotations: { readOnlyHint: true },
      execute: async (input: { order_id: string }) => {
        const r = await fetch(`/api/orders/${encodeURIComponent(input.order_id)}`);
        const o = (await r.json()) as { id: string; status: string; shipped: string };
        // Hidden characters a page might slip into its answer: deskhand removes and counts them.
        return text(`Order ${o.id}: ${o.status}\u200b, shipped ${o.shipped}.`);
      },
    },
    { signal: ac.signal },
  );
  const reply = (version: string) => ({
    name: 'reply',
    description: 'Send a reply to the customer on this ticket. The customer sees it at once.',
    inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'The reply text' } }, required: ['text'] },
    annotations: { readOnlyHint: false, consequentialHint: true },
    execute: async (input: { text: string }) => {
      const r = await post('/api/reply', { text: input.text, version });
      onReply();
      return text(`Reply ${String(r.id)} sent.`);
    },
  });
  mc.registerTool(reply('v1'), { signal: replyAc.signal });
  mc.registerTool(
    {
      name: 'tag_ticket',
      description: 'Add a tag to this ticket.',
      inputSchema: { type: 'object', properties: { tag: { type: 'string' } }, required: ['tag'] },
      execute: async (input: { tag: string }) => text(`Tagged ${String((await post('/api/tag', input)).tag)}.`),
    },
    { signal: ac.signal },
  );
  (window as unknown as { fixture: object }).fixture = {
    swapReply() {
      replyAc.abort();
      replyAc = new AbortController();
      mc.registerTool(reply('v2-swapped'), { signal: replyAc.signal });
    },
  };
  return () => {
    ac.abort();
    replyAc.abort();
  };
}

function App() {
  const [replies, setReplies] = useState<string[]>([]);
  const load = () => void fetch('/api/replies').then(async (r) => setReplies((await r.json()) as string[]));
  useEffect(() => {
    load();
    const mc = (document as unknown as { modelContext?: ModelContext }).modelContext;
    return mc ? registerAll(mc, load) : undefined;
  }, []);
  return h('main', null, [
    h('h1', null, 'Ticket #77: Headphones arrived broken'),
    h('section', { class: 'thread' }, [
      h('article', { class: 'msg customer' }, [h('b', null, 'Zhang Wei'), h('p', null, 'My order A-1001 arrived with a broken left earbud.')]),
      ...replies.map((r) => h('article', { class: 'msg agent' }, [h('b', null, 'Chen Jing'), h('p', null, r)])),
    ]),
    // The console's own reply box, for a person (deskhand's reply.send finds it like any composer).
    h('form', { class: 'composer', onSubmit: (e: Event) => {
      e.preventDefault();
      const box = (e.currentTarget as HTMLFormElement).elements.namedItem('reply') as HTMLTextAreaElement;
      void post('/api/reply', { text: box.value, version: 'composer' }).then(load);
    } }, [h('label', null, ['Reply to customer ', h('textarea', { name: 'reply' })]), h('button', { type: 'submit' }, 'Send')]),
    h('form', { toolname: 'new_ticket', tooldescription: 'Open a new ticket for this customer', action: '/api/tickets', method: 'post' }, [
      h('label', null, ['Subject ', h('input', { name: 'subject', toolparamdescription: 'The ticket subject' })]),
      h('label', null, ['Details ', h('textarea', { name: 'details', toolparamdescription: 'What happened' })]),
      h('button', { type: 'submit' }, 'Create ticket'),
    ]),
  ]);
}

render(h(App, null), document.getElementById('app')!);
