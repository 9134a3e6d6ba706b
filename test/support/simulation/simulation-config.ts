/** The simulated cluster's shape and the Kafka 2.5 timings its operations and invariants are built around. */

export const BROKERS = 4;
export const SESSION_TIMEOUT_MS = 18_000;
export const FILE_DELETE_DELAY_MS = 60_000;
/** `replica.lag.time.max.ms` (Kafka 2.5's default); the leader's ISR-shrink check runs every half of it. */
export const REPLICA_LAG_TIME_MAX_MS = 30_000;
export const ISR_SHRINK_CHECK_PERIOD_MS = REPLICA_LAG_TIME_MAX_MS / 2;
export const MAX_TOPICS = 24;
