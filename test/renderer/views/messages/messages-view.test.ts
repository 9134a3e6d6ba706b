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

  it('shows each produce result with its key, partition and offset, and Kafka’s error name only on an error', async () => {
    const fake = new FakeApi();
    let answer = 0;
    fake.api.messages.produce = async (request) => {
      answer++;
      return answer === 1
        ? { topic: request.topic, partition: 2, offset: 7, error: 'NONE', errorMessage: null, leaderId: 1, logAppendTime: -1 }
        : {
            topic: request.topic,
            partition: 0,
            offset: -1,
            error: 'NOT_ENOUGH_REPLICAS',
            errorMessage: 'Messages are rejected since there are fewer in-sync replicas than required.',
            leaderId: 0,
            logAppendTime: -1,
          };
    };
    const { wrapper: w } = mountWithApp(MessagesView, { client: fake.client(), router: true });
    await settle();
    const [produceTopic] = w.findAllComponents(TopicSelect);
    await produceTopic.setValue('orders');
    const key = w.findAll('input').find((i) => i.element.closest('.el-form-item')?.textContent?.includes('Key'))!;
    await key.setValue('order-7');
    await click(w, 'produce-send');
    await key.setValue('order-8');
    await click(w, 'produce-send');
    const rows = byTestId(w, 'produce-results').findAll('.el-table__body-wrapper tr.el-table__row');
    const cells = rows.map((r) => r.findAll('td').map((td) => td.text()));
    expect(cells[1].slice(0, 3)).toEqual(['order-7', '2', '7']);
    expect(cells[1][3]).toBe('Written (leader 1)');
    expect(rows[1].find('[data-testid="produce-error"]').exists()).toBe(false);
    expect(cells[0].slice(0, 3)).toEqual(['order-8', '0', '-1']);
    expect(rows[0].find('[data-testid="produce-error"]').text()).toBe('NOT_ENOUGH_REPLICAS');
  });

  it('reads all partitions by default and continues each partition from its next offset', async () => {
    const fake = new FakeApi();
    const reads: ReadRequestDto[] = [];
    fake.api.messages.read = async (request) => {
      reads.push(request);
      return {
        error: 'NONE',
        errorMessage: null,
        highWatermark: -1,
        logStartOffset: -1,
        nextOffset: -1,
        records: [],
        partitions: [
          { partition: 0, error: 'NONE', errorMessage: null, highWatermark: 4, logStartOffset: 0, nextOffset: 3 },
          { partition: 1, error: 'LEADER_NOT_AVAILABLE', errorMessage: null, highWatermark: -1, logStartOffset: -1, nextOffset: -1 },
        ],
      };
    };
    const { wrapper: w } = mountWithApp(MessagesView, { client: fake.client(), router: true });
    await settle();
    const [, readTopic] = w.findAllComponents(TopicSelect);
    await readTopic.setValue('orders');
    await click(w, 'read-fetch');
    expect(byTestId(w, 'read-merged').text()).toBe('Read from 2 partitions, merged in timestamp order');
    expect(w.text()).toContain('1: LEADER_NOT_AVAILABLE');
    const next = w.findAll('button').find((b) => b.text() === 'Next page')!;
    await next.trigger('click');
    await settle();
    expect(reads[1]).toMatchObject({
      partition: null,
      from: {
        kind: 'offsets',
        // Partition 1 could not be read: it starts again from its earliest.
        offsets: [{ partition: 0, offset: 3 }],
      },
    });
  });
});
