import { describe, expect, it } from 'vitest';
import { CreateMode } from '../../../src-main/core/zookeeper';
import { describeEvent, EventLog, useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

describe("a session that closes is told of its own ephemerals' deletion", () => {
  it('gets the NodeDeleted / NodeChildrenChanged events of the closeSession before close() resolves', async () => {
    const log = new EventLog();
    const owner = await zk().client({ watcher: log.watcher });
    await owner.create('/parent', null);
    await owner.create('/parent/e1', null, { mode: CreateMode.EPHEMERAL });
    await owner.create('/e2', null, { mode: CreateMode.EPHEMERAL });
    await owner.exists('/parent/e1', true);
    await owner.getChildren('/parent', true);
    const own: string[] = [];
    await owner.getData('/e2', (e) => own.push(describeEvent(e)));
    const zxidBefore = zk().server.lastZxid;

    const closing = owner.close().then(() => [...log.seen, ...own]);
    const seenAtClose = await closing;

    expect(seenAtClose).toEqual(['NodeDeleted /parent/e1', 'NodeChildrenChanged /parent', 'NodeDeleted /e2']);
    // All of them from the closeSession's one zxid.
    expect(log.events.every((e) => e.zxid === zxidBefore + 1)).toBe(true);
    expect(owner.state).toBe('CLOSED');
    expect(zk().server.watchesOf(owner.sessionId)).toEqual({ data: [], child: [], persistent: [], recursive: [] });
  });
});
