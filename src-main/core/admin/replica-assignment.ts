/**
 * Kafka 2.5's automatic replica assignment (`kafka.admin.AdminUtils.assignReplicasToBrokers`) and
 * the broker list it is fed (`AdminZkClient.getBrokerMetadatas`, `RackAwareMode`).
 *
 * Rack-unaware: the first replica of partition p goes to broker[(p + start) % n], round robin from
 * a random start; the others follow at an offset `1 + (shift + j) % (n - 1)` from the first, and
 * `shift` grows by one each time the partition id wraps around the broker list, so later rounds do
 * not repeat the same follower sets (seed 000 "分配规则" prints these tables).
 *
 * Rack-aware: the same walk over a rack-alternated broker list (one broker of each rack in turn),
 * with the shift multiplied by the number of racks, skipping a broker whose rack already holds a
 * replica while some rack holds none, and a broker already used while some broker is unused.
 *
 * The broker order is the caller's: Kafka does not sort here. `getBrokerMetadatas` sorts by id
 * (kafka-topics --zookeeper, auto-creation, CreatePartitions); CreateTopics passes the metadata
 * cache's alive brokers in whatever order that map iterates.
 */
import { KafkaApiError } from '../common/kafka-errors';
import type { Random } from '../platform/random';

/** `kafka.admin.BrokerMetadata`: a broker id and its `broker.rack`, if any. */
export interface BrokerMetadata {
  readonly id: number;
  readonly rack: string | null;
}

/** partition id → replica broker ids, in partition order. */
export type PartitionReplicaAssignment = Map<number, number[]>;

/**
 * `kafka.admin.RackAwareMode`. Enforced (kafka-topics, CreatePartitions) refuses a cluster where only
 * some brokers have a rack; Safe (auto-creation) then ignores racks; Disabled always ignores them.
 */
export type RackAwareMode = 'Enforced' | 'Safe' | 'Disabled';

/** kafka.admin.AdminOperationException: not an ApiException, so a response carries UNKNOWN_SERVER_ERROR. */
export function adminOperationError(message: string): KafkaApiError {
  return new KafkaApiError('UNKNOWN_SERVER_ERROR', message, 'AdminOperationException');
}

/**
 * `AdminUtils.assignReplicasToBrokers`. With `fixedStartIndex` ≥ 0 both the start index and the
 * initial shift take that value (Kafka's test hook, and what partition expansion uses); otherwise
 * each is drawn from `random` (start first, then shift), so `random` is required then.
 * `startPartitionId` < 0 means 0.
 */
export function assignReplicasToBrokers(
  brokerMetadatas: readonly BrokerMetadata[],
  nPartitions: number,
  replicationFactor: number,
  fixedStartIndex = -1,
  startPartitionId = -1,
  random?: Random,
): PartitionReplicaAssignment {
  if (nPartitions <= 0) throw new KafkaApiError('INVALID_PARTITIONS', 'Number of partitions must be larger than 0.');
  if (replicationFactor <= 0) {
    throw new KafkaApiError('INVALID_REPLICATION_FACTOR', 'Replication factor must be larger than 0.');
  }
  if (replicationFactor > brokerMetadatas.length) {
    throw new KafkaApiError(
      'INVALID_REPLICATION_FACTOR',
      `Replication factor: ${replicationFactor} larger than available brokers: ${brokerMetadatas.length}.`,
    );
  }
  const draw = (bound: number): number => {
    if (fixedStartIndex >= 0) return fixedStartIndex;
    if (random === undefined) throw new Error('assignReplicasToBrokers needs a Random when fixedStartIndex < 0');
    return random.nextInt(bound);
  };
  if (brokerMetadatas.every((b) => b.rack === null)) {
    return assignRackUnaware(
      nPartitions,
      replicationFactor,
      brokerMetadatas.map((b) => b.id),
      startPartitionId,
      draw,
    );
  }
  if (brokerMetadatas.some((b) => b.rack === null)) {
    throw adminOperationError('Not all brokers have rack information for replica rack aware assignment.');
  }
  return assignRackAware(nPartitions, replicationFactor, brokerMetadatas, startPartitionId, draw);
}

/** `AdminUtils.replicaIndex`: where the (replicaIndex+2)-th replica goes, relative to the first. */
export function replicaIndex(firstReplicaIndex: number, secondReplicaShift: number, replicaIndex: number, nBrokers: number): number {
  const shift = 1 + ((secondReplicaShift + replicaIndex) % (nBrokers - 1));
  return (firstReplicaIndex + shift) % nBrokers;
}

function assignRackUnaware(
  nPartitions: number,
  replicationFactor: number,
  brokerArray: readonly number[],
  startPartitionId: number,
  draw: (bound: number) => number,
): PartitionReplicaAssignment {
  const ret: PartitionReplicaAssignment = new Map();
  const n = brokerArray.length;
  const startIndex = draw(n);
  let currentPartitionId = Math.max(0, startPartitionId);
  let nextReplicaShift = draw(n);
  for (let i = 0; i < nPartitions; i++) {
    if (currentPartitionId > 0 && currentPartitionId % n === 0) nextReplicaShift += 1;
    const firstReplicaIndex = (currentPartitionId + startIndex) % n;
    const replicas = [brokerArray[firstReplicaIndex]];
    for (let j = 0; j < replicationFactor - 1; j++) {
      replicas.push(brokerArray[replicaIndex(firstReplicaIndex, nextReplicaShift, j, n)]);
    }
    ret.set(currentPartitionId, replicas);
    currentPartitionId += 1;
  }
  return ret;
}

function assignRackAware(
  nPartitions: number,
  replicationFactor: number,
  brokerMetadatas: readonly BrokerMetadata[],
  startPartitionId: number,
  draw: (bound: number) => number,
): PartitionReplicaAssignment {
  const brokerRackMap = new Map<number, string>();
  for (const b of brokerMetadatas) if (b.rack !== null) brokerRackMap.set(b.id, b.rack);
  const numRacks = new Set(brokerRackMap.values()).size;
  const arrangedBrokerList = getRackAlternatedBrokerList(brokerRackMap);
  const numBrokers = arrangedBrokerList.length;
  const ret: PartitionReplicaAssignment = new Map();
  const startIndex = draw(numBrokers);
  let currentPartitionId = Math.max(0, startPartitionId);
  let nextReplicaShift = draw(numBrokers);
  for (let i = 0; i < nPartitions; i++) {
    if (currentPartitionId > 0 && currentPartitionId % numBrokers === 0) nextReplicaShift += 1;
    const firstReplicaIndex = (currentPartitionId + startIndex) % numBrokers;
    const leader = arrangedBrokerList[firstReplicaIndex];
    const replicas = [leader];
    const racksWithReplicas = new Set([rackOf(brokerRackMap, leader)]);
    const brokersWithReplicas = new Set([leader]);
    let k = 0;
    for (let r = 0; r < replicationFactor - 1; r++) {
      let done = false;
      while (!done) {
        const broker = arrangedBrokerList[replicaIndex(firstReplicaIndex, nextReplicaShift * numRacks, k, numBrokers)];
        const rack = rackOf(brokerRackMap, broker);
        // Skip the broker if its rack already has a replica while another rack has none, or if it
        // already has a replica while another broker has none.
        if (
          (!racksWithReplicas.has(rack) || racksWithReplicas.size === numRacks) &&
          (!brokersWithReplicas.has(broker) || brokersWithReplicas.size === numBrokers)
        ) {
          replicas.push(broker);
          racksWithReplicas.add(rack);
          brokersWithReplicas.add(broker);
          done = true;
        }
        k += 1;
      }
    }
    ret.set(currentPartitionId, replicas);
    currentPartitionId += 1;
  }
  return ret;
}

function rackOf(brokerRackMap: ReadonlyMap<number, string>, broker: number): string {
  const rack = brokerRackMap.get(broker);
  if (rack === undefined) throw new Error(`broker ${broker} has no rack`);
  return rack;
}

/**
 * `AdminUtils.getRackAlternatedBrokerList`: racks sorted by name, brokers sorted by id within each
 * rack, then one broker from each rack in turn (rack1: 0,1,2 / rack2: 3,4,5 → 0,3,1,4,2,5).
 */
export function getRackAlternatedBrokerList(brokerRackMap: ReadonlyMap<number, string>): number[] {
  const brokersByRack = new Map<string, number[]>();
  for (const [id, rack] of brokerRackMap) {
    const list = brokersByRack.get(rack) ?? [];
    list.push(id);
    brokersByRack.set(rack, list);
  }
  // Java String order is UTF-16 code unit order, which is also the default JS sort order.
  const racks = [...brokersByRack.keys()].sort();
  const iterators = new Map(racks.map((rack) => [rack, [...brokersByRack.get(rack)!].sort((a, b) => a - b)[Symbol.iterator]()]));
  const result: number[] = [];
  let rackIndex = 0;
  while (result.length < brokerRackMap.size) {
    const next = iterators.get(racks[rackIndex])!.next();
    if (!next.done) result.push(next.value);
    rackIndex = (rackIndex + 1) % racks.length;
  }
  return result;
}

/**
 * `AdminZkClient.getBrokerMetadatas`: the registered brokers (optionally only `brokerList`), racks
 * kept or dropped per `rackAwareMode`, sorted by id.
 */
export function getBrokerMetadatas(
  allBrokers: readonly BrokerMetadata[],
  rackAwareMode: RackAwareMode = 'Enforced',
  brokerList?: readonly number[],
): BrokerMetadata[] {
  const brokers = brokerList === undefined ? allBrokers : allBrokers.filter((b) => brokerList.includes(b.id));
  const withRack = brokers.filter((b) => b.rack !== null).length;
  if (rackAwareMode === 'Enforced' && withRack > 0 && withRack < brokers.length) {
    throw adminOperationError(
      'Not all brokers have rack information. Add --disable-rack-aware in command line' +
        ' to make replica assignment without rack information.',
    );
  }
  const dropRacks = rackAwareMode === 'Disabled' || (rackAwareMode === 'Safe' && withRack < brokers.length);
  return brokers.map((b) => ({ id: b.id, rack: dropRacks ? null : b.rack })).sort((a, b) => a.id - b.id);
}

/**
 * The start index partition expansion passes as `fixedStartIndex` (`AdminZkClient.addPartitions`):
 * the index of the first broker (in the sorted list) whose id is ≥ partition 0's first replica, or 0.
 * The same value is the initial shift, so new partitions do not continue the original layout.
 */
export function addPartitionsStartIndex(allBrokers: readonly BrokerMetadata[], partition0Replicas: readonly number[]): number {
  return Math.max(
    0,
    allBrokers.findIndex((b) => b.id >= partition0Replicas[0]),
  );
}
