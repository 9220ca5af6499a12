/**
 * Chrome's policy schema is a small JSON Schema subset (type, properties,
 * additionalProperties, items; no unions, no patterns, no limits). This turns a schema that zod
 * exported into that subset: a union of objects becomes one object with all their properties,
 * any other union its first kind; records keep their value shape. Values are checked by zod
 * when read, so leaving out defaults, required and patterns loses nothing.
 * https://developer.chrome.com/docs/extensions/reference/manifest/storage
 */
export type Json = { [k: string]: unknown };

/** A union (anyOf/oneOf) as one schema: objects merge their properties; otherwise the first kind. */
function flatten(node: Json): Json {
  const variants = (node.anyOf ?? node.oneOf) as Json[] | undefined;
  if (!variants?.length) return node;
  const flat = variants.map(flatten);
  if (!flat.every((v) => v.type === 'object')) return flat[0]!;
  return { type: 'object', properties: Object.assign({}, ...flat.map((v) => v.properties ?? {})) };
}

export function chromeSubset(raw: Json): Json {
  const node = flatten(raw);
  const type = typeof node.type === 'string' ? node.type : node.const !== undefined ? typeof node.const : 'string';
  const out: Json = { type };
  if (type === 'object' && node.properties) {
    out.properties = Object.fromEntries(Object.entries(node.properties as Record<string, Json>).map(([k, v]) => [k, chromeSubset(v)]));
  }
  // Records (providers per console origin, profiles per origin): any key, values of one shape.
  if (type === 'object' && node.additionalProperties && typeof node.additionalProperties === 'object') {
    out.additionalProperties = chromeSubset(node.additionalProperties as Json);
  }
  if (type === 'array' && node.items) out.items = chromeSubset(node.items as Json);
  return out;
}
