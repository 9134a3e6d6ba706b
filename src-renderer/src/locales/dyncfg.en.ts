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
};
