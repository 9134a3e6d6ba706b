/**
 * Broker actions of the open cluster (`BrokerService`), each explained before it is done in what
 * Kafka will do: which leaders move, which partitions go offline, what is written.
 */
import { BrokerConfig } from '../core/config/kafka-config';
import { describeBrokerConfig, describeDefaultBrokerConfig, type BrokerConfigEntry } from '../core/admin/broker-config-entries';
import { convertToString, NO_DEFAULT_VALUE } from '../core/common/config-def';
import { brokerConfigKey } from '../core/config/kafka-config-def';
import { isPerBrokerConfig, DYNAMIC_BROKER_CONFIG_DEF } from '../core/admin/dynamic-broker-config';
import { definitionProblemList } from '../core/cluster/cluster-definition';
import { definitionProblemText } from './workspaces/definition-problem-text';
import { KafkaException } from '../core/common/kafka-exception';
import { tpKey } from '../core/common/topic-partition';
import type { BrokerSnapshot } from '../core/cluster/cluster-facade';
import { ApiError } from './backend';
import type { BrokerActionDto, BrokerConfigEntryDto, BrokerDto, BrokerService, LocalizedText } from './contract';
import { brokerDto } from './cluster-view';
import type { ClusterHost } from './cluster-host';
import type { WorkspaceStore } from './workspaces/workspace-store';
import { kafkaText } from './localized-text';
import { EACH_BROKER_LOG_DIRS } from './workspaces/workspace-service';

/** The states `KafkaServer.startup` starts from (a killed or failed broker is reset first). */
const STARTABLE = new Set(['NotRunning', 'Killed', 'Failed']);

/**
 * A start that ends in Kafka's fatal startup error (the broker is left Failed, as Kafka halts) is
 * the cluster's answer, not the app's failure: it travels as the exception Kafka names.
 */
async function startupRefused(brokerId: number, start: () => Promise<void>): Promise<void> {
  try {
    await start();
  } catch (error) {
    // Kafka's own exceptions only: anything else is a bug of the app and stays one.
    if (!(error instanceof KafkaException)) throw error;
    // Kafka's text: KafkaServer's startup log line.
    throw new ApiError(error.name, kafkaText(`Broker ${brokerId}: Fatal error during KafkaServer startup: ${error.message}`));
  }
}

/** One DescribeConfigs entry for the UI, with KafkaConfig's type, default, validator and where it can be set. */
function configEntryDto(e: BrokerConfigEntry, originals: Readonly<Record<string, unknown>>): BrokerConfigEntryDto {
  const key = brokerConfigKey(e.name) ?? DYNAMIC_BROKER_CONFIG_DEF.find((k) => k.name === e.name);
  const defaultValue = key === undefined || key.defaultValue === NO_DEFAULT_VALUE ? null : convertToString(key.defaultValue, key.type);
  return {
    name: e.name,
    // The UI says a password is set without showing it; Kafka sends null.
    value: e.isSensitive && Object.hasOwn(originals, e.name) ? '[hidden]' : e.value,
    source: e.source,
    sensitive: e.isSensitive,
    documentation: e.documentation,
    type: key?.type ?? null,
    defaultValue: e.isSensitive ? null : defaultValue,
    validValues: key?.validator?.description || null,
    readOnly: e.isReadOnly,
    scope: e.isReadOnly ? null : isPerBrokerConfig(e.name) ? 'per-broker' : 'cluster-wide',
    synonyms: e.synonyms.map((s) => ({ name: s.name, value: s.value, source: s.source })),
  };
}

export class BrokerServiceImpl implements BrokerService {
  constructor(
    private readonly host: ClusterHost,
    private readonly registry: WorkspaceStore,
  ) {}

  private broker(id: number): BrokerSnapshot {
    const broker = this.host.require().cluster.broker(id);
    if (!broker) throw new ApiError('INVALID_INPUT', { en: `There is no broker ${id}.`, 'zh-CN': `不存在 broker ${id}。` });
    return broker;
  }

  async explain(brokerId: number, action: BrokerActionDto): Promise<LocalizedText[]> {
    const broker = this.broker(brokerId);
    const topics = this.host.require().cluster.topics();
    const partitions = topics.flatMap((t) => t.partitions);
    const led = partitions.filter((p) => p.leader === brokerId);
    const onlyInSync = led.filter((p) => p.isr.length === 1);
    const hosted = partitions.filter((p) => p.replicas.includes(brokerId));
    const id = brokerId;
    const sole = `${onlyInSync
      .slice(0, 10)
      .map((p) => tpKey(p.topicPartition))
      .join(', ')}${onlyInSync.length > 10 ? ' …' : ''}`;
    const controllerMove: LocalizedText[] = broker.isController
      ? [
          {
            en: `Broker ${id} is the controller: the others race for /controller and the winner takes over (controller epoch + 1).`,
            'zh-CN': `Broker ${id} 是控制器：其他 broker 争抢创建 /controller，胜出者接任控制器（controller epoch + 1）。`,
          },
        ]
      : [];
    switch (action) {
      case 'start':
        return [
          {
            en: `Broker ${id} starts: it loads its log dirs (recovering every log after the recovery point unless it shut down cleanly), registers /brokers/ids/${id} in ZooKeeper and competes for /controller.`,
            'zh-CN': `Broker ${id} 启动：加载日志目录（若上次不是正常关闭，则恢复每个日志在恢复点之后的部分），在 ZooKeeper 中注册 /brokers/ids/${id}，并参与 /controller 的竞选。`,
          },
          {
            en: `The controller then sends it LeaderAndIsr for its ${hosted.length} replicas and UpdateMetadata; as a follower it fetches what it missed and rejoins the ISR.`,
            'zh-CN': `随后控制器向它发送其 ${hosted.length} 个副本的 LeaderAndIsr 和 UpdateMetadata；它作为 follower 拉取错过的数据，追上后重新加入 ISR。`,
          },
        ];
      case 'controlled-shutdown':
      case 'restart':
        return [
          {
            en: `Broker ${id} asks the controller for a controlled shutdown: leadership of the ${led.length} partitions it leads moves to other in-sync replicas (ControlledShutdownLeaderElection), and it leaves the ISR of the others.`,
            'zh-CN': `Broker ${id} 向控制器请求受控关闭（controlled shutdown）：它担任 leader 的 ${led.length} 个分区的 leader 转移到其他同步副本（ControlledShutdownLeaderElection），并退出其余分区的 ISR。`,
          },
          ...(onlyInSync.length > 0
            ? [
                {
                  en: `${onlyInSync.length} of them have no other in-sync replica and keep it as leader until it stops: ${sole}.`,
                  'zh-CN': `其中 ${onlyInSync.length} 个分区没有其他同步副本，在它停止前仍由它担任 leader：${sole}。`,
                },
              ]
            : []),
          {
            en: `Then it closes its logs, writes its checkpoints and .kafka_cleanshutdown, and its /brokers/ids/${id} znode goes with its session.`,
            'zh-CN': `然后它关闭日志，写入检查点文件和 .kafka_cleanshutdown，它的 /brokers/ids/${id} znode 随会话一起消失。`,
          },
          ...controllerMove,
          ...(action === 'restart'
            ? [
                {
                  en: `It then starts again: no recovery is needed after a clean shutdown.`,
                  'zh-CN': `之后它重新启动：正常关闭后无需恢复日志。`,
                },
              ]
            : []),
        ];
      case 'kill':
        return [
          {
            en: `Broker ${id} stops at once, like kill -9: nothing is flushed, checkpointed or marked clean.`,
            'zh-CN': `Broker ${id} 立即停止，如同 kill -9：不刷盘、不写检查点，也不标记为正常关闭。`,
          },
          {
            en: `Its ZooKeeper session expires after zookeeper.session.timeout.ms (${broker.config.zkSessionTimeoutMs} ms); only then does the controller elect new leaders for the ${led.length} partitions it leads.`,
            'zh-CN': `它的 ZooKeeper 会话在 zookeeper.session.timeout.ms（${broker.config.zkSessionTimeoutMs} 毫秒）后过期；直到那时，控制器才会为它担任 leader 的 ${led.length} 个分区选举新的 leader。`,
          },
          ...(onlyInSync.length > 0
            ? [
                {
                  en: `${onlyInSync.length} partitions have no other in-sync replica and go offline: ${sole}.`,
                  'zh-CN': `${onlyInSync.length} 个分区没有其他同步副本，将会离线：${sole}。`,
                },
              ]
            : []),
          ...controllerMove,
          {
            en: `When it starts again it recovers its logs (re-validating every batch after the recovery point).`,
            'zh-CN': `再次启动时它会恢复日志（重新校验恢复点之后的每个批次）。`,
          },
        ];
      case 'fail-log-dir':
        return [
          {
            en: `The log dir fails as a disk would (I/O errors): the broker stops serving every partition in it, writes /log_dir_event_notification, and the controller moves leadership of those partitions elsewhere.`,
            'zh-CN': `该日志目录像磁盘故障一样失效（I/O 错误）：broker 停止服务其中的所有分区，写入 /log_dir_event_notification，控制器把这些分区的 leader 转移到别处。`,
          },
          {
            en: `If it was the broker's last log dir, Kafka halts the broker.`,
            'zh-CN': `如果这是该 broker 的最后一个日志目录，Kafka 会让 broker 停机（halt）。`,
          },
        ];
      case 'remove':
        return [
          {
            en: `Broker ${id} leaves the workspace's cluster definition; its log dirs stay on disk.`,
            'zh-CN': `Broker ${id} 从工作区的集群定义中移除；它的日志目录仍留在磁盘上。`,
          },
          ...(hosted.length > 0
            ? [
                {
                  en: `${hosted.length} replicas are still assigned to it: those partitions stay under-replicated until they are reassigned.`,
                  'zh-CN': `仍有 ${hosted.length} 个副本分配在它上面：在重新分配之前，这些分区会一直处于副本不足（under-replicated）状态。`,
                },
              ]
            : []),
          ...(broker.isRunning ? [{ en: `It must be stopped first.`, 'zh-CN': `必须先停止它。` }] : []),
        ];
    }
  }

  async start(brokerId: number): Promise<void> {
    const broker = this.broker(brokerId);
    if (!STARTABLE.has(broker.state))
      throw new ApiError('INVALID_INPUT', {
        en: `Broker ${brokerId} is ${broker.state}: only a stopped broker can be started.`,
        'zh-CN': `broker ${brokerId} 处于 ${broker.state} 状态：只有已停止的 broker 才能启动。`,
      });
    await startupRefused(brokerId, () => this.host.require().cluster.startBroker(brokerId));
  }

  async shutdown(brokerId: number): Promise<{ controlledShutdownSucceeded: boolean | null }> {
    const broker = this.broker(brokerId);
    if (!broker.isRunning)
      throw new ApiError('INVALID_INPUT', {
        en: `Broker ${brokerId} is ${broker.state}: only a running broker can be shut down.`,
        'zh-CN': `broker ${brokerId} 处于 ${broker.state} 状态：只有运行中的 broker 才能关闭。`,
      });
    return this.host.require().cluster.shutdownBroker(brokerId, { controlled: true });
  }

  async kill(brokerId: number): Promise<void> {
    this.broker(brokerId);
    this.host.require().cluster.killBroker(brokerId);
  }

  async restart(brokerId: number): Promise<void> {
    this.broker(brokerId);
    await startupRefused(brokerId, () => this.host.require().cluster.restartBroker(brokerId));
  }

  async failLogDir(brokerId: number, dir: string): Promise<void> {
    const broker = this.broker(brokerId);
    if (!broker.isRunning)
      throw new ApiError('INVALID_INPUT', {
        en: `Broker ${brokerId} is ${broker.state}: only a running broker's log dir can fail.`,
        'zh-CN': `broker ${brokerId} 处于 ${broker.state} 状态：只有运行中 broker 的日志目录才能被置为故障。`,
      });
    if (!broker.logDirs.some((d) => d.path === dir))
      throw new ApiError(
        'INVALID_INPUT',
        { en: `Broker ${brokerId} has no log dir ${dir}.`, 'zh-CN': `broker ${brokerId} 没有日志目录 ${dir}。` },
        'dir',
      );
    await this.host.require().cluster.failLogDir(brokerId, dir);
  }

  async add(spec: { id?: number; rack: string | null; logDirs: number; config: Readonly<Record<string, string>> }): Promise<BrokerDto> {
    const { entry, cluster } = this.host.require();
    const ids = cluster.brokers().map((b) => b.id);
    const definition = cluster.definition();
    const id = spec.id ?? (ids.length === 0 ? 0 : Math.max(...ids) + 1);
    if (ids.includes(id))
      throw new ApiError('INVALID_INPUT', { en: `Broker ${id} already exists.`, 'zh-CN': `broker ${id} 已存在。` }, 'id');
    if (!Number.isInteger(spec.logDirs) || spec.logDirs < 1 || spec.logDirs > 8)
      throw new ApiError('INVALID_INPUT', EACH_BROKER_LOG_DIRS, 'logDirs');
    const [configError] = BrokerConfig.validate({
      'broker.id': String(id),
      'zookeeper.connect': 'localhost:2181',
      ...definition.brokerDefaults,
      ...spec.config,
    });
    // Kafka's text: KafkaConfig's ConfigException.
    if (configError) throw new ApiError('INVALID_CONFIG', kafkaText(configError.message), 'config');
    const logDirs = spec.logDirs === 1 ? ['kafka-logs'] : Array.from({ length: spec.logDirs }, (_, i) => `kafka-logs-${i}`);
    const added = { id, rack: spec.rack?.trim() || null, logDirs, config: { ...spec.config } };
    const [problem] = definitionProblemList({ ...definition, brokers: [...definition.brokers, added] });
    if (problem !== undefined) {
      const text = definitionProblemText(problem);
      throw new ApiError('INVALID_INPUT', { ...text, en: `${text.en}.` }, 'id');
    }
    cluster.addBroker(added);
    this.registry.update(entry.id, { brokers: cluster.definition().brokers.length });
    await startupRefused(id, () => cluster.startBroker(id));
    return brokerDto(this.broker(id));
  }

  async remove(brokerId: number): Promise<void> {
    const broker = this.broker(brokerId);
    if (broker.isRunning)
      throw new ApiError('INVALID_INPUT', {
        en: `Broker ${brokerId} is running: shut it down or kill it first.`,
        'zh-CN': `broker ${brokerId} 正在运行：请先关闭或强制终止它。`,
      });
    const { entry, cluster } = this.host.require();
    cluster.removeBroker(brokerId);
    this.registry.update(entry.id, { brokers: cluster.definition().brokers.length });
  }

  /**
   * DescribeConfigs of a broker, or (null) of the cluster-wide default as any broker answers it:
   * only the keys `/config/brokers/<default>` sets, as that broker has applied them (the
   * controller answers when it runs, as the admin client's "any broker" would).
   */
  async configs(brokerId: number | null): Promise<BrokerConfigEntryDto[]> {
    if (brokerId !== null) {
      const broker = this.broker(brokerId);
      return describeBrokerConfig(broker.dynamicConfig).map((e) => configEntryDto(e, broker.config.originals));
    }
    const running = this.host
      .require()
      .cluster.brokers()
      .filter((b) => b.isRunning);
    const broker = running.find((b) => b.isController) ?? running[0];
    if (broker === undefined)
      throw new ApiError('BROKER_NOT_AVAILABLE', {
        en: 'No broker is running: start one to read the cluster-wide default.',
        'zh-CN': '没有正在运行的 broker：请先启动一个，才能读取集群范围的默认值。',
      });
    const originals = Object.fromEntries(broker.dynamicConfig.dynamicDefaultConfigs);
    return describeDefaultBrokerConfig(broker.dynamicConfig).map((e) => configEntryDto(e, originals));
  }

  async alterConfigs(
    brokerId: number | null,
    configs: Readonly<Record<string, string>>,
    options: { validateOnly: boolean },
  ): Promise<void> {
    if (brokerId !== null) this.broker(brokerId);
    const { cluster } = this.host.require();
    const result = await cluster.admin.alterBrokerConfig(brokerId === null ? '' : String(brokerId), { ...configs }, options.validateOnly);
    // Kafka's text: AlterConfigs' error message.
    if (result.errorCode !== 0) throw new ApiError(result.errorName, kafkaText(result.errorMessage ?? result.errorName), 'configs');
  }
}
