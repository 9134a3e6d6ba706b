import { describe, expect, it } from 'vitest';
import type { WatchedEvent, ZkServerEvent } from '../../../src-main/core/zookeeper';
import { AddWatchMode, Code, CreateMode, EventType, KeeperState, OPEN_ACL_UNSAFE, WatcherType } from '../../../src-main/core/zookeeper';
import { utf8 } from '../../support/zk-fixture';
import { EventLog, describeEvent, expectKeeperError, useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

/** A session whose default watcher records into `log`, and a second session to make changes with. */
async function watcherAndWriter() {
  const log = new EventLog();
  const watcher = await zk().client({ watcher: log.watcher });
  const writer = await zk().client();
  return { log, watcher, writer };
}

describe('one-shot data watches', () => {
  it('getData: NodeDataChanged once, then nothing until set again', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    await writer.create('/a', utf8('0'));
    await watcher.getData('/a', true);

    await writer.setData('/a', utf8('1'));
    await writer.setData('/a', utf8('2'));
    await zk().idle();
    expect(log.seen).toEqual(['NodeDataChanged /a']);
    expect(log.events[0].state).toBe(KeeperState.SyncConnected);

    await watcher.getData('/a', true);
    await writer.setData('/a', utf8('3'));
    await zk().idle();
    expect(log.seen).toEqual(['NodeDataChanged /a', 'NodeDataChanged /a']);
  });

  it('exists on a missing node: NodeCreated when it appears, and only that', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    expect(await watcher.exists('/later', true)).toBeNull();
    await writer.create('/later', null);
    await writer.setData('/later', utf8('x'));
    await zk().idle();
    expect(log.seen).toEqual(['NodeCreated /later']);
  });

  it('exists on an existing node: NodeDeleted when it goes', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    await writer.create('/x', null);
    await watcher.exists('/x', true);
    await writer.delete('/x');
    await zk().idle();
    expect(log.seen).toEqual(['NodeDeleted /x']);
  });

  it('getData on a missing node registers nothing', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    const watchesBefore = zk().server.watchCount;
    await expectKeeperError(watcher.getData('/missing', true), Code.NONODE);
    await expectKeeperError(watcher.getChildren('/missing', true), Code.NONODE);
    expect(zk().server.watchCount).toBe(watchesBefore);
    await writer.create('/missing', null);
    await writer.create('/missing/child', null);
    await zk().idle();
    expect(log.seen).toEqual([]);
  });

  it('are not fired by setACL', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    await writer.create('/acl', null);
    await watcher.getData('/acl', true);
    await writer.setACL('/acl', OPEN_ACL_UNSAFE);
    await zk().idle();
    expect(log.seen).toEqual([]);
  });
});

describe('one-shot child watches', () => {
  it('fire NodeChildrenChanged on a child create and a child delete, not on a child setData or a setData of the node', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    await writer.create('/p', null);
    await watcher.getChildren('/p', true);

    await writer.create('/p/c', null);
    await writer.create('/p/d', null);
    await zk().idle();
    expect(log.seen).toEqual(['NodeChildrenChanged /p']);

    await watcher.getChildren('/p', true);
    await writer.setData('/p/c', utf8('x'));
    await writer.setData('/p', utf8('x'));
    await writer.create('/p/c/grandchild', null);
    await zk().idle();
    expect(log.seen).toEqual(['NodeChildrenChanged /p']);

    await writer.delete('/p/d');
    await zk().idle();
    expect(log.seen).toEqual(['NodeChildrenChanged /p', 'NodeChildrenChanged /p']);
  });
});

describe('delete', () => {
  it('tells data and child watchers of the node NodeDeleted, and child watchers of the parent NodeChildrenChanged', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    const otherLog = new EventLog();
    const other = await zk().client({ watcher: otherLog.watcher });
    await writer.create('/p', null);
    await writer.create('/p/n', null);
    await watcher.getData('/p/n', true);
    await other.getChildren('/p/n', true);
    await other.getChildren('/p', true);

    await writer.delete('/p/n');
    await zk().idle();
    expect(log.seen).toEqual(['NodeDeleted /p/n']);
    expect(otherLog.seen).toEqual(['NodeDeleted /p/n', 'NodeChildrenChanged /p']);
  });

  it('sends one notification to a session that holds both a data and a child watch on the node', async () => {
    const fired: Array<Extract<ZkServerEvent, { kind: 'watch-fired' }>> = [];
    zk().server.subscribe((e) => {
      if (e.kind === 'watch-fired') fired.push(e);
    });
    const { log, watcher, writer } = await watcherAndWriter();
    const childWatcher = new EventLog();
    await writer.create('/n', null);
    await watcher.getData('/n', true);
    await watcher.getChildren('/n', childWatcher.watcher);

    await writer.delete('/n');
    await zk().idle();
    expect(fired.filter((e) => e.sessionId === watcher.sessionId).map((e) => [e.type, e.path])).toEqual([[EventType.NodeDeleted, '/n']]);
    // The client hands that one notification to each of its watchers of the node.
    expect(log.seen).toEqual(['NodeDeleted /n']);
    expect(childWatcher.seen).toEqual(['NodeDeleted /n']);
  });
});

describe('client-side watcher bookkeeping', () => {
  it('calls a callback registered through both getData and exists once', async () => {
    const { writer } = await watcherAndWriter();
    const log = new EventLog();
    const client = await zk().client();
    await writer.create('/both', null);
    await client.getData('/both', log.watcher);
    await client.exists('/both', log.watcher);
    await writer.setData('/both', utf8('x'));
    await zk().idle();
    expect(log.seen).toEqual(['NodeDataChanged /both']);
  });

  it('calls each of two different callbacks once', async () => {
    const { writer } = await watcherAndWriter();
    const first = new EventLog();
    const second = new EventLog();
    const client = await zk().client();
    await writer.create('/two', null);
    await client.getData('/two', first.watcher);
    await client.exists('/two', second.watcher);
    await writer.setData('/two', utf8('x'));
    await zk().idle();
    expect(first.seen).toEqual(['NodeDataChanged /two']);
    expect(second.seen).toEqual(['NodeDataChanged /two']);
  });

  it('keeps watches per session: every watching session is told', async () => {
    const logs = [new EventLog(), new EventLog(), new EventLog()];
    const sessions = await Promise.all(logs.map((l) => zk().client({ watcher: l.watcher })));
    await sessions[0].create('/shared', null);
    for (const s of sessions) await s.getData('/shared', true);
    await sessions[0].setData('/shared', utf8('x'));
    await zk().idle();
    for (const l of logs) expect(l.seen).toEqual(['NodeDataChanged /shared']);
  });
});

describe('delivery order', () => {
  it('is asynchronous: a watcher is never called inside the write call', async () => {
    const log = new EventLog();
    const client = await zk().client({ watcher: log.watcher });
    await client.create('/async', null);
    await client.getData('/async', true);
    const write = client.setData('/async', utf8('x'));
    expect(log.events).toHaveLength(0);
    await write;
    expect(log.seen).toEqual(['NodeDataChanged /async']);
  });

  it('tells a client of its own change before the reply to that write', async () => {
    const log = new EventLog();
    const client = await zk().client({ watcher: log.watcher });
    await client.create('/own', null);
    await client.getChildren('/', true);
    await client.getData('/own', true);
    let seenAtReply: string[] = [];
    await client.setData('/own', utf8('x')).then(() => {
      seenAtReply = log.seen;
    });
    expect(seenAtReply).toEqual(['NodeDataChanged /own']);
    await client.create('/own2', null).then(() => {
      seenAtReply = log.seen;
    });
    expect(seenAtReply).toEqual(['NodeDataChanged /own', 'NodeChildrenChanged /']);
  });

  it('tells a client of a change before it answers that client a read that reflects the change', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    await writer.create('/r', utf8('0'));
    const paths = Array.from({ length: 40 }, (_, i) => `/r/${i}`);
    for (const p of paths) await writer.create(p, utf8('0'));
    for (const p of paths) await watcher.getData(p, true);

    // Writes and reads race; whenever a read already shows the new data, its event must be in.
    const writes: Array<Promise<unknown>> = [];
    const reads = paths.map((p, i) => {
      const read = () => watcher.getData(p).then((r) => ({ version: r.stat.version, notified: log.seen.includes(`NodeDataChanged ${p}`) }));
      if (i % 2 === 0) {
        writes.push(writer.setData(p, utf8('1')));
        return read();
      }
      const reading = read();
      writes.push(writer.setData(p, utf8('1')));
      return reading;
    });
    const seen = await Promise.all(reads);
    await Promise.all(writes);
    for (const s of seen) if (s.version === 1) expect(s.notified).toBe(true);
    expect(seen.some((s) => s.version === 1)).toBe(true);
  });

  it('goes out on the wire before the reply that reflects the change (server order, seen through submit)', async () => {
    const order: string[] = [];
    const watcher = await zk().client({ watcher: (e) => order.push(describeEvent(e)) });
    const writer = await zk().client();
    await writer.create('/wire', null);
    await watcher.getData('/wire', true);
    await watcher.getChildren('/wire', true);

    // The watcher session's own write, then a write by another session and the watcher's read of it.
    zk().server.submit(watcher.sessionId, { op: 'setData', path: '/wire', data: utf8('1'), version: -1 }, () =>
      order.push('reply setData'),
    );
    zk().server.submit(
      writer.sessionId,
      { op: 'create', path: '/wire/c', data: null, acl: OPEN_ACL_UNSAFE, mode: CreateMode.PERSISTENT },
      () => {},
    );
    zk().server.submit(watcher.sessionId, { op: 'getChildren', path: '/wire', watch: false }, () => order.push('reply getChildren'));
    await zk().idle();
    expect(order).toEqual(['NodeDataChanged /wire', 'reply setData', 'NodeChildrenChanged /wire', 'reply getChildren']);
  });

  it('is in zxid order across many writes from several sessions', async () => {
    const log = new EventLog();
    const watcher = await zk().client({ watcher: log.watcher });
    const writers = await Promise.all([zk().client(), zk().client(), zk().client()]);
    await writers[0].create('/ord', null);
    await watcher.addWatch('/ord', AddWatchMode.PERSISTENT_RECURSIVE);

    const writeZxids: number[] = [];
    await Promise.all(
      writers.map(async (w, wi) => {
        const ops = Array.from({ length: 30 }, async (_, i) => {
          const path = `/ord/${wi}-${i}`;
          writeZxids.push((await w.create(path, null)).stat.czxid);
          writeZxids.push((await w.setData(path, utf8('x'))).mzxid);
        });
        await Promise.all(ops);
      }),
    );
    await zk().idle();

    const eventZxids = log.events.map((e) => e.zxid);
    expect(eventZxids).toHaveLength(180);
    expect(eventZxids).toEqual([...writeZxids].sort((a, b) => a - b));
    for (let i = 1; i < eventZxids.length; i++) expect(eventZxids[i]).toBeGreaterThan(eventZxids[i - 1]);
  });
});

describe('persistent watches (addWatch PERSISTENT)', () => {
  it('fire again and again for data changes, creation, deletion and child changes of the path', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    await watcher.addWatch('/p', AddWatchMode.PERSISTENT);

    await writer.create('/p', null);
    await writer.setData('/p', utf8('1'));
    await writer.setData('/p', utf8('2'));
    await writer.create('/p/c', null);
    await writer.setData('/p/c', utf8('x'));
    await writer.create('/p/c/deep', null);
    await writer.delete('/p/c/deep');
    await writer.delete('/p/c');
    await writer.delete('/p');
    await writer.create('/p', null);
    await zk().idle();

    expect(log.seen).toEqual([
      'NodeCreated /p',
      'NodeDataChanged /p',
      'NodeDataChanged /p',
      'NodeChildrenChanged /p',
      'NodeChildrenChanged /p',
      'NodeDeleted /p',
      'NodeCreated /p',
    ]);
  });

  it('are replaced in the data table by a one-shot watch set later on the path (3.8: one mode per session and path)', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    await writer.create('/p', null);
    await watcher.addWatch('/p', AddWatchMode.PERSISTENT);
    await watcher.getData('/p', true);
    await writer.setData('/p', utf8('1'));
    await writer.setData('/p', utf8('2'));
    // WatcherModeManager.setWatcherMode(STANDARD) drops the persistent mode of the data table: the
    // first change fires it once and removes it; the child table keeps its persistent watch.
    await writer.create('/p/c', null);
    await zk().idle();
    expect(log.seen).toEqual(['NodeDataChanged /p', 'NodeChildrenChanged /p']);
  });
});

describe('persistent recursive watches (addWatch PERSISTENT_RECURSIVE)', () => {
  it('fire NodeCreated, NodeDataChanged and NodeDeleted for the node and all descendants, never NodeChildrenChanged', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    await watcher.addWatch('/r', AddWatchMode.PERSISTENT_RECURSIVE);

    await writer.create('/r', null);
    await writer.create('/r/a', null);
    await writer.create('/r/a/b', null);
    await writer.setData('/r/a/b', utf8('x'));
    await writer.setData('/r', utf8('x'));
    await writer.create('/rx', null);
    await writer.create('/other', null);
    await writer.delete('/r/a/b');
    await writer.delete('/r/a');
    await zk().idle();

    expect(log.seen).toEqual([
      'NodeCreated /r',
      'NodeCreated /r/a',
      'NodeCreated /r/a/b',
      'NodeDataChanged /r/a/b',
      'NodeDataChanged /r',
      'NodeDeleted /r/a/b',
      'NodeDeleted /r/a',
    ]);
  });

  it('leave a NodeChildrenChanged to the one-shot child watcher that asked for it', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    const childLog = new EventLog();
    await writer.create('/r', null);
    await writer.create('/r/a', null);
    await watcher.addWatch('/r', AddWatchMode.PERSISTENT_RECURSIVE);
    await watcher.getChildren('/r/a', childLog.watcher);

    await writer.create('/r/a/b', null);
    await zk().idle();
    expect(childLog.seen).toEqual(['NodeChildrenChanged /r/a']);
    expect(log.seen).toEqual(['NodeCreated /r/a/b']);
  });
});

describe('removeWatches', () => {
  it('fails with NOWATCHER when the session has no such watch', async () => {
    const { watcher, writer } = await watcherAndWriter();
    await writer.create('/w', null);
    const e = await expectKeeperError(watcher.removeWatches('/w', WatcherType.Any), Code.NOWATCHER, '/w');
    expect(e.code).toBe(-121);
    await watcher.getData('/w', true);
    await expectKeeperError(watcher.removeWatches('/w', WatcherType.Children), Code.NOWATCHER, '/w');
  });

  it('stops the removed watch from firing and tells the watcher DataWatchRemoved / ChildWatchRemoved', async () => {
    const { writer } = await watcherAndWriter();
    const client = await zk().client();
    const data = new EventLog();
    const child = new EventLog();
    await writer.create('/w', null);
    const baseline = zk().server.watchCount;
    await client.getData('/w', data.watcher);
    await client.getChildren('/w', child.watcher);
    expect(zk().server.watchCount).toBe(baseline + 2);

    await client.removeWatches('/w', WatcherType.Data, data.watcher);
    await client.removeWatches('/w', WatcherType.Children, child.watcher);
    expect(zk().server.watchCount).toBe(baseline);
    await expectKeeperError(client.removeWatches('/w', WatcherType.Data, data.watcher), Code.NOWATCHER);

    await writer.setData('/w', utf8('x'));
    await writer.create('/w/c', null);
    await zk().idle();
    expect(data.seen).toEqual(['DataWatchRemoved /w']);
    expect(child.seen).toEqual(['ChildWatchRemoved /w']);
  });

  it('removes a persistent watch with WatcherType.Any', async () => {
    const { log, watcher, writer } = await watcherAndWriter();
    await writer.create('/pw', null);
    await watcher.addWatch('/pw', AddWatchMode.PERSISTENT);
    await watcher.removeWatches('/pw', WatcherType.Any);
    await writer.setData('/pw', utf8('x'));
    await zk().idle();
    expect(log.seen).toEqual(['PersistentWatchRemoved /pw']);
  });
});

describe('watches and session lifetime', () => {
  it('are gone with an expired session', async () => {
    const log = new EventLog();
    const doomed = await zk().client({ watcher: log.watcher, sessionTimeoutMs: 4000 });
    const writer = await zk().client();
    await writer.create('/x', null);
    const baseline = zk().server.watchCount;
    await doomed.getData('/x', true);
    await doomed.getChildren('/x', true);
    await doomed.addWatch('/x', AddWatchMode.PERSISTENT_RECURSIVE);
    // The recursive watch takes over both one-shot entries (one mode per session and path and table).
    expect(zk().server.watchCount).toBe(baseline + 2);

    doomed.disconnect();
    await zk().advance(4000 + 2000);
    expect(zk().server.sessionIds()).not.toContain(doomed.sessionId);
    expect(zk().server.watchCount).toBe(baseline);
    expect(zk().server.watchesOf(doomed.sessionId)).toEqual({ data: [], child: [], persistent: [], recursive: [] });

    await expectKeeperError(doomed.reconnect(), Code.SESSIONEXPIRED);
    await writer.setData('/x', utf8('x'));
    await writer.create('/x/c', null);
    await zk().idle();
    expect(log.seen).toEqual([]);
  });
});

describe('cost', () => {
  it('with 100,000 watched nodes, one setData notifies one watcher and removes exactly one watch', async () => {
    const events: WatchedEvent[] = [];
    const client = await zk().client({ watcher: (e) => e.type !== EventType.None && events.push(e) });
    await client.create('/many', null);
    const paths = Array.from({ length: 100_000 }, (_, i) => `/many/n${i}`);
    await Promise.all(paths.map((p) => client.create(p, null, { mode: CreateMode.PERSISTENT })));
    await Promise.all(paths.map((p) => client.getData(p, true)));
    expect(zk().server.watchCount).toBe(100_000);

    await client.setData('/many/n54321', utf8('x'));
    await zk().idle();
    expect(events.map(describeEvent)).toEqual(['NodeDataChanged /many/n54321']);
    expect(zk().server.watchCount).toBe(99_999);
  });
});
