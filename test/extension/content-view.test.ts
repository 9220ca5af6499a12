import { describe, expect, it } from 'vitest';
import { contentView, ContentSettingsSchema, settingsFromView } from '../../src/messages/index.ts';
import { hasSealed, publicUrl, SEALED, sealProvider, sealUrl, unsealUrl, withBasicAuth } from '../../src/messages/sealed.ts';
import { parseSettings } from '../../src/settings/schema.ts';

const HERE = 'https://support.example.com';
const OTHER = 'https://other.example.com';
const SECRETS = ['sk-llm-secret', 'hunter2', 'tok-admin-list', 'pk-other-console', 'own-api-key-123'];

const settings = parseSettings({
  llm: { baseURL: 'https://llm.example/v1', apiKey: 'sk-llm-secret', model: 'm' },
  roles: ['AGENT', 'REFUND_APPROVER'],
  consoles: [HERE, OTHER],
  bridge: { enabled: true, origins: [OTHER], allowLowWrites: true },
  consoleProfiles: { [HERE]: 'generic', [OTHER]: 'secret-profile' },
  kb: {
    urls: ['https://admin:hunter2@kb.example.com/a.md?token=tok-admin-list'],
    providers: {
      [HERE]: [{ kind: 'json', url: '/api/kb/search?api_key=own-api-key-123&lang=en' }, { kind: 'html', searchUrl: '/kb?q={query}&sig=own-api-key-123' }, { kind: 'local' }],
      [OTHER]: [{ kind: 'json', url: '/search?key=pk-other-console' }],
    },
  },
});

describe('the settings view content scripts get', () => {
  it('carries no credential, no other console and no admin URL list', () => {
    const view = contentView(settings, HERE);
    const text = JSON.stringify(view);
    for (const s of SECRETS) expect(text).not.toContain(s);
    expect(text).not.toContain(OTHER);
    expect(text).not.toContain('REFUND_APPROVER');
    expect(ContentSettingsSchema.safeParse(view).success).toBe(true);
  });

  it('still gives the content side what it reads, for its own origin', () => {
    const s = settingsFromView(contentView(settings, HERE), HERE);
    expect(s.consoles).toEqual([HERE]);
    expect(s.bridge.enabled).toBe(false); // the bridge is on for the other console only
    expect(s.consoleProfiles).toEqual({ [HERE]: 'generic' });
    expect(s.kb.providers[HERE]?.map((p) => p.kind)).toEqual(['json', 'html', 'local']);
    expect(s.kb.providers[HERE]?.[0]).toMatchObject({ url: `/api/kb/search?api_key=${SEALED}&lang=en` });
    expect(s.kb.providers[HERE]?.[1]).toMatchObject({ searchUrl: `/kb?q={query}&sig=${SEALED}` });
    expect(s.hotkeys).toEqual(settings.hotkeys);
    expect(settingsFromView(contentView(settings, OTHER), OTHER).bridge).toEqual({ enabled: true, origins: [OTHER], allowLowWrites: true });
  });
});

describe('sealed provider URLs', () => {
  it('seals credential parameters only, keeping the rest as written', () => {
    expect(sealUrl('/s?q={query}&access_token=abc&page=2#x')).toBe(`/s?q={query}&access_token=${SEALED}&page=2#x`);
    expect(sealUrl('/s?q=1')).toBe('/s?q=1');
    expect(hasSealed(`/s?q=1&key=${SEALED}`)).toBe(true);
    expect(hasSealed('/s?q=1')).toBe(false);
  });

  it('the worker puts back only values of the same path and parameter of the sender origin', () => {
    const providers = settings.kb.providers[HERE]!;
    const asked = new URL(`${HERE}/api/kb/search?api_key=${SEALED}&lang=en&q=refund`);
    expect(unsealUrl(asked, providers)?.href).toBe(`${HERE}/api/kb/search?api_key=own-api-key-123&lang=en&q=refund`);
    expect(unsealUrl(new URL(`${HERE}/elsewhere?api_key=${SEALED}`), providers)).toBeNull();
    expect(unsealUrl(new URL(`${HERE}/api/kb/search?token=${SEALED}`), providers)).toBeNull();
    expect(unsealUrl(new URL(`${OTHER}/search?key=${SEALED}`), providers)).toBeNull();
  });

  it('a provider field that could hold a secret (headers, a token) is not sent down', () => {
    const p = { kind: 'json', url: '/s', queryParam: 'q', listPath: 'results', titlePath: 'title', snippetPath: 'snippet', headers: { authorization: 'Bearer x' }, authToken: 'y' } as unknown as Parameters<typeof sealProvider>[0];
    expect(Object.keys(sealProvider(p)).sort()).toEqual(['kind', 'listPath', 'queryParam', 'snippetPath', 'titlePath', 'url']);
  });

  it('admin list URLs: shown without credentials, fetched with Basic authentication', () => {
    const url = 'https://admin:hunter2@kb.example.com/a.md?token=tok-admin-list&v=1';
    expect(publicUrl(url)).toBe('https://kb.example.com/a.md?v=1');
    const auth = withBasicAuth(url);
    expect(auth.url).toBe('https://kb.example.com/a.md?token=tok-admin-list&v=1');
    expect(auth.headers.authorization).toBe(`Basic ${btoa('admin:hunter2')}`);
  });
});
