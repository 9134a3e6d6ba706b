// English texts of the client quotas view (merged into en.ts as `quotas`). Entity names, config
// names and paths are Kafka's and are not translated.
export default {
  title: 'Client quotas',
  add: 'Add quota',
  entitiesTitle: 'Quota entities',
  entitiesNone: 'No quota is configured: every client is unlimited (but for quota.producer.default / quota.consumer.default).',
  clientsTitle: 'Connected clients, as the brokers measure them',
  clientsNote:
    'Every connection without authentication is user ANONYMOUS. Rates are over quota.window.num × quota.window.size.seconds; the throttle time is the average of the last two 30 s samples. Updated live.',
  clientsNone: 'No client has produced or fetched since its broker started.',
  precedenceTitle: 'Which entity’s quota applies (ClientQuotaManager)',
  precedenceNote: 'For a client (user, client-id), the first of these that sets the quota is in force:',
  columns: {
    entity: 'Entity',
    znode: 'Znode',
    inEffect: 'In effect for',
    broker: 'Broker',
    user: 'User',
    clientId: 'Client id',
  },
  notSet: '—',
  unlimited: 'unlimited',
  bound: 'quota {quota}',
  from: 'from {source}',
  observed: 'observed {rate}',
  throttled: 'throttle {ms} ms',
  notThrottled: 'not throttled',
  allClientIds: '(all client ids of the user)',
  edit: 'Edit',
  kinds: {
    user: 'user',
    'client-id': 'client-id',
    'user-client-id': 'user + client-id',
  },
  form: {
    addTitle: 'Add a client quota',
    editTitle: 'Edit the quotas of {entity}',
    kind: 'Entity type',
    user: 'User principal',
    clientId: 'Client id',
    useDefault: '{name} (every one without its own)',
    nameRequired: 'A name is required (or choose {name}).',
    valuesHint:
      'Empty: not set (the next entity in the order below applies). Bytes per second; request_percentage in percent of one request thread.',
    review: 'Review',
    save: 'Save',
    changes: 'What changes',
    noChanges: 'No change to save.',
    existing: '{entity} already has a config znode: this edits it.',
  },
  sentences: {
    command: 'The same as: {command}',
    write:
      'The configs of {entity} are written to its znode under /config as version 1 JSON, then a change notification under /config/changes.',
    apply:
      'Each broker’s DynamicConfigManager reads the notification and updates its ClientQuotaManager; clients over the new bound are throttled from their next request.',
    delete:
      'Its quotas are removed ({keys}); the znode stays with an empty config, as kafka-configs leaves it, and the next entity in the order applies.',
  },
  deleteTitle: 'Delete the quotas of {entity}',
  saved: 'Completed updating config for entity: {entity}.',
};
