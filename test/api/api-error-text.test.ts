/**
 * A refusal carries its text for a person in both languages: the app's own refusals (a workspace's
 * profile, a znode editor's data) are Chinese under zh-CN, while Kafka's own messages (the topic
 * wizard's invalid replication factor) stay English in both, as Kafka prints them; `message` stays
 * the English for the headless API's scripts and the CLI.
 */
import { describe, expect, it } from 'vitest';
import { callApi } from '../../src-main/api/api-call';
import { ApiError } from '../../src-main/api/backend';
import type { ApiErrorDto } from '../../src-main/api/contract';
import { kafkaText } from '../../src-main/api/localized-text';
import { definitionFromProfile } from '../../src-main/api/workspaces/workspace-service';
import { requireData } from '../../src-main/api/zookeeper/znode-dto';
import { KafkaApiError } from '../../src-main/core/common/kafka-errors';
import { createFakeBackend, sampleArgs } from '../server/fake-backend';

const CHINESE = /[\u4e00-\u9fff]/;

function refusalOf(action: () => unknown): ApiErrorDto {
  try {
    action();
  } catch (e) {
    if (e instanceof ApiError) return e.toDto();
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('ApiError texts', () => {
  it('carries both languages in its dto, and its English as the message', () => {
    const error = new ApiError('INVALID_INPUT', { en: 'A name is required.', 'zh-CN': '必须填写名称。' }, 'name');
    expect(error.message).toBe('A name is required.');
    expect(error.toDto()).toEqual({
      name: 'INVALID_INPUT',
      message: 'A name is required.',
      text: { en: 'A name is required.', 'zh-CN': '必须填写名称。' },
      field: 'name',
    });
  });

  it("refuses a workspace profile's broker count in Chinese under zh-CN", () => {
    const dto = refusalOf(() => definitionFromProfile({ name: 'c', brokers: 0, racks: null, logDirsPerBroker: 1, brokerConfig: {} }));
    expect(dto).toMatchObject({ name: 'INVALID_INPUT', field: 'brokers', message: 'The number of brokers must be between 1 and 32.' });
    expect(dto.text?.['zh-CN']).toMatch(CHINESE);
    expect(dto.text?.['zh-CN']).toContain('32');
  });

  it("refuses a znode editor's data that is not hex in Chinese under zh-CN", () => {
    const dto = refusalOf(() => requireData('zz', 'hex'));
    expect(dto).toMatchObject({ name: 'INVALID_INPUT', field: 'data', message: 'The data is not hex: two hex digits per byte.' });
    expect(dto.text?.['zh-CN']).toMatch(CHINESE);
  });

  it("keeps Kafka's own message (the wizard's invalid replication factor) English in both languages", async () => {
    const backend = createFakeBackend();
    const kafkaMessage = 'Replication factor: 4 larger than available brokers: 3.';
    backend.answer('topics', 'create', () => {
      throw new KafkaApiError('INVALID_REPLICATION_FACTOR', kafkaMessage);
    });
    const reply = await callApi(backend.api, 'topics', 'create', sampleArgs('topics', 'create'));
    expect(reply).toEqual({ error: { name: 'INVALID_REPLICATION_FACTOR', message: kafkaMessage, text: kafkaText(kafkaMessage) } });
  });
});
