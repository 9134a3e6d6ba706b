/**
 * The log dir browser over real files: the real backend (real clock, real brokers writing their
 * log dirs), records produced through the message tester's service, then browsed — dirs and
 * files, batches, records, lookups through the indexes, the index check — and a copy of the
 * broker's log dir opened from outside, tampered with, and browsed read-only.
 */
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import type { LogDirService, SegmentBatchDto } from '../../src-main/api/contract';
import { createBackend } from '../../src-main/app/create-backend';
import { buildRecordBatch, CompressionType } from '../../src-main/core/record';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

/** Every file under `dir` with its SHA-256, to prove nothing was written. */
function fingerprint(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    out[path] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return out;
}

const SEGMENT = 'orders-0/00000000000000000000.log';
const RECORDS = 40;

describe('LogDirService (the log dir browser) over real log dirs', () => {
  const tmp = makeTempDir('kafka-dojo-logdirs-');
  let backend: DojoBackend;
  let logDirs: LogDirService;
  let brokerDir: string;
  let external: string;
  let batches: SegmentBatchDto[];

  async function createTopic(name: string, configs: Record<string, string>): Promise<void> {
    const created = await backend.api.topics.create(
      { name, partitions: 1, replicationFactor: 1, assignment: { kind: 'manual', assignment: [[0]] }, configs },
      { validateOnly: false },
    );
    expect(created.error).toBeNull();
    await waitFor(`${name} online`, async () =>
      (await backend.api.topics.detail(name)).partitions.every((p) => p.state === 'OnlinePartition'),
    );
  }

  beforeAll(async () => {
    backend = await createBackend({ dataDir: join(tmp.dir, 'workspaces') });
    logDirs = backend.api.logDirs;
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0, 30_000);
    // A small index interval so that a few records make index entries.
    await createTopic('orders', { 'index.interval.bytes': '100' });
    for (let i = 0; i < RECORDS; i++) {
      const result = await backend.api.messages.produce({
        topic: 'orders',
        partition: 0,
        key: `k${i}`,
        value: JSON.stringify({ id: i }),
        headers: [{ key: 'source', value: `h${i}` }],
        acks: -1,
      });
      expect(result).toMatchObject({ error: 'NONE', offset: i });
      if (i % 10 === 9) await new Promise((r) => setTimeout(r, 5));
    }
    // A topic deleted with a long file.delete.delay.ms: its directory stays as `-delete`.
    await createTopic('doomed', { 'file.delete.delay.ms': '600000' });
    await backend.api.topics.delete('doomed');
    const roots = await logDirs.roots();
    brokerDir = roots.find((r) => r.id === 'broker-0/kafka-logs')!.path;
    await waitFor('doomed-0 renamed to -delete', async () =>
      readdirSync(brokerDir).some((n) => n.startsWith('doomed-0.') && n.endsWith('-delete')),
    );
    // A future replica and an orphan, as an operator may find them.
    mkdirSync(join(brokerDir, 'orders-0.0123456789abcdef0123456789abcdef-future'));
    mkdirSync(join(brokerDir, 'ghost-3'));
    writeFileSync(join(brokerDir, 'ghost-3', '00000000000000000000.log'), new Uint8Array(0));
    mkdirSync(join(brokerDir, 'not a partition'));
    batches = (await logDirs.batches('broker-0/kafka-logs', SEGMENT, 0, { maxBatches: 500 })).batches as SegmentBatchDto[];
    // The copy a person brings from production, opened from outside the app.
    external = join(tmp.dir, 'copy-of-kafka-logs');
    cpSync(brokerDir, external, { recursive: true });
  }, 90_000);

  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  it("lists every broker's log dirs, and a log dir's partition directories classified (-delete, -future, orphaned) with sizes", async () => {
    const roots = await logDirs.roots();
    expect(roots.map((r) => [r.id, r.kind, r.brokerId, r.online])).toEqual([
      ['broker-0/kafka-logs', 'broker', 0, true],
      ['broker-1/kafka-logs', 'broker', 1, true],
      ['broker-2/kafka-logs', 'broker', 2, true],
    ]);
    const listing = await logDirs.list('broker-0/kafka-logs', '');
    expect(listing.dirKind).toBe('log-dir');
    const byName = new Map(listing.entries.map((e) => [e.name, e]));
    expect(byName.get('orders-0')).toMatchObject({
      kind: 'partition',
      isDirectory: true,
      partition: { topic: 'orders', partition: 0, dirKind: 'current', orphaned: false, segments: 1 },
    });
    const doomed = listing.entries.find((e) => e.name.startsWith('doomed-0.'))!;
    expect(doomed.partition).toMatchObject({ topic: 'doomed', partition: 0, dirKind: 'delete', orphaned: true });
    expect(byName.get('orders-0.0123456789abcdef0123456789abcdef-future')?.partition).toMatchObject({
      topic: 'orders',
      dirKind: 'future',
      orphaned: false,
    });
    expect(byName.get('ghost-3')?.partition).toMatchObject({ topic: 'ghost', partition: 3, dirKind: 'current', orphaned: true });
    expect(byName.get('not a partition')).toMatchObject({ kind: 'directory', partition: null });
    expect(byName.get('not a partition')?.problem?.en).toContain('is not in the form of topic-partition');
    expect(byName.get('meta.properties')?.kind).toBe('meta-properties');
    expect(byName.get('replication-offset-checkpoint')?.kind).toBe('offset-checkpoint');
    expect(byName.get('meta.properties')?.sizeBytes).toBe(statSync(join(brokerDir, 'meta.properties')).size);

    const files = await logDirs.list('broker-0/kafka-logs', 'orders-0');
    expect(files.dirKind).toBe('partition');
    const kinds = Object.fromEntries(files.entries.map((e) => [e.name, [e.kind, e.sizeBytes, e.baseOffset]]));
    const sizeOf = (name: string) => statSync(join(brokerDir, 'orders-0', name)).size;
    expect(kinds['00000000000000000000.log']).toEqual(['log', sizeOf('00000000000000000000.log'), 0]);
    expect(kinds['00000000000000000000.index']).toEqual(['offset-index', 10485760, 0]);
    expect(kinds['00000000000000000000.timeindex']).toEqual(['time-index', 10485756, 0]);
    expect(kinds['leader-epoch-checkpoint']?.[0]).toBe('leader-epoch-checkpoint');
    expect(byName.get('orders-0')?.sizeBytes).toBe(files.entries.reduce((s, e) => s + e.sizeBytes, 0));
  });

  it('shows meta.properties and the checkpoints parsed as Kafka reads them', async () => {
    const meta = await logDirs.readFile('broker-0/kafka-logs', 'meta.properties');
    const clusterId = (await backend.api.cluster.overview()).clusterId;
    expect(meta.brokerMetadata).toEqual({ brokerId: 0, clusterId });
    expect(meta.properties?.map((p) => p.key).sort()).toEqual(['broker.id', 'cluster.id', 'version']);
    const epochs = await logDirs.readFile('broker-0/kafka-logs', 'orders-0/leader-epoch-checkpoint');
    expect(epochs).toMatchObject({ kind: 'leader-epoch-checkpoint', error: null, epochs: [{ epoch: 0, startOffset: 0 }] });

    writeFileSync(join(external, 'replication-offset-checkpoint'), '0\n2\norders 0 40\ndoomed 0 0\n');
    writeFileSync(join(external, 'recovery-point-offset-checkpoint'), '0\n3\norders 0 40\n');
    writeFileSync(join(external, 'partition.metadata'), 'version: 0\ntopic_id: 5Xa2yBJZS6uUJLxAPl1v_Q\n');
    const folder = await logDirs.openFolder(external);
    const hw = await logDirs.readFile(folder.id, 'replication-offset-checkpoint');
    expect(hw).toMatchObject({
      kind: 'offset-checkpoint',
      error: null,
      offsets: [
        { topic: 'orders', partition: 0, offset: 40 },
        { topic: 'doomed', partition: 0, offset: 0 },
      ],
    });
    const bad = await logDirs.readFile(folder.id, 'recovery-point-offset-checkpoint');
    expect(bad.error).toBe(
      `java.io.IOException: Expected 3 entries in checkpoint file (${external}/recovery-point-offset-checkpoint), but found only 1`,
    );
    expect((await logDirs.readFile(folder.id, 'partition.metadata')).properties).toEqual([
      { key: 'version', value: '0' },
      { key: 'topic_id', value: '5Xa2yBJZS6uUJLxAPl1v_Q' },
    ]);
    await logDirs.closeFolder(folder.id);
  });

  it('pages the batches of a segment by position, with every header field and a valid CRC', async () => {
    expect(batches.map((b) => b.baseOffset)).toEqual(Array.from({ length: RECORDS }, (_, i) => i));
    for (const b of batches)
      expect(b).toMatchObject({
        magic: 2,
        crcValid: true,
        problem: null,
        count: 1,
        compression: 'none',
        partitionLeaderEpoch: 0,
        isControl: false,
      });
    expect(batches[0].storedCrc).toBe(batches[0].computedCrc);
    const first = await logDirs.batches('broker-0/kafka-logs', SEGMENT, 0, { maxBatches: 15 });
    expect(first.batches.map((b) => b.baseOffset)).toEqual(Array.from({ length: 15 }, (_, i) => i));
    expect(first.nextPosition).toBe(batches[15].position);
    const second = await logDirs.batches('broker-0/kafka-logs', SEGMENT, first.nextPosition!, { maxBatches: 15 });
    expect(second.batches[0].baseOffset).toBe(15);
    expect(second.bytesRead).toBeLessThan(statSync(join(brokerDir, SEGMENT)).size);
    const last = await logDirs.batches('broker-0/kafka-logs', SEGMENT, batches[RECORDS - 2].position);
    expect(last).toMatchObject({ nextPosition: null, stop: null });
  });

  it('shows the records of a batch: key, value and headers', async () => {
    const result = await logDirs.records('broker-0/kafka-logs', SEGMENT, batches[7].position);
    expect(result.total).toBe(1);
    expect(result.records[0]).toMatchObject({
      offset: 7,
      key: { text: 'k7' },
      value: { text: '{"id":7}', truncated: false },
      headers: [{ key: 'source', value: { text: 'h7' } }],
      controlType: null,
    });
  });

  it('finds an offset and a time through the indexes, then scans forward to the batch', async () => {
    const summary = await logDirs.segment('broker-0/kafka-logs', SEGMENT);
    expect(summary.offsetIndex!.entries).toBeGreaterThan(3);
    expect(summary.offsetIndex!.maxEntries).toBe(10485760 / 8);
    const byOffset = await logDirs.find('broker-0/kafka-logs', SEGMENT, { kind: 'offset', offset: 29 });
    expect(byOffset.offsetIndexEntry.slot).toBeGreaterThanOrEqual(0);
    expect(byOffset.offsetIndexEntry.offset).toBeLessThanOrEqual(29);
    expect(byOffset.batchPosition).toBe(batches[29].position);
    expect(byOffset.page?.batches[0].baseOffset).toBe(29);
    // The scan starts at the index entry, not at the segment's start.
    expect(byOffset.batchesScanned).toBeLessThan(29);
    const past = await logDirs.find('broker-0/kafka-logs', SEGMENT, { kind: 'offset', offset: 1000 });
    expect(past).toMatchObject({
      batchPosition: null,
      message: 'Offset 1000 is past the end of this segment (its last offset is 39).',
      page: null,
    });

    const target = batches[33].maxTimestamp;
    const expected = batches.find((b) => b.maxTimestamp >= target)!;
    const byTime = await logDirs.find('broker-0/kafka-logs', SEGMENT, { kind: 'timestamp', timestamp: target });
    expect(byTime).toMatchObject({
      foundOffset: expected.baseOffset,
      foundTimestamp: expected.maxTimestamp,
      batchPosition: expected.position,
    });
    expect(byTime.timeIndexEntry!.timestamp).toBeLessThanOrEqual(target);
    const byPosition = await logDirs.find('broker-0/kafka-logs', SEGMENT, { kind: 'position', position: batches[12].position + 5 });
    expect(byPosition.batchPosition).toBe(batches[12].position);
  });

  it('pages the index entries, which land on batch starts', async () => {
    const page = await logDirs.indexEntries('broker-0/kafka-logs', SEGMENT, 'offset', 0, 3);
    expect(page.items).toHaveLength(3);
    for (const e of page.items) expect(batches.find((b) => b.position === e.position)?.lastOffset).toBe(e.offset);
    const times = await logDirs.indexEntries('broker-0/kafka-logs', SEGMENT, 'time', 0, 1000);
    expect(times.items.length).toBe(times.entries);
    for (const e of times.items) expect(batches.find((b) => b.lastOffset === e.offset)?.maxTimestamp).toBe(e.timestamp);
  });

  it('passes the index check on a good segment and reports a tampered index entry', async () => {
    const good = await logDirs.checkIndexes('broker-0/kafka-logs', SEGMENT);
    expect(good).toMatchObject({ passed: true, problems: [], batchesScanned: RECORDS, logStop: null });
    expect(good.offsetIndexEntries).toBeGreaterThan(3);

    const dir = join(tmp.dir, 'tampered-index');
    cpSync(join(brokerDir, 'orders-0'), join(dir, 'orders-0'), { recursive: true });
    const indexPath = join(dir, 'orders-0', '00000000000000000000.index');
    const bytes = readFileSync(indexPath);
    bytes.writeInt32BE(bytes.readInt32BE(12) + 3, 12); // entry 1's position, 3 bytes into its batch
    writeFileSync(indexPath, bytes);
    const folder = await logDirs.openFolder(dir);
    const bad = await logDirs.checkIndexes(folder.id, SEGMENT);
    expect(bad.passed).toBe(false);
    expect(bad.problems).toContainEqual({
      index: 'offset',
      slot: 1,
      kind: 'not-a-batch-start',
      message: expect.stringContaining(`points at position ${bytes.readInt32BE(12)}, which is not the start of a batch`),
    });
  });

  it('reports a flipped byte as a CRC error (stored vs computed) and keeps reading; shows a torn tail as such', async () => {
    const dir = join(tmp.dir, 'flipped');
    cpSync(join(brokerDir, 'orders-0'), join(dir, 'orders-0'), { recursive: true });
    const logPath = join(dir, SEGMENT);
    const bytes = readFileSync(logPath);
    const at = batches[5].position + batches[5].sizeInBytes - 3; // inside record 5's header value
    bytes[at] ^= 0xff;
    writeFileSync(logPath, bytes);
    truncateSync(logPath, batches[RECORDS - 1].position + 30);
    const folder = await logDirs.openFolder(dir);
    const page = await logDirs.batches(folder.id, SEGMENT, 0, { maxBatches: 500 });
    expect(page.batches).toHaveLength(RECORDS - 1);
    const flipped = page.batches[5];
    expect(flipped.crcValid).toBe(false);
    expect(flipped.storedCrc).toBe(batches[5].storedCrc);
    expect(flipped.computedCrc).not.toBe(flipped.storedCrc);
    expect(flipped.problem).toBe(`Record is corrupt (stored crc = ${flipped.storedCrc}, computed crc = ${flipped.computedCrc})`);
    expect(page.batches.filter((b) => !b.crcValid).map((b) => b.baseOffset)).toEqual([5]);
    expect(page.stop).toMatchObject({ kind: 'torn', position: batches[RECORDS - 1].position, bytes: 30 });
    expect(page.stop?.message.en).toContain('is cut short');
    expect(page.stop?.message['zh-CN']).toContain('不完整的写入（torn write）');
  });

  it('stops at a corrupt batch header and goes on from the next index entry; shows zeros at the end as such', async () => {
    const dir = join(tmp.dir, 'corrupt-header');
    cpSync(join(brokerDir, 'orders-0'), join(dir, 'orders-0'), { recursive: true });
    const logPath = join(dir, SEGMENT);
    const bytes = readFileSync(logPath);
    bytes.writeInt32BE(5, batches[10].position + 8); // a size field below the smallest message
    writeFileSync(logPath, bytes);
    appendFileSync(logPath, new Uint8Array(4096));
    const folder = await logDirs.openFolder(dir);
    const page = await logDirs.batches(folder.id, SEGMENT, 0, { maxBatches: 500 });
    expect(page.batches.map((b) => b.baseOffset)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(page.stop).toMatchObject({
      kind: 'corrupt',
      position: batches[10].position,
      message: {
        en: `Record size 5 is less than the minimum record overhead (14) (batch at position ${batches[10].position})`,
        'zh-CN': `Record size 5 is less than the minimum record overhead (14)（批次位于位置 ${batches[10].position}）`,
      },
    });
    const resume = page.stop!.resumePosition!;
    const entries = (await logDirs.indexEntries(folder.id, SEGMENT, 'offset', 0, 1000)).items;
    expect(resume).toBe(entries.find((e) => e.position! > batches[10].position)!.position);
    const rest = await logDirs.batches(folder.id, SEGMENT, resume, { maxBatches: 500 });
    expect(rest.batches[0].position).toBe(resume);
    expect(rest.batches.at(-1)?.lastOffset).toBe(RECORDS - 1);
    expect(rest.stop).toMatchObject({ kind: 'zeros', position: statSync(logPath).size - 4096, bytes: 4096, resumePosition: null });
    const check = await logDirs.checkIndexes(folder.id, SEGMENT);
    expect(check.logStop?.kind).toBe('corrupt');
  });

  it('reads legacy magic 0 and 1 messages (a gzip wrapper too) in a partition directory opened on its own, without indexes', async () => {
    const dir = join(tmp.dir, 'legacy-0');
    mkdirSync(dir);
    const enc = new TextEncoder();
    const now = 1_600_000_000_000;
    const v0 = buildRecordBatch([{ key: enc.encode('a'), value: enc.encode('v0 message') }], { magic: 0, baseOffset: 0 });
    const v1 = buildRecordBatch([{ key: null, value: enc.encode('v1 message'), timestamp: now }], { magic: 1, baseOffset: 1, now });
    const wrapped = buildRecordBatch(
      [2, 3, 4].map((i) => ({ key: enc.encode(`k${i}`), value: enc.encode(`{"n":${i}}`), timestamp: now + i })),
      { magic: 1, baseOffset: 2, compression: CompressionType.GZIP, now },
    );
    writeFileSync(join(dir, '00000000000000000000.log'), Buffer.concat([v0, v1, wrapped]));
    const folder = await logDirs.openFolder(dir);
    const listing = await logDirs.list(folder.id, '');
    expect(listing).toMatchObject({
      dirKind: 'partition',
      partition: { topic: 'legacy', partition: 0, dirKind: 'current', orphaned: null },
    });
    const summary = await logDirs.segment(folder.id, '00000000000000000000.log');
    expect(summary).toMatchObject({ offsetIndex: null, timeIndex: null, partition: { topic: 'legacy' } });
    const page = await logDirs.batches(folder.id, '00000000000000000000.log', 0);
    expect(page.batches.map((b) => [b.magic, b.baseOffset, b.lastOffset, b.compression, b.crcValid, b.count])).toEqual([
      [0, 0, 0, 'none', true, null],
      [1, 1, 1, 'none', true, null],
      [1, 2, 4, 'gzip', true, null],
    ]);
    const records = await logDirs.records(folder.id, '00000000000000000000.log', page.batches[2].position);
    expect(records.records.map((r) => [r.offset, r.key?.text, r.value?.text, r.timestamp])).toEqual([
      [2, 'k2', '{"n":2}', now + 2],
      [3, 'k3', '{"n":3}', now + 3],
      [4, 'k4', '{"n":4}', now + 4],
    ]);
    const found = await logDirs.find(folder.id, '00000000000000000000.log', { kind: 'offset', offset: 3 });
    expect(found).toMatchObject({ offsetIndexEntry: { slot: -1, position: 0 }, batchPosition: page.batches[2].position });
  });

  it('browses a copy of a broker log dir read-only, and refuses every path that leaves it', async () => {
    const before = fingerprint(external);
    writeFileSync(join(external, 'meta.properties.tmp'), 'left by a crash');
    symlinkSync('/etc', join(external, 'etc-link'));
    symlinkSync('/etc/hostname', join(external, 'orders-0', 'hostname-link'));
    symlinkSync(join(external, 'meta.properties'), join(external, 'meta-link'));
    const folder = await logDirs.openFolder(`${external}/`);
    expect(folder).toMatchObject({ kind: 'external', brokerId: null, online: null });
    expect((await logDirs.roots()).map((r) => r.id)).toContain(folder.id);

    const listing = await logDirs.list(folder.id, '');
    expect(listing.entries.find((e) => e.name === 'orders-0')?.partition).toMatchObject({ topic: 'orders', orphaned: null });
    expect(listing.entries.find((e) => e.name === 'etc-link')).toMatchObject({ kind: 'outside-link', isDirectory: false });
    // Said for a person in both languages.
    expect(listing.entries.find((e) => e.name === 'etc-link')?.problem?.['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    expect((await logDirs.readFile(folder.id, 'meta-link')).content.text).toContain('broker.id=0');
    expect((await logDirs.readFile(folder.id, 'meta.properties')).brokerMetadata?.brokerId).toBe(0);
    const page = await logDirs.batches(folder.id, SEGMENT, 0, { maxBatches: 500 });
    expect(page.batches.map((b) => b.baseOffset)).toEqual(batches.map((b) => b.baseOffset));
    expect((await logDirs.records(folder.id, SEGMENT, batches[3].position)).records[0].value?.text).toBe('{"id":3}');
    await logDirs.checkIndexes(folder.id, SEGMENT);

    const refusals: Array<[string, () => Promise<unknown>]> = [
      ['..', () => logDirs.list(folder.id, '..')],
      ['../..', () => logDirs.readFile(folder.id, '../workspaces')],
      ['orders-0/../../x', () => logDirs.list(folder.id, 'orders-0/../..')],
      ['/etc', () => logDirs.list(folder.id, '/etc')],
      ['/etc/passwd', () => logDirs.readFile(folder.id, '/etc/passwd')],
      ['etc-link', () => logDirs.list(folder.id, 'etc-link')],
      ['etc-link/passwd', () => logDirs.readFile(folder.id, 'etc-link/passwd')],
      ['hostname-link', () => logDirs.readFile(folder.id, 'orders-0/hostname-link')],
      ['segment via ..', () => logDirs.batches(folder.id, '../flipped/orders-0/00000000000000000000.log', 0)],
    ];
    for (const [what, call] of refusals) {
      const error = await call().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, what).toMatchObject({ errorName: 'INVALID_INPUT', message: expect.stringMatching(/outside|absolute path/) });
    }
    await expect(logDirs.list('external-999', '')).rejects.toMatchObject({ errorName: 'LOG_DIR_NOT_FOUND' });
    await expect(logDirs.openFolder('relative/dir')).rejects.toMatchObject({
      errorName: 'INVALID_INPUT',
      message: 'relative/dir is not an absolute path.',
    });
    await expect(logDirs.openFolder(join(tmp.dir, 'nope'))).rejects.toMatchObject({
      errorName: 'INVALID_INPUT',
      message: `There is no directory ${join(tmp.dir, 'nope')}.`,
    });
    await expect(logDirs.openFolder('/')).rejects.toMatchObject({ errorName: 'INVALID_INPUT' });

    // Nothing was written, not even the removal of meta.properties.tmp Kafka's reader does.
    const after = fingerprint(external);
    delete after[join(external, 'meta.properties.tmp')];
    expect(after).toEqual(before);
    expect(readFileSync(join(external, 'meta.properties.tmp'), 'utf8')).toBe('left by a crash');
    await logDirs.closeFolder(folder.id);
    expect((await logDirs.roots()).map((r) => r.id)).not.toContain(folder.id);
  });
});
