// English texts for finding one's way (merged into en.ts as `browsing`): the ZooKeeper path box,
// reading all partitions, the topic page's Messages and Consumers tabs and preferred leaders, the
// collapsible menu. Counts use vue-i18n plural forms (`one | many`, or `none | one | many`).
export default {
  zookeeper: {
    jump: 'Go to a znode path',
    jumpPlaceholder: 'Path, e.g. /brokers/ids — Enter',
    noNode: 'Node does not exist: {path}',
    typeName: 'Type the new znode’s path after {parent} (or start from a template).',
  },
  messages: {
    allPartitions: 'All partitions',
    merged: 'Read from {n} partition, in timestamp order | Read from {n} partitions, merged in timestamp order',
    written: 'Written (leader {leader})',
  },
  topic: {
    messages: 'Messages',
    consumers: 'Consumers',
    noConsumers: 'No consumer group has an offset or an assignment on this topic',
    group: 'Group',
    groupState: 'State',
    members: 'Members',
    lag: 'Lag on this topic',
    partitionLags: 'Lag per partition',
    moreConsumers: '… and {n} more group | … and {n} more groups',
    onPreferred: 'On its preferred leader (the first replica)',
    notPreferred: 'preferred: {broker}',
    notPreferredHint:
      'Not on its preferred leader: a preferred leader election (or auto.leader.rebalance.enable) moves leadership back to the first replica.',
    notOnPreferred: 'Not on preferred leader',
    sameAsCommand: 'The same change with kafka-configs:',
  },
  shell: {
    collapseMenu: 'Collapse the menu',
    expandMenu: 'Expand the menu',
  },
};
