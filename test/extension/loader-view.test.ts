import { describe, expect, it } from 'vitest';
import { ContentSettingsSchema, contentView } from '../../src/messages/index.ts';
import { defaultSettings } from '../../src/settings/schema.ts';
import { actionOf, loaderView } from '../../src/content/loader-view.ts';

const ORIGIN = 'http://127.0.0.1:5173';

describe("the eager loader's view of its origin's settings", () => {
  it('takes what the worker sends (the schema-checked view) and finds each action by its combo', () => {
    const settings = { ...defaultSettings(), consoles: [ORIGIN], bridge: { ...defaultSettings().bridge, enabled: true, origins: [ORIGIN] } };
    const sent = contentView(settings, ORIGIN);
    expect(ContentSettingsSchema.safeParse(sent).success).toBe(true);
    const view = loaderView(JSON.parse(JSON.stringify(sent)));
    expect(view).toMatchObject({ bridge: { on: true } });
    for (const [action, combo] of Object.entries(defaultSettings().hotkeys)) expect(actionOf(view!, combo)).toBe(action);
    expect(actionOf(view!, 'Ctrl+Alt+Shift+9')).toBeNull();
  });

  it('refuses anything not shaped like a view, whole (no half-read settings)', () => {
    const good = contentView(defaultSettings(), ORIGIN);
    for (const bad of [null, 'x', [], {}, { ...good, console: 'yes' }, { ...good, hotkeys: [] }, { ...good, hotkeys: { fillCustomer: 7 } }, { ...good, hotkeys: { fillCustomer: 'A'.repeat(41) } }, { ...good, bridge: { on: true } }]) {
      expect(loaderView(bad)).toBeNull();
    }
  });
});
