import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ClusterHarness } from '../support/cluster-harness';

const enc = (s: string) => new TextEncoder().encode(s);
const dec = (b: Uint8Array | null) => (b === null ? null : new TextDecoder().decode(b));

describe('emulated cluster smoke', () => {
  let h: ClusterHarness;
  afterEach(async () => h?.close());

  it('elects a controller and creates a hand-written topic', async () => {
    h = await ClusterHarness.create({ brokers: 3, seed: 7 });
    const zk = await h.session();
    const controller = JSON.parse(dec((await zk.getData('/controller')).data) as string);
    expect(controller.brokerid).toBe(0);
    expect(dec((await zk.getData('/controller_epoch')).data)).toBe('1');
    expect((await zk.getChildren('/brokers/ids')).children).toEqual(['0', '1', '2']);
    await zk.create('/brokers/topics/t1', enc('{"version":2,"partitions":{"0":[0,1],"1":[1,2]},"adding_replicas":{},"removing_replicas":{}}'));
    await h.settle();
    const state = dec((await zk.getData('/brokers/topics/t1/partitions/0/state')).data);
    expect(state).toBe('{"controller_epoch":1,"leader":0,"version":1,"leader_epoch":0,"isr":[0,1]}');
    expect(existsSync(join(h.logDir(0), 't1-0', '00000000000000000000.log'))).toBe(true);
    expect(existsSync(join(h.logDir(2), 't1-1', '00000000000000000000.index'))).toBe(true);
    expect(existsSync(join(h.logDir(2), 't1-0'))).toBe(false);
  });
});
