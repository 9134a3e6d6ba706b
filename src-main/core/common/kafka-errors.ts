/**
 * Kafka 2.5's `org.apache.kafka.common.protocol.Errors` as data: code, enum name, the ApiException
 * class a client builds for it, and the default message (`Errors.message()`), copied as 2.5 words
 * them — including the then-current "hence be rejected." of INVALID_RECORD.
 *
 * `KafkaApiError` plays `ApiException`: an error plus the specific message the broker puts in the
 * response (`Replication factor: 4 larger than available brokers: 3.`).
 */

// [code, name, exception class (simple name), default message]
const ERROR_TABLE = [
  [-1, 'UNKNOWN_SERVER_ERROR', 'UnknownServerException', 'The server experienced an unexpected error when processing the request.'],
  [0, 'NONE', null, null],
  [
    1,
    'OFFSET_OUT_OF_RANGE',
    'OffsetOutOfRangeException',
    'The requested offset is not within the range of offsets maintained by the server.',
  ],
  [
    2,
    'CORRUPT_MESSAGE',
    'CorruptRecordException',
    'This message has failed its CRC checksum, exceeds the valid size, has a null key for a compacted topic, or is otherwise corrupt.',
  ],
  [3, 'UNKNOWN_TOPIC_OR_PARTITION', 'UnknownTopicOrPartitionException', 'This server does not host this topic-partition.'],
  [4, 'INVALID_FETCH_SIZE', 'InvalidFetchSizeException', 'The requested fetch size is invalid.'],
  [
    5,
    'LEADER_NOT_AVAILABLE',
    'LeaderNotAvailableException',
    'There is no leader for this topic-partition as we are in the middle of a leadership election.',
  ],
  [6, 'NOT_LEADER_FOR_PARTITION', 'NotLeaderForPartitionException', 'This server is not the leader for that topic-partition.'],
  [7, 'REQUEST_TIMED_OUT', 'TimeoutException', 'The request timed out.'],
  [8, 'BROKER_NOT_AVAILABLE', 'BrokerNotAvailableException', 'The broker is not available.'],
  [9, 'REPLICA_NOT_AVAILABLE', 'ReplicaNotAvailableException', 'The replica is not available for the requested topic-partition.'],
  [
    10,
    'MESSAGE_TOO_LARGE',
    'RecordTooLargeException',
    'The request included a message larger than the max message size the server will accept.',
  ],
  [11, 'STALE_CONTROLLER_EPOCH', 'ControllerMovedException', 'The controller moved to another broker.'],
  [12, 'OFFSET_METADATA_TOO_LARGE', 'OffsetMetadataTooLarge', 'The metadata field of the offset request was too large.'],
  [13, 'NETWORK_EXCEPTION', 'NetworkException', 'The server disconnected before a response was received.'],
  [
    14,
    'COORDINATOR_LOAD_IN_PROGRESS',
    'CoordinatorLoadInProgressException',
    "The coordinator is loading and hence can't process requests.",
  ],
  [15, 'COORDINATOR_NOT_AVAILABLE', 'CoordinatorNotAvailableException', 'The coordinator is not available.'],
  [16, 'NOT_COORDINATOR', 'NotCoordinatorException', 'This is not the correct coordinator.'],
  [17, 'INVALID_TOPIC_EXCEPTION', 'InvalidTopicException', 'The request attempted to perform an operation on an invalid topic.'],
  [
    18,
    'RECORD_LIST_TOO_LARGE',
    'RecordBatchTooLargeException',
    'The request included message batch larger than the configured segment size on the server.',
  ],
  [19, 'NOT_ENOUGH_REPLICAS', 'NotEnoughReplicasException', 'Messages are rejected since there are fewer in-sync replicas than required.'],
  [
    20,
    'NOT_ENOUGH_REPLICAS_AFTER_APPEND',
    'NotEnoughReplicasAfterAppendException',
    'Messages are written to the log, but to fewer in-sync replicas than required.',
  ],
  [21, 'INVALID_REQUIRED_ACKS', 'InvalidRequiredAcksException', 'Produce request specified an invalid value for required acks.'],
  [22, 'ILLEGAL_GENERATION', 'IllegalGenerationException', 'Specified group generation id is not valid.'],
  [
    23,
    'INCONSISTENT_GROUP_PROTOCOL',
    'InconsistentGroupProtocolException',
    "The group member's supported protocols are incompatible with those of existing members or first group member tried to join with empty protocol type or empty protocol list.",
  ],
  [24, 'INVALID_GROUP_ID', 'InvalidGroupIdException', 'The configured groupId is invalid.'],
  [25, 'UNKNOWN_MEMBER_ID', 'UnknownMemberIdException', 'The coordinator is not aware of this member.'],
  [
    26,
    'INVALID_SESSION_TIMEOUT',
    'InvalidSessionTimeoutException',
    'The session timeout is not within the range allowed by the broker (as configured by group.min.session.timeout.ms and group.max.session.timeout.ms).',
  ],
  [27, 'REBALANCE_IN_PROGRESS', 'RebalanceInProgressException', 'The group is rebalancing, so a rejoin is needed.'],
  [28, 'INVALID_COMMIT_OFFSET_SIZE', 'InvalidCommitOffsetSizeException', 'The committing offset data size is not valid.'],
  [29, 'TOPIC_AUTHORIZATION_FAILED', 'TopicAuthorizationException', 'Topic authorization failed.'],
  [30, 'GROUP_AUTHORIZATION_FAILED', 'GroupAuthorizationException', 'Group authorization failed.'],
  [31, 'CLUSTER_AUTHORIZATION_FAILED', 'ClusterAuthorizationException', 'Cluster authorization failed.'],
  [32, 'INVALID_TIMESTAMP', 'InvalidTimestampException', 'The timestamp of the message is out of acceptable range.'],
  [33, 'UNSUPPORTED_SASL_MECHANISM', 'UnsupportedSaslMechanismException', 'The broker does not support the requested SASL mechanism.'],
  [34, 'ILLEGAL_SASL_STATE', 'IllegalSaslStateException', 'Request is not valid given the current SASL state.'],
  [35, 'UNSUPPORTED_VERSION', 'UnsupportedVersionException', 'The version of API is not supported.'],
  [36, 'TOPIC_ALREADY_EXISTS', 'TopicExistsException', 'Topic with this name already exists.'],
  [37, 'INVALID_PARTITIONS', 'InvalidPartitionsException', 'Number of partitions is below 1.'],
  [
    38,
    'INVALID_REPLICATION_FACTOR',
    'InvalidReplicationFactorException',
    'Replication factor is below 1 or larger than the number of available brokers.',
  ],
  [39, 'INVALID_REPLICA_ASSIGNMENT', 'InvalidReplicaAssignmentException', 'Replica assignment is invalid.'],
  [40, 'INVALID_CONFIG', 'InvalidConfigurationException', 'Configuration is invalid.'],
  [41, 'NOT_CONTROLLER', 'NotControllerException', 'This is not the correct controller for this cluster.'],
  [
    42,
    'INVALID_REQUEST',
    'InvalidRequestException',
    'This most likely occurs because of a request being malformed by the client library or the message was sent to an incompatible broker. See the broker logs for more details.',
  ],
  [
    43,
    'UNSUPPORTED_FOR_MESSAGE_FORMAT',
    'UnsupportedForMessageFormatException',
    'The message format version on the broker does not support the request.',
  ],
  [44, 'POLICY_VIOLATION', 'PolicyViolationException', 'Request parameters do not satisfy the configured policy.'],
  [45, 'OUT_OF_ORDER_SEQUENCE_NUMBER', 'OutOfOrderSequenceException', 'The broker received an out of order sequence number.'],
  [46, 'DUPLICATE_SEQUENCE_NUMBER', 'DuplicateSequenceException', 'The broker received a duplicate sequence number.'],
  [
    47,
    'INVALID_PRODUCER_EPOCH',
    'ProducerFencedException',
    "Producer attempted an operation with an old epoch. Either there is a newer producer with the same transactionalId, or the producer's transaction has been expired by the broker.",
  ],
  [48, 'INVALID_TXN_STATE', 'InvalidTxnStateException', 'The producer attempted a transactional operation in an invalid state.'],
  [
    49,
    'INVALID_PRODUCER_ID_MAPPING',
    'InvalidPidMappingException',
    'The producer attempted to use a producer id which is not currently assigned to its transactional id.',
  ],
  [
    50,
    'INVALID_TRANSACTION_TIMEOUT',
    'InvalidTxnTimeoutException',
    'The transaction timeout is larger than the maximum value allowed by the broker (as configured by transaction.max.timeout.ms).',
  ],
  [
    51,
    'CONCURRENT_TRANSACTIONS',
    'ConcurrentTransactionsException',
    'The producer attempted to update a transaction while another concurrent operation on the same transaction was ongoing.',
  ],
  [
    52,
    'TRANSACTION_COORDINATOR_FENCED',
    'TransactionCoordinatorFencedException',
    'Indicates that the transaction coordinator sending a WriteTxnMarker is no longer the current coordinator for a given producer.',
  ],
  [53, 'TRANSACTIONAL_ID_AUTHORIZATION_FAILED', 'TransactionalIdAuthorizationException', 'Transactional Id authorization failed.'],
  [54, 'SECURITY_DISABLED', 'SecurityDisabledException', 'Security features are disabled.'],
  [
    55,
    'OPERATION_NOT_ATTEMPTED',
    'OperationNotAttemptedException',
    'The broker did not attempt to execute this operation. This may happen for batched RPCs where some operations in the batch failed, causing the broker to respond without trying the rest.',
  ],
  [56, 'KAFKA_STORAGE_ERROR', 'KafkaStorageException', 'Disk error when trying to access log file on the disk.'],
  [57, 'LOG_DIR_NOT_FOUND', 'LogDirNotFoundException', 'The user-specified log directory is not found in the broker config.'],
  [58, 'SASL_AUTHENTICATION_FAILED', 'SaslAuthenticationException', 'SASL Authentication failed.'],
  [
    59,
    'UNKNOWN_PRODUCER_ID',
    'UnknownProducerIdException',
    "This exception is raised by the broker if it could not locate the producer metadata associated with the producerId in question. This could happen if, for instance, the producer's records were deleted because their retention time had elapsed. Once the last records of the producerId are removed, the producer's metadata is removed from the broker, and future appends by the producer will return this exception.",
  ],
  [60, 'REASSIGNMENT_IN_PROGRESS', 'ReassignmentInProgressException', 'A partition reassignment is in progress.'],
  [61, 'DELEGATION_TOKEN_AUTH_DISABLED', 'DelegationTokenDisabledException', 'Delegation Token feature is not enabled.'],
  [62, 'DELEGATION_TOKEN_NOT_FOUND', 'DelegationTokenNotFoundException', 'Delegation Token is not found on server.'],
  [63, 'DELEGATION_TOKEN_OWNER_MISMATCH', 'DelegationTokenOwnerMismatchException', 'Specified Principal is not valid Owner/Renewer.'],
  [
    64,
    'DELEGATION_TOKEN_REQUEST_NOT_ALLOWED',
    'UnsupportedByAuthenticationException',
    'Delegation Token requests are not allowed on PLAINTEXT/1-way SSL channels and on delegation token authenticated channels.',
  ],
  [65, 'DELEGATION_TOKEN_AUTHORIZATION_FAILED', 'DelegationTokenAuthorizationException', 'Delegation Token authorization failed.'],
  [66, 'DELEGATION_TOKEN_EXPIRED', 'DelegationTokenExpiredException', 'Delegation Token is expired.'],
  [67, 'INVALID_PRINCIPAL_TYPE', 'InvalidPrincipalTypeException', 'Supplied principalType is not supported.'],
  [68, 'NON_EMPTY_GROUP', 'GroupNotEmptyException', 'The group is not empty.'],
  [69, 'GROUP_ID_NOT_FOUND', 'GroupIdNotFoundException', 'The group id does not exist.'],
  [70, 'FETCH_SESSION_ID_NOT_FOUND', 'FetchSessionIdNotFoundException', 'The fetch session ID was not found.'],
  [71, 'INVALID_FETCH_SESSION_EPOCH', 'InvalidFetchSessionEpochException', 'The fetch session epoch is invalid.'],
  [
    72,
    'LISTENER_NOT_FOUND',
    'ListenerNotFoundException',
    'There is no listener on the leader broker that matches the listener on which metadata request was processed.',
  ],
  [73, 'TOPIC_DELETION_DISABLED', 'TopicDeletionDisabledException', 'Topic deletion is disabled.'],
  [74, 'FENCED_LEADER_EPOCH', 'FencedLeaderEpochException', 'The leader epoch in the request is older than the epoch on the broker.'],
  [75, 'UNKNOWN_LEADER_EPOCH', 'UnknownLeaderEpochException', 'The leader epoch in the request is newer than the epoch on the broker.'],
  [
    76,
    'UNSUPPORTED_COMPRESSION_TYPE',
    'UnsupportedCompressionTypeException',
    'The requesting client does not support the compression type of given partition.',
  ],
  [77, 'STALE_BROKER_EPOCH', 'StaleBrokerEpochException', 'Broker epoch has changed.'],
  [
    78,
    'OFFSET_NOT_AVAILABLE',
    'OffsetNotAvailableException',
    'The leader high watermark has not caught up from a recent leader election so the offsets cannot be guaranteed to be monotonically increasing.',
  ],
  [
    79,
    'MEMBER_ID_REQUIRED',
    'MemberIdRequiredException',
    'The group member needs to have a valid member id before actually entering a consumer group.',
  ],
  [80, 'PREFERRED_LEADER_NOT_AVAILABLE', 'PreferredLeaderNotAvailableException', 'The preferred leader was not available.'],
  [81, 'GROUP_MAX_SIZE_REACHED', 'GroupMaxSizeReachedException', 'The consumer group has reached its max size.'],
  [
    82,
    'FENCED_INSTANCE_ID',
    'FencedInstanceIdException',
    'The broker rejected this static consumer since another consumer with the same group.instance.id has registered with a different member.id.',
  ],
  [83, 'ELIGIBLE_LEADERS_NOT_AVAILABLE', 'EligibleLeadersNotAvailableException', 'Eligible topic partition leaders are not available.'],
  [84, 'ELECTION_NOT_NEEDED', 'ElectionNotNeededException', 'Leader election not needed for topic partition.'],
  [85, 'NO_REASSIGNMENT_IN_PROGRESS', 'NoReassignmentInProgressException', 'No partition reassignment is in progress.'],
  [
    86,
    'GROUP_SUBSCRIBED_TO_TOPIC',
    'GroupSubscribedToTopicException',
    'Deleting offsets of a topic is forbidden while the consumer group is actively subscribed to it.',
  ],
  [87, 'INVALID_RECORD', 'InvalidRecordException', 'This record has failed the validation on broker and hence be rejected.'],
  [88, 'UNSTABLE_OFFSET_COMMIT', 'UnstableOffsetCommitException', 'There are unstable offsets that need to be cleared.'],
] as const;

export type ErrorName = (typeof ERROR_TABLE)[number][1];

export interface KafkaError {
  readonly code: number;
  readonly name: ErrorName;
  /** Simple class name of the ApiException (`InvalidReplicationFactorException`); null for NONE. */
  readonly exceptionName: string | null;
  /** Fully qualified, as `Errors.exceptionName()` returns it. */
  readonly exceptionClass: string | null;
  /** `Errors.message()`: the exception's default message; for NONE the enum name, as Java's toString. */
  readonly message: string;
  /** The default message; null for NONE. */
  readonly defaultMessage: string | null;
}

// InvalidRecordException is the one 2.5 exception outside the `errors` package.
function exceptionPackage(simpleName: string): string {
  return simpleName === 'InvalidRecordException' ? 'org.apache.kafka.common' : 'org.apache.kafka.common.errors';
}

/** Every error, in `Errors.values()` order (which is code order). */
export const ALL_ERRORS: readonly KafkaError[] = ERROR_TABLE.map(([code, name, exceptionName, defaultMessage]) =>
  Object.freeze({
    code,
    name,
    exceptionName,
    exceptionClass: exceptionName === null ? null : `${exceptionPackage(exceptionName)}.${exceptionName}`,
    message: defaultMessage ?? name,
    defaultMessage,
  }),
);

/** `Errors.X`, keyed by the enum name. */
export const Errors = Object.freeze(Object.fromEntries(ALL_ERRORS.map((e) => [e.name, e]))) as {
  readonly [K in ErrorName]: KafkaError;
};

const BY_CODE = new Map(ALL_ERRORS.map((e) => [e.code, e]));

/** `Errors.forCode`: an unknown code reads as UNKNOWN_SERVER_ERROR, as a 2.5 client would read it. */
export function errorForCode(code: number): KafkaError {
  return BY_CODE.get(code) ?? Errors.UNKNOWN_SERVER_ERROR;
}

/**
 * An `ApiException` with its error. `exceptionName` defaults to the error's own class; pass another
 * one for Kafka exceptions that are not ApiExceptions but reach a response anyway (an
 * `AdminOperationException` inside CreateTopics becomes UNKNOWN_SERVER_ERROR with its message).
 */
export class KafkaApiError extends Error {
  readonly error: KafkaError;
  readonly exceptionName: string;

  constructor(error: KafkaError | ErrorName, message?: string, exceptionName?: string) {
    const kafkaError = typeof error === 'string' ? Errors[error] : error;
    super(message ?? kafkaError.message);
    this.error = kafkaError;
    this.exceptionName = exceptionName ?? kafkaError.exceptionName ?? kafkaError.name;
    this.name = this.exceptionName;
  }

  get code(): number {
    return this.error.code;
  }

  get errorName(): ErrorName {
    return this.error.name;
  }

  /**
   * The message an `ApiError` carries in a response: null when it is just the default message, as
   * `ApiError.fromThrowable` leaves it out.
   */
  get apiMessage(): string | null {
    return this.message === this.error.message ? null : this.message;
  }
}
