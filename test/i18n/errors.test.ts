/**
 * Errors as an agent reads them (src/ui/errors.ts): the message for the code in the agent's
 * language, with the values it names taken from the error's structured `params` — never
 * parsed out of the English `detail`.
 */
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { endpointText, errorText } from '../../src/ui/errors.ts';
import { readLocale } from '../../scripts/locale-files.ts';
import { installI18n } from './chrome-i18n.ts';

const before = (globalThis as { chrome?: unknown }).chrome;
afterAll(() => ((globalThis as { chrome?: unknown }).chrome = before));

describe.each(['zh_CN', 'en'] as const)('errorText in %s', (locale) => {
  beforeEach(() => installI18n(locale));
  const lang = locale === 'zh_CN' ? /\p{Script=Han}/u : /^[^\p{Script=Han}]+$/u;

  it('CONFIRMATION_NOT_STORED with cause storage_full says browser storage for deskhand is full and what to do', () => {
    const text = errorText({ code: 'CONFIRMATION_NOT_STORED', type: 'unavailable', detail: 'The confirmation for reply.send could not be stored: browser storage for deskhand is full', params: { cause: 'storage_full' } });
    expect(text).toMatch(locale === 'en' ? /Browser storage for deskhand is full.*export the log and clear it/ : /deskhand 的浏览器存储已满.*导出并清理记录/);
    expect(text).not.toBe(errorText({ code: 'CONFIRMATION_NOT_STORED', type: 'unavailable', detail: '' }));
    expect(text).toMatch(lang);
  });

  it('RECORD_CHANGED names the record from params, not from the detail', () => {
    const text = errorText({ code: 'RECORD_CHANGED', type: 'failed', detail: 'The console now shows "C-1002", not "X-666" that was approved.', params: { record: 'C-1001', now: 'C-1002' } });
    expect(text).toContain('C-1001');
    expect(text).not.toContain('X-666');
    expect(text).not.toContain('The console now shows');
    expect(text).toMatch(lang);
  });

  it('without params it says "the record" in words, still in the agent’s language', () => {
    const text = errorText({ code: 'RECORD_CHANGED', type: 'failed', detail: 'The console now shows "C-1002", not "C-1001" that was approved.' });
    expect(text).not.toContain('C-100');
    expect(text).toMatch(lang);
  });

  it('STALE_RECORD (a confirm while the tab shows another record) names the record and says it still waits', () => {
    const text = errorText({ code: 'STALE_RECORD', type: 'rejected', detail: 'The console tab now shows another record, not "C-1001" this action is for.', params: { record: 'C-1001' } });
    expect(text).toContain('C-1001');
    expect(text).toMatch(lang);
  });

  it('GENERATE_FAILED carries its (already localised) reason in params', () => {
    const text = errorText({ code: 'GENERATE_FAILED', type: 'failed', detail: 'The model request failed: something English', params: { reason: '模型服务超时未响应' } });
    expect(text).toContain('模型服务超时未响应');
    expect(text).not.toContain('something English');
  });

  it('endpoint failures forwarded by the worker (ENDPOINT_<CODE>) are worded here, with their status and the endpoint\'s words as data', () => {
    const auth = errorText({ code: 'ENDPOINT_AUTH', type: 'unavailable', detail: 'The endpoint refused the API key (401). Check the key in settings.', params: { status: '401' } });
    expect(auth).toBe(readLocale(locale).endpoint_auth!.message.replace('$1', '401'));
    expect(auth).toMatch(lang);
    const other = errorText({ code: 'ENDPOINT_UNKNOWN', type: 'unavailable', detail: 'The model request failed: boom', params: { said: 'boom' } });
    expect(other).toBe(readLocale(locale).endpoint_unknown!.message.replace('$2', 'boom'));
    expect(endpointText({ code: 'rate_limit' })).toMatch(lang);
  });

  it('a code without a message falls back to its type in words, naming the code, never the detail', () => {
    const text = errorText({ code: 'SOMETHING_NEW', type: 'unavailable', detail: 'An English sentence for developers.' });
    expect(text).toContain('SOMETHING_NEW');
    expect(text).not.toContain('English sentence');
    expect(text).toMatch(lang);
  });
});
