// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { LogDirListingDto, SegmentBatchDto, SegmentBatchPageDto, SegmentSeekDto } from '../../../../src-renderer/src/api/types';
import LogDirsView from '../../../../src-renderer/src/views/log-dirs/LogDirsView.vue';
import SegmentView from '../../../../src-renderer/src/views/log-dirs/SegmentView.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

const ROOT = {
  id: 'broker-0/kafka-logs',
  kind: 'broker' as const,
  brokerId: 0,
  path: '/data/brokers/broker-0/kafka-logs',
  online: true,
  exists: true,
};

function listing(): LogDirListingDto {
  const entry = (name: string, partition: LogDirListingDto['entries'][number]['partition']) => ({
    name,
    path: name,
    kind: 'partition' as const,
    isDirectory: true,
    sizeBytes: 2048,
    partition,
    baseOffset: null,
    problem: null,
  });
  return {
    root: ROOT,
    path: '',
    dirKind: 'log-dir',
    partition: null,
    offset: 0,
    total: 3,
    entries: [
      entry('ghost-0', { topic: 'ghost', partition: 0, dirKind: 'current', orphaned: true, segments: 1 }),
      entry('orders-0.0123456789abcdef0123456789abcdef-delete', {
        topic: 'orders',
        partition: 0,
        dirKind: 'delete',
        orphaned: false,
        segments: 2,
      }),
      {
        name: 'meta.properties',
        path: 'meta.properties',
        kind: 'meta-properties',
        isDirectory: false,
        sizeBytes: 98,
        partition: null,
        baseOffset: null,
        problem: null,
      },
    ],
  };
}

function batch(offset: number, crcValid: boolean): SegmentBatchDto {
  return {
    position: offset * 100,
    sizeInBytes: 100,
    baseOffset: offset,
    lastOffset: offset,
    magic: 2,
    storedCrc: 1000 + offset,
    computedCrc: crcValid ? 1000 + offset : 42,
    crcValid,
    compression: 'none',
    timestampType: 'CreateTime',
    firstTimestamp: 0,
    maxTimestamp: 0,
    producerId: -1,
    producerEpoch: -1,
    baseSequence: -1,
    lastSequence: -1,
    partitionLeaderEpoch: 0,
    isTransactional: false,
    isControl: false,
    count: 1,
    problem: crcValid ? null : `Record is corrupt (stored crc = ${1000 + offset}, computed crc = 42)`,
  };
}

function page(start: number, batches: SegmentBatchDto[]): SegmentBatchPageDto {
  return {
    path: 'orders-0/00000000000000000000.log',
    sizeBytes: 1000,
    startPosition: start,
    batches,
    nextPosition: null,
    stop: null,
    bytesRead: 100 * batches.length,
  };
}

describe('LogDirsView', () => {
  it("lists a broker's log dir with -delete and orphaned partition directories flagged", async () => {
    const fake = new FakeApi();
    fake.api.logDirs.roots = async () => [ROOT];
    fake.api.logDirs.list = async () => listing();
    const { wrapper: w, router } = mountWithApp(LogDirsView, { client: fake.client(), router: true });
    await router!.push({ name: 'log-dirs', query: { root: ROOT.id, path: '' } });
    await settle();
    expect(fake.callsOf('logDirs', 'list').map((c) => c.args)).toEqual([[ROOT.id, '', 0, 500]]);
    const rows = byTestId(w, 'log-dir-entries')
      .findAll('.el-table__body-wrapper tr')
      .map((tr) => tr.text());
    expect(rows[0]).toContain('ghost-0/');
    expect(rows[0]).toContain('orphaned: no such topic in ZooKeeper');
    expect(rows[1]).toContain('delete');
    expect(rows[1]).not.toContain('orphaned');
    expect(rows[2]).toContain('meta.properties');
    expect(rows[2]).toContain('98 B');
  });
  it('pages a log dir of thousands of partition directories, 500 entries at a time', async () => {
    const fake = new FakeApi();
    fake.api.logDirs.roots = async () => [ROOT];
    fake.api.logDirs.list = async (_root, _path, offset) => ({ ...listing(), offset: offset ?? 0, total: 1200 });
    const { wrapper: w, router } = mountWithApp(LogDirsView, { client: fake.client(), router: true });
    await router!.push({ name: 'log-dirs', query: { root: ROOT.id, path: '' } });
    await settle();
    expect(w.text()).toContain('3 of 1200 entries');
    await w
      .findAll('.el-pager li')
      .find((li) => li.text() === '2')!
      .trigger('click');
    await settle();
    expect(fake.callsOf('logDirs', 'list').map((c) => c.args[2])).toEqual([0, 500]);
  });
});

describe('SegmentView', () => {
  it('shows a batch whose CRC does not match as invalid, stored against computed, and jumps to an offset', async () => {
    const fake = new FakeApi();
    const finds: SegmentSeekDto[] = [];
    fake.api.logDirs.segment = async () => ({
      root: ROOT,
      path: 'orders-0/00000000000000000000.log',
      baseOffset: 0,
      sizeBytes: 1000,
      offsetIndex: { path: 'x.index', sizeBytes: 80, entries: 10, maxEntries: 10 },
      timeIndex: null,
      partition: null,
    });
    fake.api.logDirs.batches = async () => page(0, [batch(0, true), batch(1, false), batch(2, true)]);
    fake.api.logDirs.find = async (_root, _path, target) => {
      finds.push(target);
      return {
        target,
        offsetIndexEntry: { slot: 3, offset: 6, position: 600 },
        timeIndexEntry: null,
        batchPosition: 700,
        foundOffset: null,
        foundTimestamp: null,
        message: null,
        batchesScanned: 2,
        page: page(700, [batch(7, true)]),
      };
    };
    const { wrapper: w, router } = mountWithApp(SegmentView, { client: fake.client(), router: true });
    await router!.push({ name: 'log-segment', query: { root: ROOT.id, path: 'orders-0/00000000000000000000.log' } });
    await settle();
    const rows = () =>
      byTestId(w, 'batches-table')
        .findAll('.el-table__body-wrapper tr.el-table__row')
        .map((tr) => tr.text());
    expect(rows()).toHaveLength(3);
    expect(rows()[1]).toContain('invalid');
    expect(rows()[1]).toContain('stored 1001');
    expect(rows()[1]).toContain('computed 42');
    expect(rows()[0]).toContain('valid');
    expect(rows()[0]).not.toContain('computed');

    await w.find('.seek-value input').setValue('7');
    await w
      .findAll('button')
      .find((b) => b.text() === 'Find')!
      .trigger('click');
    await settle();
    expect(finds).toEqual([{ kind: 'offset', offset: 7 }]);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toContain('7..7');
    expect(byTestId(w, 'segment-found').text()).toContain('Index entry 3 (offset 6, position 600) then 2 batch headers scanned.');
  });
});

describe('a producer-state .snapshot file', () => {
  it('shows one row per producer under the field names of Kafka’s snapshot schema', async () => {
    const { default: ProducerSnapshotTable } = await import('../../../../src-renderer/src/views/log-dirs/ProducerSnapshotTable.vue');
    const { wrapper } = mountWithApp(ProducerSnapshotTable, {
      client: new FakeApi().client(),
      props: {
        entries: [
          {
            producerId: 1000,
            producerEpoch: 0,
            lastSequence: 199,
            lastOffset: 199,
            offsetDelta: 99,
            timestamp: 1700000000000,
            coordinatorEpoch: -1,
            currentTxnFirstOffset: -1,
          },
        ],
      },
    });
    await settle();
    const table = byTestId(wrapper, 'producer-snapshot');
    const text = table.text();
    for (const column of ['producerId', 'producerEpoch', 'lastSequence', 'lastOffset', 'currentTxnFirstOffset'])
      expect(text).toContain(column);
    expect(text).toContain('1000');
    expect(text).toContain('199');
    expect(text).toContain('1700000000000');
  });
});
