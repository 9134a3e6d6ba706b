import { describe, expect, it } from 'vitest';
import type { ZkServerEvent } from '../../../src-main/core/zookeeper';
import { useZkFixture } from './zk-test-helpers';

const zk = useZkFixture();

describe('an empty multi', () => {
  it('answers [] without a request, so it takes no zxid (ZooKeeper.multiInternal returns early)', async () => {
    const client = await zk().client();
    await client.create('/a', null);
    const events: ZkServerEvent[] = [];
    zk().server.subscribe((e) => events.push(e));
    const before = zk().server.lastZxid;

    expect(await client.multi([])).toEqual([]);
    await zk().idle();

    expect(zk().server.lastZxid).toBe(before);
    expect(events).toEqual([]);
    // The next write takes the next zxid.
    expect((await client.create('/b', null)).stat.czxid).toBe(before + 1);
  });
});
