/**
 * The ZooKeeper node editor through the real backend (real clock, real SQLite, the default
 * 3-broker cluster): paging, reads with the full Stat, ZooKeeper's own refusals, writes through the
 * editor's own session that the controller reacts to, validation and previews from the cluster's
 * state, the watch listing and the pushes.
 */
import { JavaHashSet } from '../../src-main/core/common/java-hash-set';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DojoBackend } from '../../src-main/api/backend';
import type { PushDto, ZnodeChangeDto } from '../../src-main/api/contract';
import { kafkaText } from '../../src-main/api/localized-text';
import { createBackend } from '../../src-main/app/create-backend';
import { NzkClient } from '../support/node-zookeeper-client';
import { makeTempDir } from '../support/temp-dir';
import { waitFor } from '../support/wait-for';

const refusal = async (p: Promise<unknown>): Promise<{ name: string; message: string }> => {
  try {
    await p;
  } catch (e) {
    const err = e as { errorName?: string; message: string };
    return { name: err.errorName ?? 'not an ApiError', message: err.message };
  }
  throw new Error('expected a refusal');
};

describe('ZooKeeperService (the node editor) on the real backend', () => {
  const tmp = makeTempDir('kafka-dojo-zk-editor-');
  let backend: DojoBackend;
  const pushes: PushDto[] = [];

  beforeAll(async () => {
    backend = await createBackend({ dataDir: tmp.dir });
    backend.onPush((p) => pushes.push(p));
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    tmp.cleanup();
  });

  it("pages the children of a node with 2,500 children in ZooKeeper order, with each child's numChildren", async () => {
    const zk = backend.api.zookeeper;
    await zk.create({ path: '/many', data: null, mode: 'persistent' });
    const names = Array.from({ length: 2500 }, (_, i) => `c${i}`);
    await Promise.all(names.map((n) => zk.create({ path: `/many/${n}`, data: 'x', mode: 'persistent' })));
    await zk.create({ path: '/many/c1/inner', data: null, mode: 'persistent' });
    // ZooKeeper's order: DataNode's HashSet<String>, the children created c0 … c2499 in turn.
    const sorted = [...names.reduce((set, n) => set.add(n), new JavaHashSet(8))];
    const first = await zk.children('/many', 0, 1000);
    const third = await zk.children('/many', 2000, 1000);
    expect(first.total).toBe(2500);
    expect(first.children.map((c) => c.name)).toEqual(sorted.slice(0, 1000));
    expect(third.children.map((c) => c.name)).toEqual(sorted.slice(2000));
    const second = await zk.children('/many', 1000, 1000);
    expect([...first.children, ...second.children, ...third.children].find((c) => c.name === 'c1')).toEqual({
      name: 'c1',
      path: '/many/c1',
      numChildren: 1,
      ephemeral: false,
    });
    // A new child moves the parent's cversion: the next page reflects it.
    await zk.create({ path: '/many/zzz', data: null, mode: 'persistent' });
    const last = await zk.children('/many', 2500, 10);
    expect(last).toMatchObject({ total: 2501, offset: 2500, exists: true });
    expect(last.children).toHaveLength(1);
    const root = await zk.children('/', 0, 100);
    expect(root.children.map((c) => c.name)).toEqual(
      expect.arrayContaining(['brokers', 'controller', 'controller_epoch', 'admin', 'config', 'zookeeper']),
    );
  }, 60_000);

  it('reads null data as null, distinct from empty data, with every Stat field', async () => {
    const zk = backend.api.zookeeper;
    await zk.create({ path: '/null-data', data: null, mode: 'persistent' });
    await zk.create({ path: '/empty-data', data: '', mode: 'persistent' });
    await zk.create({ path: '/hex-data', data: 'ff 00 41', encoding: 'hex', mode: 'persistent' });
    const existing = async (path: string) => {
      const read = await zk.get(path);
      if (read === null) throw new Error(`${path} is missing`);
      return read;
    };
    const nul = await existing('/null-data');
    const empty = await existing('/empty-data');
    const hex = await existing('/hex-data');
    expect(nul.data).toBeNull();
    expect(empty.data).toEqual({ text: '', base64: '', size: 0 });
    expect(hex.data).toEqual({ text: null, base64: Buffer.from([0xff, 0x00, 0x41]).toString('base64'), size: 3 });
    expect(Object.keys(nul.stat).sort()).toEqual(
      [
        'aversion',
        'ctime',
        'cversion',
        'czxid',
        'dataLength',
        'ephemeralOwner',
        'mtime',
        'mzxid',
        'numChildren',
        'pzxid',
        'version',
      ].sort(),
    );
    expect(nul.stat).toMatchObject({ version: 0, aversion: 0, cversion: 0, ephemeralOwner: '0x0', dataLength: 0, numChildren: 0 });
    expect(nul.stat.czxid).toBe(nul.stat.mzxid);
    expect(empty.stat.czxid).toBeGreaterThan(nul.stat.czxid);
    const brokers = await existing('/brokers/ids/0');
    expect(brokers.stat.ephemeralOwner).not.toBe('0x0');
    expect(brokers.kind).toMatchObject({ kind: 'broker-registration', kafkaName: 'BrokerIdZNode', createMode: 'ephemeral' });
  });

  it('creates persistent, ephemeral, sequential and ephemeral-sequential nodes through its own session', async () => {
    const zk = backend.api.zookeeper;
    await zk.create({ path: '/modes', data: null, mode: 'persistent' });
    const eph = await zk.create({ path: '/modes/eph', data: 'e', mode: 'ephemeral' });
    const seq = await zk.create({ path: '/modes/seq-', data: 's', mode: 'persistent-sequential' });
    const ephSeq = await zk.create({ path: '/modes/es-', data: null, mode: 'ephemeral-sequential' });
    expect(seq.path).toMatch(/^\/modes\/seq-\d{10}$/);
    expect(ephSeq.path).toMatch(/^\/modes\/es-\d{10}$/);
    expect(seq.stat.ephemeralOwner).toBe('0x0');
    const editor = (await zk.watches()).find((s) => s.owner === 'kafka-dojo-node-editor');
    expect(editor).toBeDefined();
    expect(eph.stat.ephemeralOwner).toBe(editor?.sessionId);
    expect(ephSeq.stat.ephemeralOwner).toBe(editor?.sessionId);
    expect(await refusal(zk.create({ path: '/modes/eph/child', data: null, mode: 'persistent' }))).toEqual({
      name: 'NOCHILDRENFOREPHEMERALS',
      message: 'KeeperErrorCode = NoChildrenForEphemerals for /modes/eph/child',
    });
  });

  it("refuses in ZooKeeper's words: NodeExists, BadVersion, NotEmpty, NoNode, bad paths — and changes nothing", async () => {
    const zk = backend.api.zookeeper;
    await zk.create({ path: '/guarded', data: 'v0', mode: 'persistent' });
    await zk.create({ path: '/guarded/kid', data: null, mode: 'persistent' });
    expect(await refusal(zk.create({ path: '/guarded', data: 'again', mode: 'persistent' }))).toEqual({
      name: 'NODEEXISTS',
      message: 'KeeperErrorCode = NodeExists for /guarded',
    });
    expect(await refusal(zk.setData({ path: '/guarded', data: 'v1', version: 3 }))).toEqual({
      name: 'BADVERSION',
      message: 'KeeperErrorCode = BadVersion for /guarded',
    });
    expect((await zk.get('/guarded'))?.data?.text).toBe('v0');
    const set = await zk.setData({ path: '/guarded', data: 'v1', version: 0 });
    expect(set.stat.version).toBe(1);
    expect(await refusal(zk.delete('/guarded', 1))).toEqual({
      name: 'NOTEMPTY',
      message: 'KeeperErrorCode = Directory not empty for /guarded',
    });
    expect(await refusal(zk.delete('/guarded/kid', 5))).toMatchObject({ name: 'BADVERSION' });
    expect(await refusal(zk.setData({ path: '/nowhere', data: null, version: -1 }))).toEqual({
      name: 'NONODE',
      message: 'KeeperErrorCode = NoNode for /nowhere',
    });
    expect(await zk.get('/nowhere')).toBeNull();
    expect(await zk.children('/nowhere', 0, 10)).toEqual({ path: '/nowhere', children: [], offset: 0, total: 0, exists: false, pzxid: -1 });
    expect(await refusal(zk.create({ path: 'no-slash', data: null, mode: 'persistent' }))).toMatchObject({
      name: 'BADARGUMENTS',
      message: expect.stringContaining('Path must start with / character'),
    });
    expect(await refusal(zk.create({ path: '/x', data: 'zz', encoding: 'hex', mode: 'persistent' }))).toMatchObject({
      name: 'INVALID_INPUT',
    });
  });

  it('deletes recursively, deepest first, after listing what goes', async () => {
    const zk = backend.api.zookeeper;
    for (const p of ['/tree', '/tree/a', '/tree/a/a1', '/tree/a/a2', '/tree/b'])
      await zk.create({ path: p, data: null, mode: 'persistent' });
    const preview = await zk.previewDeleteRecursive('/tree', 3);
    expect(preview.total).toBe(5);
    expect(preview.paths).toEqual(['/tree/a/a1', '/tree/a/a2', '/tree/a']);
    expect(await zk.deleteRecursive('/tree')).toEqual({ deleted: 5 });
    expect(await zk.get('/tree')).toBeNull();
  });

  it("validates the known Kafka paths against their schema and previews from the cluster's state", async () => {
    const zk = backend.api.zookeeper;
    const topicOk = await zk.check({
      op: 'create',
      path: '/brokers/topics/hand',
      data: '{"version":2,"partitions":{"2":[2],"1":[1],"0":[0]},"adding_replicas":{},"removing_replicas":{}}',
    });
    expect(topicOk).toMatchObject({ refusal: null, problem: null, kind: { kind: 'topic', kafkaName: 'TopicZNode' } });
    expect(topicOk.effects[0].en).toBe(
      "This creates topic hand with 3 partitions on brokers 0,1,2 (no /config/topics/hand: the brokers' defaults apply).",
    );
    const onGhost = await zk.check({
      op: 'create',
      path: '/brokers/topics/ghost',
      data: '{"version":2,"partitions":{"0":[7]},"adding_replicas":{},"removing_replicas":{}}',
    });
    expect(onGhost.effects.map((e) => e.en)).toContain('Partition 0 has no live replica: no leader and no log for it.');
    const malformed = await zk.check({ op: 'create', path: '/brokers/topics/bad', data: '{"version":2,"partitions":{"0":[0' });
    expect(malformed.problem).toMatchObject({ kafkaReading: 'treats-as-empty', line: 1 });
    expect(malformed.effects[0].en).toMatch(/^Invalid: the controller will read it as empty/);
    const wrongType = await zk.check({ op: 'create', path: '/brokers/topics/bad', data: '{"version":2,"partitions":{"0":"zero"}}' });
    expect(wrongType.problem?.message).toContain('/brokers/topics/bad');
    expect(wrongType.effects[0].en).toMatch(/^Invalid: the controller will log “/);

    expect(
      (
        await zk.check({
          op: 'create',
          path: '/brokers/topics/t/partitions/0/state',
          data: '{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0]}',
        })
      ).refusal?.en,
    ).toBe('KeeperErrorCode = NoNode for /brokers/topics/t/partitions/0/state');
    const state = await zk.check({ op: 'setData', path: '/brokers/topics/__dojo_none/partitions/0/state', data: '{"leader":0}' });
    expect(state.refusal?.en).toMatch(/NoNode/);
    const badState = await zk.check({ op: 'create', path: '/many/x', data: 'free text' });
    expect(badState.effects.map((e) => e.en)).toEqual(['Not a Kafka znode: nothing in Kafka reads it.']);

    expect((await zk.check({ op: 'create', path: '/admin/delete_topics/nope', data: null })).effects.map((e) => e.en)).toEqual([
      'Topic nope does not exist: the controller removes this marker.',
    ]);
    const reassign = await zk.check({
      op: 'create',
      path: '/admin/reassign_partitions',
      data: '{"version":1,"partitions":[{"topic":"t","partition":0,"replicas":[1,0]}]}',
    });
    expect(reassign.effects[0].en).toMatch(/^This reassigns t-0 → \[1,0\]/);
    const reassignBad = await zk.check({
      op: 'create',
      path: '/admin/reassign_partitions',
      data: '{"version":1,"partitions":[{"topic":"t","partition":0,"replicas":[1],"log_dirs":["any"]}]}',
    });
    expect(reassignBad.problem?.message).toContain('Ignoring partition reassignment due to invalid json');
    expect(
      (
        await zk.check({
          op: 'create',
          path: '/admin/preferred_replica_election',
          data: '{"version":1,"partitions":[{"topic":"t","partition":0}]}',
        })
      ).effects[0].en,
    ).toMatch(/^This moves leadership of t-0/);
    expect(
      (await zk.check({ op: 'create', path: '/admin/preferred_replica_election', data: '{"version":1,"partitions":[{"topic":"t"}]}' }))
        .problem,
    ).not.toBeNull();
    const controller = await zk.check({ op: 'delete', path: '/controller', data: null });
    const epoch = (await backend.api.cluster.overview()).controllerEpoch;
    expect(controller.effects.map((e) => e.en)).toEqual([
      `This triggers a re-election: every live broker tries to create /controller; the winner's epoch is ${epoch + 1}.`,
    ]);
    expect((await zk.check({ op: 'create', path: '/controller', data: '{"version":1,"brokerid":0,"timestamp":"1"}' })).refusal?.en).toBe(
      'KeeperErrorCode = NodeExists for /controller',
    );
    expect((await zk.check({ op: 'create', path: '/brokers/ids/9', data: '{"version":4}' })).problem).not.toBeNull();
    expect(
      (await zk.check({ op: 'create', path: '/config/topics/cfg', data: '{"version":1,"config":{"retention.ms":1}}' })).problem,
    ).not.toBeNull();
    expect(
      (await zk.check({ op: 'create', path: '/config/topics/cfg', data: '{"version":1,"config":{"retention.ms":"1"}}' })).problem,
    ).toBeNull();
    const notHex = (await zk.check({ op: 'create', path: '/x', data: 'zz', encoding: 'hex' })).refusal;
    expect(notHex?.en).toBe('The data is not hex: two hex digits per byte.');
    expect(notHex?.['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    expect((await zk.templates()).find((t) => t.kind === 'topic')).toMatchObject({ path: '/brokers/topics/my-topic', mode: 'persistent' });
  });

  it('writes its previews, znode descriptions and template titles in English and 简体中文', async () => {
    const zk = backend.api.zookeeper;
    const created = await zk.check({
      op: 'create',
      path: '/brokers/topics/zh',
      data: '{"version":2,"partitions":{"1":[1],"0":[0]},"adding_replicas":{},"removing_replicas":{}}',
    });
    expect(created.effects[0]).toEqual({
      en: "This creates topic zh with 2 partitions on brokers 0,1 (no /config/topics/zh: the brokers' defaults apply).",
      'zh-CN': '这会创建 Topic zh，共 2 个分区，位于 broker 0,1（没有 /config/topics/zh：使用 broker 的默认配置）。',
    });
    expect(created.kind.title).toEqual({ en: 'Topic assignment', 'zh-CN': 'Topic 副本分配' });
    const epoch = (await backend.api.cluster.overview()).controllerEpoch;
    expect((await zk.check({ op: 'delete', path: '/controller', data: null })).effects[0]['zh-CN']).toBe(
      `这会触发重新选举：每个存活的 broker 都尝试创建 /controller；胜出者的 epoch 是 ${epoch + 1}。`,
    );
    const badId = await zk.check({ op: 'create', path: '/brokers/ids/-1', data: null });
    expect(badId.notes).toContainEqual({ en: 'Negative broker id -1', 'zh-CN': 'broker id -1 是负数' });
    const controllerNode = await zk.get('/controller');
    expect(controllerNode?.kind.description['zh-CN']).toBe(
      '指明哪个 broker 是控制器。临时节点：随该 broker 的会话消失，删除它会触发重新选举。',
    );
    expect((await zk.templates()).find((t) => t.kind === 'delete-topic-marker')?.title).toEqual({
      en: 'Topic deletion marker',
      'zh-CN': 'Topic 删除标记',
    });
  });

  it('a hand-written /brokers/topics/<t> creates the topic; a hand-written deletion marker deletes it (C6, D8)', async () => {
    const zk = backend.api.zookeeper;
    await zk.create({
      path: '/brokers/topics/handmade',
      data: '{"version":2,"partitions":{"1":[1,2],"0":[0,1]},"adding_replicas":{},"removing_replicas":{}}',
      mode: 'persistent',
    });
    const detail = await waitFor('handmade online', async () => {
      const d = await backend.api.topics.detail('handmade').catch(() => null);
      return d && d.partitions.length === 2 && d.partitions.every((p) => p.state === 'OnlinePartition') ? d : null;
    });
    expect(detail.partitions.map((p) => p.replicas)).toEqual([
      [0, 1],
      [1, 2],
    ]);
    expect((await zk.children('/brokers/topics/handmade/partitions', 0, 10)).children.map((c) => c.name)).toEqual(['0', '1']);
    const marker = await zk.check({ op: 'create', path: '/admin/delete_topics/handmade', data: null });
    expect(marker.effects[0].en).toMatch(/^This marks topic handmade for deletion: StopReplica to brokers 0,1,2 for its 2 partitions/);
    await zk.create({ path: '/admin/delete_topics/handmade', data: null, mode: 'persistent' });
    await waitFor(
      'handmade gone',
      async () =>
        (await backend.api.topics.list({ search: 'handmade' })).total === 0 &&
        !(await zk.children('/brokers/topics', 0, 1000)).children.some((c) => c.name === 'handmade'),
    );
    await waitFor('the marker gone', async () => (await zk.get('/admin/delete_topics/handmade')) === null);
  }, 40_000);

  it('previews a setData of a topic znode: added partitions are created, edits of existing ones wait for a failover (A7)', async () => {
    const zk = backend.api.zookeeper;
    await zk.create({
      path: '/brokers/topics/grow',
      data: '{"version":2,"partitions":{"0":[0]},"adding_replicas":{},"removing_replicas":{}}',
      mode: 'persistent',
    });
    await waitFor('grow online', async () => (await backend.api.topics.detail('grow').catch(() => null))?.partitions.length === 1);
    const grow = await zk.check({
      op: 'setData',
      path: '/brokers/topics/grow',
      data: '{"version":2,"partitions":{"1":[1],"0":[2]},"adding_replicas":{},"removing_replicas":{}}',
    });
    expect(grow.effects.map((e) => e.en)).toEqual([
      'This adds partition 1 to topic grow (1 partition on broker 1).',
      'The running controller ignores changes to existing partitions (0); they take effect in its cache only after a controller failover, which then uses this assignment.',
    ]);
    const state = await zk.check({
      op: 'create',
      path: '/brokers/topics/grow/partitions/5/state',
      data: '{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0]}',
    });
    expect(state.refusal?.en).toBe('KeeperErrorCode = NoNode for /brokers/topics/grow/partitions/5/state');
    const existingState = await zk.check({
      op: 'setData',
      path: '/brokers/topics/grow/partitions/0/state',
      data: '{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0]}',
    });
    expect(existingState.effects.map((e) => e.en)).toEqual([
      'Nothing watches this node: no effect until the next controller failover, which keeps it as written.',
    ]);
    expect((await zk.check({ op: 'delete', path: '/brokers/topics/grow', data: null })).effects.map((e) => e.en)).toEqual([
      "The controller drops topic grow from its cache and sends nothing: its logs stay on the brokers' disks as orphans.",
    ]);
  }, 30_000);

  it('a hand-written /admin/reassign_partitions moves the replicas and is removed when done (K7)', async () => {
    const zk = backend.api.zookeeper;
    await zk.create({
      path: '/brokers/topics/moving',
      data: '{"version":2,"partitions":{"0":[0]},"adding_replicas":{},"removing_replicas":{}}',
      mode: 'persistent',
    });
    await waitFor(
      'moving online',
      async () => (await backend.api.topics.detail('moving').catch(() => null))?.partitions[0]?.state === 'OnlinePartition',
    );
    const data = '{"version":1,"partitions":[{"topic":"moving","partition":0,"replicas":[2,1]}]}';
    expect((await zk.check({ op: 'create', path: '/admin/reassign_partitions', data })).effects[0].en).toMatch(
      /^This reassigns moving-0 → \[2,1\]/,
    );
    await zk.create({ path: '/admin/reassign_partitions', data, mode: 'persistent' });
    const moved = await waitFor('the reassignment done', async () => {
      const d = await backend.api.topics.detail('moving');
      return (await zk.get('/admin/reassign_partitions')) === null && d.partitions[0].replicas.join() === '2,1' ? d : null;
    });
    expect(moved.partitions[0].leader).toBe(2);
  }, 30_000);

  it('deleting /controller from the editor forces a re-election: the epoch goes up by one (K3)', async () => {
    const before = (await backend.api.cluster.overview()).controllerEpoch;
    await backend.api.zookeeper.delete('/controller', -1);
    const after = await waitFor('a new controller', async () => {
      const o = await backend.api.cluster.overview();
      return o.controllerId >= 0 && o.controllerEpoch === before + 1 ? o : null;
    });
    expect(after.controllerEpoch).toBe(before + 1);
    expect((await backend.api.zookeeper.get('/controller'))?.kind.kind).toBe('controller');
  }, 30_000);

  it("lists the watches of every session, the controller's on /brokers/ids among them", async () => {
    // The previous test re-elected the controller: its failover registers the watches after the
    // election is visible, so wait until the new controller has finished registering them.
    const { sessions, controller } = await waitFor("the controller's watches", async () => {
      const all = await backend.api.zookeeper.watches();
      const controllerId = (await backend.api.cluster.overview()).controllerId;
      const mine = all.find((s) => s.owner === `broker-${controllerId} (controller)`);
      return mine?.data.includes('/controller') && mine.child.includes('/brokers/ids') ? { sessions: all, controller: mine } : null;
    });
    expect(controller?.child).toEqual(expect.arrayContaining(['/brokers/ids', '/brokers/topics', '/admin/delete_topics']));
    expect(controller?.data).toEqual(expect.arrayContaining(['/controller', '/admin/reassign_partitions']));
    expect(sessions.find((s) => s.owner === 'kafka-dojo-node-editor')?.recursive).toEqual(['/']);
    expect(sessions.filter((s) => /^broker-\d/.test(s.owner))).toHaveLength(3);
  });

  it('pushes the znodes that appear, change and vanish', async () => {
    const zk = backend.api.zookeeper;
    pushes.length = 0;
    await zk.create({ path: '/live', data: 'a', mode: 'persistent' });
    await zk.setData({ path: '/live', data: 'b', version: -1 });
    await zk.delete('/live', -1);
    const changes = await waitFor('the pushes', async () => {
      const all = pushes.flatMap((p): ZnodeChangeDto[] => (p.type === 'znodes' ? [...p.changes] : [])).filter((c) => c.path === '/live');
      return all.length >= 3 ? all : null;
    });
    expect(changes.map((c) => c.type)).toEqual(['created', 'changed', 'deleted']);
  });

  it("refuses what the ACLs forbid in zkCli's words, and takes addauth digest for its session (kept for its next session)", async () => {
    const zk = backend.api.zookeeper;
    expect(await refusal(zk.setData({ path: '/zookeeper/config', data: 'server.1=x', version: -1 }))).toEqual({
      name: 'NOAUTH',
      message: 'Insufficient permission : /zookeeper/config',
    });
    // The preview says so before the save, in the same words.
    expect((await zk.check({ op: 'setData', path: '/zookeeper/config', data: 'x' })).refusal).toEqual(
      kafkaText('Insufficient permission : /zookeeper/config'),
    );
    expect((await zk.check({ op: 'create', path: '/zookeeper/config/x', data: null, mode: 'persistent' })).refusal?.en).toBe(
      'Insufficient permission : /zookeeper/config/x',
    );
    expect((await zk.check({ op: 'setData', path: '/zookeeper/quota', data: 'x' })).refusal).toBeNull();
    const alice = 'alice:V55/p2T0OpjQ+low3NVAH4aLvm0=';
    const first = await zk.addAuth('digest', 'alice:pw');
    expect(first.identities).toEqual(
      expect.arrayContaining([
        { scheme: 'ip', id: '127.0.0.1' },
        { scheme: 'digest', id: alice },
      ]),
    );
    // An unknown scheme: AUTHFAILED, and that session is closed (as zkCli's would be).
    expect(await refusal(zk.addAuth('kerberos', 'x'))).toEqual({ name: 'AUTHFAILED', message: 'KeeperErrorCode = AuthFailed' });
    expect(await zk.get('/zookeeper')).not.toBeNull();
    const next = await zk.addAuth('digest', 'bob:pw');
    expect(next.sessionId).not.toBe(first.sessionId);
    expect(next.identities).toEqual(
      expect.arrayContaining([
        { scheme: 'digest', id: alice },
        { scheme: 'digest', id: 'bob:ikIaKsbtGweaHnb/jKn7OHqbunM=' },
      ]),
    );
  });

  it('with delete.topic.enable=false the preview of a deletion marker says nothing is deleted (D2)', async () => {
    await backend.api.workspaces.create({
      name: 'no-delete',
      brokers: 1,
      racks: null,
      logDirsPerBroker: 1,
      brokerConfig: { 'delete.topic.enable': 'false' },
    });
    await waitFor('a controller', async () => (await backend.api.cluster.overview()).controllerId >= 0);
    const zk = backend.api.zookeeper;
    await zk.create({
      path: '/brokers/topics/kept',
      data: '{"version":2,"partitions":{"0":[0]},"adding_replicas":{},"removing_replicas":{}}',
      mode: 'persistent',
    });
    expect((await zk.check({ op: 'create', path: '/admin/delete_topics/kept', data: null })).effects.map((e) => e.en)).toEqual([
      'delete.topic.enable=false: the controller removes this marker and deletes nothing.',
    ]);
    // The editor's session belongs to the workspace now open: the old one's nodes are not there.
    expect(await zk.get('/many')).toBeNull();
  }, 60_000);

  it('lists an outside client’s session with its address, negotiated timeout and watches, until it closes', async () => {
    const connect = (await backend.api.cluster.overview()).zookeeperConnect;
    expect(connect).toMatch(/^127\.0\.0\.1:\d+$/);
    const outside = await NzkClient.connect(connect!, { sessionTimeoutMs: 12_000 });
    try {
      await outside.getChildren('/brokers/ids', () => undefined);
      await outside.getData('/controller', () => undefined);
      const row = (await backend.api.zookeeper.watches()).find((s) => s.sessionId === outside.sessionIdHex);
      expect(row).toMatchObject({
        owner: 'outside client',
        data: ['/controller'],
        child: ['/brokers/ids'],
        connection: { address: expect.stringMatching(/^\/127\.0\.0\.1:\d+$/), timeoutMs: 12_000 },
      });
      const inProcess = (await backend.api.zookeeper.watches()).filter((s) => s.owner.startsWith('broker-'));
      expect(inProcess.length).toBeGreaterThan(0);
      expect(inProcess.every((s) => s.connection === null)).toBe(true);
    } finally {
      outside.close();
    }
    await waitFor(
      'the closed session to leave the list',
      async () => !(await backend.api.zookeeper.watches()).some((s) => s.sessionId === outside.sessionIdHex),
    );
  });
});
