// @vitest-environment happy-dom
/**
 * A refusal at the top of a form shows the server's text in the UI's language: the zh-CN text under
 * zh-CN, the English under en; Kafka's error name stays as Kafka names it. An error the renderer
 * made itself (no `text`) shows its English message.
 */
import { afterEach, describe, expect, it } from 'vitest';
import ApiErrorAlert from '../../../src-renderer/src/components/ApiErrorAlert.vue';
import type { ApiErrorDto } from '../../../src-renderer/src/api/types';
import { FakeApi } from '../support/fake-api';
import { mountWithApp, settle, unmountAll } from '../support/mount';

afterEach(unmountAll);

const REFUSAL: ApiErrorDto = {
  name: 'INVALID_INPUT',
  message: 'A name is required.',
  text: { en: 'A name is required.', 'zh-CN': '必须填写名称。' },
  field: 'name',
};

async function shown(error: ApiErrorDto, locale: 'en' | 'zh-CN'): Promise<string> {
  const { wrapper } = mountWithApp(ApiErrorAlert, { client: new FakeApi().client(), props: { error }, locale });
  await settle();
  return wrapper.get('[data-testid="api-error"]').text();
}

describe('ApiErrorAlert', () => {
  it('shows the zh-CN text when the locale is zh-CN, and the English when it is en', async () => {
    const zh = await shown(REFUSAL, 'zh-CN');
    expect(zh).toContain('必须填写名称。');
    expect(zh).toContain('INVALID_INPUT');
    expect(zh).not.toContain('A name is required.');
    const en = await shown(REFUSAL, 'en');
    expect(en).toContain('A name is required.');
    expect(en).not.toContain('必须填写名称。');
  });

  it('falls back to the English message of an error without a text', async () => {
    expect(await shown({ name: 'NETWORK_ERROR', message: 'fetch failed' }, 'zh-CN')).toContain('fetch failed');
  });
});
