// English texts of the transactions view (merged into en.ts as `transactions`). Transaction states,
// error names and config names are Kafka's and are not translated.
export default {
  title: 'Transactions',
  note: 'Each transactional id the running transaction coordinators hold (the leaders of its __transaction_state partition), as TransactionMetadata has it. Updated live.',
  none: 'No transactional id yet: a producer with transactional.id must call initTransactions first.',
  columns: {
    transactionalId: 'Transactional id',
    state: 'State',
    producer: 'Producer id / epoch',
    partitions: 'Partitions in the transaction',
    timeout: 'transaction.timeout.ms',
    started: 'Started',
    coordinator: 'Coordinator',
    actions: 'Actions',
  },
  pending: 'writing {state}',
  timedOut: 'past its timeout',
  coordinatorCell: 'broker {broker} · __transaction_state-{partition} · epoch {epoch}',
  fence: 'Fence producer',
  confirmTitle: 'Fence the producer of {id}',
  confirmInit:
    'The dojo sends InitProducerId for transactional id {id} to its coordinator, broker {broker}, as a new instance of the producer would.',
  confirmEpoch:
    'The producer epoch goes from {from} to {to}: the running producer (epoch {from}) is fenced, and its next request fails with INVALID_PRODUCER_EPOCH.',
  confirmAbort:
    'Its open transaction on {count} partition(s) is aborted: PrepareAbort is written to __transaction_state, ABORT markers to each partition, then CompleteAbort. Its records are never seen by read_committed consumers.',
  confirmNoTxn: 'It has no transaction open: only the epoch changes.',
  confirmButton: 'Fence',

  openTitle: 'Open transactions',
  holds: 'Partition {partition}’s LSO is held at {offset} by producer id {producerId} (epoch {epoch})',
  alsoOpen: 'Partition {partition}: producer id {producerId} (epoch {epoch}) has a transaction open from offset {offset}',
  startedAgo: 'started {time} ago',
  startedUnknown: 'start time unknown',
};
