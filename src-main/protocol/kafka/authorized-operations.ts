/**
 * Authorized operations as Metadata (v8+) and DescribeGroups (v3+) carry them: a 32-bit field with
 * one bit per `AclOperation` code (`Utils.to32BitField`), or `AUTHORIZED_OPERATIONS_OMITTED` when
 * the client did not ask.
 */
import { INT_MIN } from '../../core/common/java-lang';

/** `org.apache.kafka.common.acl.AclOperation`, with its wire codes. */
export const AclOperation = {
  READ: 3,
  WRITE: 4,
  CREATE: 5,
  DELETE: 6,
  ALTER: 7,
  DESCRIBE: 8,
  CLUSTER_ACTION: 9,
  DESCRIBE_CONFIGS: 10,
  ALTER_CONFIGS: 11,
  IDEMPOTENT_WRITE: 12,
} as const;

/** `MetadataResponse.AUTHORIZED_OPERATIONS_OMITTED` (and DescribeGroupsResponse's): Integer.MIN_VALUE. */
export const AUTHORIZED_OPERATIONS_OMITTED = INT_MIN;

/** `Utils.to32BitField`: one bit per operation code. */
export function authorizedOperationsField(operations: readonly number[]): number {
  return operations.reduce((bits, op) => bits | (1 << op), 0);
}
