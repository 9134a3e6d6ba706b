/**
 * Leader elections from the UI (`ElectionService`): ElectLeaders through the facade, and the leader
 * imbalance per broker computed as `KafkaController.checkAndTriggerAutoLeaderRebalance` does — the
 * partitions whose preferred replica is the broker, the share of them led elsewhere, over
 * `leader.imbalance.per.broker.percentage`.
 */
import type { PartitionSnapshot, TopicSnapshot } from '../../core/cluster/cluster-facade';
import type { TopicPartition } from '../../core/common/topic-partition';
import { ApiError } from '../backend';
import { partitionResults } from '../partition-results';
import type { ClusterHost } from '../cluster-host';
import type {
  BrokerImbalanceDto,
  ElectionOverviewDto,
  ElectionPartitionDto,
  ElectionRequestDto,
  ElectionResultDto,
  ElectionService,
} from './election-contract';
import { kafkaText } from '../localized-text';

/** Per preferred broker: its partitions and how many another broker leads (topics being deleted left out). */
export function leaderImbalance(
  topics: readonly TopicSnapshot[],
  brokerIds: readonly number[],
): Map<number, { preferred: number; notLedByPreferred: number }> {
  const out = new Map(brokerIds.map((id) => [id, { preferred: 0, notLedByPreferred: 0 }]));
  for (const t of topics) {
    if (t.beingDeleted) continue;
    for (const p of t.partitions) {
      const preferred = p.replicas[0];
      if (preferred === undefined) continue;
      const entry = out.get(preferred) ?? { preferred: 0, notLedByPreferred: 0 };
      entry.preferred++;
      // The controller counts only partitions it has leadership info for (−1 when it has none).
      if (p.leaderEpoch >= 0 && p.leader !== preferred) entry.notLedByPreferred++;
      out.set(preferred, entry);
    }
  }
  return out;
}

function partitionDto(topic: string, p: PartitionSnapshot, live: ReadonlySet<number>): ElectionPartitionDto {
  const preferredLeader = p.replicas[0] ?? -1;
  return {
    topic,
    partition: p.topicPartition.partition,
    replicas: [...p.replicas],
    isr: [...p.isr],
    leader: p.leader,
    preferredLeader,
    preferredElectable: p.leader !== preferredLeader && live.has(preferredLeader) && p.isr.includes(preferredLeader),
    offline: p.leader < 0 || !live.has(p.leader),
  };
}

export class ElectionServiceImpl implements ElectionService {
  constructor(private readonly host: ClusterHost) {}

  async overview(): Promise<ElectionOverviewDto> {
    const { cluster } = this.host.require();
    const brokers = cluster.brokers();
    const controller = cluster.controller();
    const config = (brokers.find((b) => b.id === controller?.brokerId) ?? brokers[0])?.config;
    const percentage = config?.leaderImbalancePerBrokerPercentage ?? 10;
    const topics = cluster.topics();
    const live = new Set(brokers.filter((b) => b.isRunning).map((b) => b.id));
    const imbalance = leaderImbalance(
      topics,
      brokers.map((b) => b.id),
    );
    const leaders = new Map<number, number>();
    for (const t of topics) for (const p of t.partitions) if (p.leader >= 0) leaders.set(p.leader, (leaders.get(p.leader) ?? 0) + 1);
    const brokerRows: BrokerImbalanceDto[] = [...imbalance]
      .sort((a, b) => a[0] - b[0])
      .map(([brokerId, { preferred, notLedByPreferred }]) => {
        const imbalanceRatio = preferred === 0 ? 0 : notLedByPreferred / preferred;
        return {
          brokerId,
          running: live.has(brokerId),
          preferredPartitions: preferred,
          notLedByPreferred,
          imbalanceRatio,
          overThreshold: imbalanceRatio > percentage / 100,
          leaderPartitions: leaders.get(brokerId) ?? 0,
        };
      });
    return {
      controllerId: controller?.brokerId ?? -1,
      imbalancePercentage: percentage,
      autoLeaderRebalanceEnable: config?.autoLeaderRebalanceEnable ?? true,
      imbalanceCheckIntervalSeconds: config?.leaderImbalanceCheckIntervalSeconds ?? 300,
      brokers: brokerRows,
      partitions: topics.flatMap((t) => t.partitions.map((p) => partitionDto(t.name, p, live))),
    };
  }

  async elect(request: ElectionRequestDto): Promise<ElectionResultDto[]> {
    const { cluster } = this.host.require();
    // Kafka's text: NOT_CONTROLLER's message.
    if (!cluster.controller()) throw new ApiError('NOT_CONTROLLER', kafkaText('This is not the correct controller for this cluster.'));
    const { scope } = request;
    let partitions: TopicPartition[];
    if (scope.kind === 'partition') partitions = [{ topic: scope.topic, partition: scope.partition }];
    else {
      const topics = cluster.topics().filter((t) => scope.kind === 'all' || t.name === scope.topic);
      if (scope.kind === 'topic' && topics.length === 0)
        throw new ApiError(
          'UNKNOWN_TOPIC_OR_PARTITION',
          { en: `Topic ${scope.topic} does not exist.`, 'zh-CN': `主题 ${scope.topic} 不存在。` },
          'topic',
        );
      partitions = topics.flatMap((t) => t.partitions.map((p) => p.topicPartition));
    }
    const results = partitionResults(await cluster.admin.electLeaders(request.electionType, partitions));
    // As KafkaApis answers an ElectLeaders for every partition: those already led as wanted are left out.
    return results.filter((r) => scope.kind !== 'all' || r.error !== 'ELECTION_NOT_NEEDED');
  }
}
