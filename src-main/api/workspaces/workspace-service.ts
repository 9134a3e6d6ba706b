/**
 * The clusters page (`WorkspaceService`): workspaces as folders (a `WorkspaceStore`: app/workspace-registry.ts), the open
 * one hosted by `ClusterHost`. A snapshot is a copy of a workspace taken with its cluster
 * stopped — how a class resets after an exercise.
 */
import { BrokerConfig } from '../../core/config/kafka-config';
import type { ClusterDefinition } from '../../core/cluster/cluster-definition';
import { definitionProblemList } from '../../core/cluster/cluster-definition';
import { definitionProblemText } from './definition-problem-text';
import { ApiError } from '../backend';
import type { ClusterProfileDto, SnapshotDto, WorkspaceService, WorkspaceSummaryDto } from '../contract';
import type { ClusterHost } from '../cluster-host';
import type { WorkspaceEntry, WorkspaceStore } from './workspace-store';
import type { LocalizedText } from '../localized-text';
import { kafkaText } from '../localized-text';

export const MAX_BROKERS = 32;

/** The refusal of a log-dir count outside 1–8, for a new cluster's brokers and for an added broker. */
export const EACH_BROKER_LOG_DIRS: LocalizedText = {
  en: 'Each broker has between 1 and 8 log dirs.',
  'zh-CN': '每个 broker 的日志目录数须在 1 到 8 之间。',
};

/** The cluster definition a profile describes, or the error to show next to the field at fault. */
export function definitionFromProfile(profile: ClusterProfileDto): ClusterDefinition {
  if (!Number.isInteger(profile.brokers) || profile.brokers < 1 || profile.brokers > MAX_BROKERS) {
    throw new ApiError(
      'INVALID_INPUT',
      { en: `The number of brokers must be between 1 and ${MAX_BROKERS}.`, 'zh-CN': `broker 数量必须介于 1 和 ${MAX_BROKERS} 之间。` },
      'brokers',
    );
  }
  if (!Number.isInteger(profile.logDirsPerBroker) || profile.logDirsPerBroker < 1 || profile.logDirsPerBroker > 8) {
    throw new ApiError('INVALID_INPUT', EACH_BROKER_LOG_DIRS, 'logDirsPerBroker');
  }
  const [configError] = BrokerConfig.validate({ 'broker.id': '0', 'zookeeper.connect': 'localhost:2181', ...profile.brokerConfig });
  // Kafka's text: KafkaConfig's ConfigException.
  if (configError) throw new ApiError('INVALID_CONFIG', kafkaText(configError.message), 'brokerConfig');
  const logDirs =
    profile.logDirsPerBroker === 1 ? ['kafka-logs'] : Array.from({ length: profile.logDirsPerBroker }, (_, i) => `kafka-logs-${i}`);
  const definition: ClusterDefinition = {
    name: profile.name.trim(),
    brokers: Array.from({ length: profile.brokers }, (_, id) => ({
      id,
      rack: profile.racks?.[id]?.trim() || null,
      logDirs: [...logDirs],
      config: {},
    })),
    brokerDefaults: { ...profile.brokerConfig },
  };
  const [problem] = definitionProblemList(definition);
  if (problem !== undefined) throw new ApiError('INVALID_INPUT', definitionProblemText(problem));
  return definition;
}

export class WorkspaceServiceImpl implements WorkspaceService {
  constructor(
    private readonly registry: WorkspaceStore,
    private readonly host: ClusterHost,
    private readonly now: () => number = Date.now,
  ) {}

  private summary(entry: WorkspaceEntry): WorkspaceSummaryDto {
    const open = this.host.current;
    const isOpen = open?.entry.id === entry.id;
    return {
      id: entry.id,
      name: entry.name,
      brokers: isOpen ? open.cluster.definition().brokers.length : entry.brokers,
      createdMs: entry.createdMs,
      isOpen,
      snapshots: this.registry.snapshots(entry.id).map((s) => this.snapshotDto(s.id)),
    };
  }

  private snapshotDto(id: string): SnapshotDto {
    const s = this.registry.findSnapshot(id);
    return { id: s.id, workspaceId: s.workspaceId, name: s.name, createdMs: s.createdMs, sizeBytes: this.registry.snapshotSize(s.id) };
  }

  private changed(): void {
    const open = this.host.current;
    this.host.push({ type: 'workspace-changed', workspace: open ? this.summary(open.entry) : null });
  }

  async list(): Promise<WorkspaceSummaryDto[]> {
    return this.registry.list().map((e) => this.summary(e));
  }

  async create(profile: ClusterProfileDto): Promise<WorkspaceSummaryDto> {
    const definition = definitionFromProfile(profile);
    const entry = this.registry.create(profile.name, this.now(), definition.brokers.length);
    await this.host.open(entry, this.registry.dirOf(entry.id), definition);
    this.changed();
    return this.summary(entry);
  }

  async open(id: string): Promise<WorkspaceSummaryDto> {
    const entry = this.registry.get(id);
    if (this.host.current?.entry.id !== id) await this.host.open(entry, this.registry.dirOf(id));
    this.changed();
    return this.summary(entry);
  }

  async current(): Promise<WorkspaceSummaryDto | null> {
    const open = this.host.current;
    return open ? this.summary(open.entry) : null;
  }

  async rename(id: string, name: string): Promise<WorkspaceSummaryDto> {
    const entry = this.registry.rename(id, name);
    this.host.updateEntry(entry);
    this.changed();
    return this.summary(entry);
  }

  async snapshot(id: string, name: string): Promise<SnapshotDto> {
    const entry = this.registry.get(id);
    const wasOpen = this.host.current?.entry.id === id;
    if (wasOpen) await this.host.close();
    try {
      const snapshot = this.registry.snapshot(id, name, this.now());
      return this.snapshotDto(snapshot.id);
    } finally {
      if (wasOpen) await this.host.open(entry, this.registry.dirOf(id));
      this.changed();
    }
  }

  async restore(snapshotId: string): Promise<WorkspaceSummaryDto> {
    const snapshot = this.registry.findSnapshot(snapshotId);
    if (this.host.current?.entry.id === snapshot.workspaceId) await this.host.close();
    const entry = this.registry.restore(snapshotId);
    await this.host.open(entry, this.registry.dirOf(entry.id));
    this.changed();
    return this.summary(entry);
  }

  async remove(id: string): Promise<void> {
    if (this.registry.snapshots().some((s) => s.id === id)) {
      this.registry.removeSnapshot(id);
    } else {
      if (this.host.current?.entry.id === id) {
        throw new ApiError('INVALID_INPUT', {
          en: 'The open cluster cannot be deleted: open another one first.',
          'zh-CN': '不能删除当前打开的集群：请先打开另一个集群。',
        });
      }
      this.registry.remove(id);
    }
    this.changed();
  }
}
