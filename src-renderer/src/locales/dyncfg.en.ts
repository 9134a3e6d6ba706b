// English texts of the broker config editor (merged into en.ts as `dyncfg`).
export default {
  type: 'Type',
  default: 'Default',
  validValues: 'Valid values',
  scope: 'Scope',
  readOnly: 'read-only',
  perBroker: 'per broker',
  clusterWide: 'per broker or cluster-wide',
  edit: 'Edit',
  review: 'Review changes',
  save: 'Save',
  cancel: 'Cancel',
  diffTitle: 'Changes to /config/brokers/{entity}',
  unset: '(not set)',
  noChanges: 'No changes.',
  defaultsButton: 'Cluster-wide defaults',
  defaultsTitle: 'Cluster-wide default broker configs ({path})',
  defaultsNote:
    'Every broker takes these values (source DYNAMIC_DEFAULT_BROKER_CONFIG) for the keys it has no dynamic value of its own for (DYNAMIC_BROKER_CONFIG wins), ahead of server.properties.',
  withPerBroker: 'Per-broker keys too (refused at the cluster-wide level)',
};
