// English texts of the partitions' open transactions (merged into en.ts as `transactions`).
export default {
  title: 'Open transactions',
  holds: 'Partition {partition}’s LSO is held at {offset} by producer id {producerId} (epoch {epoch})',
  alsoOpen: 'Partition {partition}: producer id {producerId} (epoch {epoch}) has a transaction open from offset {offset}',
  startedAgo: 'started {time} ago',
  startedUnknown: 'start time unknown',
};
