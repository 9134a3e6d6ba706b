import { describe, expect, it } from 'vitest';
import { defaultClusterDefinition, definitionProblems } from '../../../src-main/core/cluster/cluster-definition';

describe('the cluster definition’s ZooKeeper settings', () => {
  it('accepts a kept client port and refuses one that is not a port number', () => {
    const def = defaultClusterDefinition();
    expect(definitionProblems({ ...def, zookeeper: { clientPort: 2181, fourLetterWordWhitelist: 'srvr,ruok' } })).toEqual([]);
    expect(definitionProblems({ ...def, zookeeper: { clientPort: 70000 } })).toEqual([
      'ZooKeeper clientPort 70000 must be a port number (0 to 65535)',
    ]);
    expect(definitionProblems({ ...def, zookeeper: { clientPort: 21.5 } })).toEqual([
      'ZooKeeper clientPort 21.5 must be a port number (0 to 65535)',
    ]);
  });
});
