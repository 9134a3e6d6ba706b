// English texts of the replication throttles (merged into en.ts as `throttle`).
export default {
  title: 'Replication throttle',
  none: 'none',
  leader: 'Leader {rate}/s',
  follower: 'Follower {rate}/s',
  limit: 'of {rate}/s',
  unlimited: 'no limit',
  hint: 'Throttled replication bytes/s (leader.replication.throttled.rate / follower.replication.throttled.rate)',
};
