// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ReadRequestDto } from '../../../../src-renderer/src/api/types';
import MessagesView from '../../../../src-renderer/src/views/messages/MessagesView.vue';
import TopicSelect from '../../../../src-renderer/src/views/messages/TopicSelect.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId, click } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('MessagesView', () => {
  it('reads records back and shows keys, values and headers as text', async () => {
    const fake = new FakeApi();
    const reads: ReadRequestDto[] = [];
    fake.api.messages.read = async (request) => {
      reads.push(request);
      return {
        error: 'NONE',
        errorMessage: null,
        highWatermark: 2,
        logStartOffset: 0,
        nextOffset: 2,
        records: [
          {
            partition: 0,
            offset: 1,
            timestamp: 0,
            timestampType: 'CreateTime',
            key: null,
            value: { text: 'hello', base64: 'aGVsbG8=', size: 5 },
            headers: [{ key: 'h', value: { text: 'v', base64: 'dg==', size: 1 } }],
            leaderEpoch: 0,
          },
        ],
      };
    };
    const { wrapper: w } = mountWithApp(MessagesView, { client: fake.client(), router: true });
    await settle();
    const [, readTopic] = w.findAllComponents(TopicSelect);
    await readTopic.setValue('orders');
    await click(w, 'read-fetch');
    // All partitions by default (merged by timestamp on the server).
    expect(reads).toEqual([{ topic: 'orders', partition: null, from: { kind: 'earliest' }, maxRecords: 50 }]);
    const cells = byTestId(w, 'records-table')
      .findAll('.el-table__body-wrapper td')
      .map((td) => td.text());
    expect(cells[0]).toBe('0');
    expect(cells[1]).toBe('1');
    expect(cells.slice(3)).toEqual(['null', 'hello', 'h=v']);
  });
});
