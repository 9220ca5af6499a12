/** A short, readable name for an element in reports (`form#f1.ticket-form`), never used to find it again. */
export function describeEl(el: Element): string {
  // The attribute: `form.id` is the form's control named "id" where it has one (DOM clobbering).
  const raw = el.getAttribute('id');
  const id = raw ? `#${raw}` : '';
  const cls = Array.from(el.classList).slice(0, 3).map((c) => `.${c}`).join('');
  const label = el.getAttribute('aria-label');
  return `${el.localName}${id}${cls}${label ? `[aria-label="${label.slice(0, 40)}"]` : ''}`;
}
