/**
 * Page text for a model, inside per-call random markers it does not contain (DESIGN.md "The
 * chat loop"): text inside cannot close the block and pose as instructions. Here, below the
 * chat (llm/wrap.ts) and category.match (catalog/category-model.ts), which both send it.
 */
function nonce(): string {
  const bytes = new Uint8Array(6);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('').toUpperCase();
}

export function dataBlock(body: string): string {
  let id = nonce();
  while (body.includes(id)) id = nonce();
  return `<<data:${id}>>\n${body}\n<</data:${id}>>`;
}
