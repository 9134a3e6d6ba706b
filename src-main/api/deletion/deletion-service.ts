/**
 * The Topic deletion monitor (`DeletionService`): every deletion live, from the marker in
 * `/admin/delete_topics` until its `-delete` dirs are gone, why one cannot progress, the finished
 * ones with their durations, and DeleteTopics for a topic or a pattern.
 */
import type { TopicResult } from '../../core/cluster/cluster-admin';
import { Errors, KafkaApiError } from '../../core/common/kafka-errors';
import { ApiError } from '../backend';
import type {
  DeletionHistoryEntryDto,
  DeletionMatchDto,
  DeletionOverviewDto,
  DeletionRequestResultDto,
  DeletionService,
  TopicDeletionDto,
} from './deletion-contract';
import { deletionDto, readLiveCluster, type LiveCluster } from './deletion-live';
import { MARKER_PREFIX, type DeletionRecord } from './deletion-records';
import { DeletionTracker } from './deletion-tracker';
import type { ClusterHost } from '../cluster-host';
import { errorMessage } from '../../core/common/throwable';
import { kafkaText, type LocalizedText } from '../localized-text';

/** Finished deletions stay in the live list this long (wall-clock), shown as gone. */
const RECENT_MS = 5 * 60_000;
const DEFAULT_HISTORY = 200;

/** `kafka-topics --topic <regex>`'s TopicFilter: `,` → `|`, spaces and surrounding quotes dropped, matched in full. */
export function topicFilterRegex(pattern: string): string {
  return pattern
    .trim()
    .replace(/,/g, '|')
    .replace(/ /g, '')
    .replace(/^["']+/, '')
    .replace(/["']+$/, '');
}

function historyEntry(r: DeletionRecord): DeletionHistoryEntryDto {
  const znodesRemovedAtMs = r.stageTimes['znodes-removed'] ?? (r.outcome === 'deleted' ? null : r.finishedAtMs);
  const goneAtMs = r.stageTimes.gone ?? null;
  const endMs = goneAtMs ?? znodesRemovedAtMs ?? r.finishedAtMs ?? r.markedAtMs;
  const partitions = new Set([...r.replicas.values()].map((x) => x.partition));
  for (const d of r.dirs.values()) partitions.add(d.partition);
  return {
    id: r.id,
    topic: r.topic,
    outcome: r.outcome === 'in-progress' ? 'deleted' : r.outcome,
    markedAtMs: r.markedAtMs,
    znodesRemovedAtMs,
    goneAtMs,
    durationMs: Math.max(0, endMs - r.markedAtMs),
    partitions: partitions.size,
    replicas: r.replicas.size,
  };
}

export class DeletionServiceImpl implements DeletionService {
  private trackerValue: DeletionTracker | null = null;

  constructor(private readonly host: ClusterHost) {}

  /** The tracker of the open workspace (a new one when another workspace was opened). */
  private async tracker(): Promise<DeletionTracker> {
    const { cluster } = this.host.require();
    if (this.trackerValue?.cluster !== cluster) this.trackerValue = new DeletionTracker(cluster);
    const tracker = this.trackerValue;
    await tracker.sync();
    return tracker;
  }

  /** Markers in ZooKeeper and the controller's queue: deletions the event log may not have shown yet. */
  private async adoptLive(tracker: DeletionTracker, live: LiveCluster): Promise<void> {
    const zk = await this.host.zk();
    const markers = new Set((await zk.getChildren('/admin/delete_topics').catch(() => ({ children: [] as string[] }))).children);
    const queued = live.cluster.topicsQueuedForDeletion();
    for (const topic of new Set([...markers, ...queued])) {
      if (tracker.activeRecord(topic)) continue;
      const stat = await zk.exists(`${MARKER_PREFIX}${topic}`).catch(() => null);
      tracker.adopt(topic, stat ? Number(stat.ctime) : this.host.require().clock.nowMs());
    }
    if (!live.controller) return;
    for (const record of tracker.activeRecords()) {
      if (record.outcome !== 'in-progress' || markers.has(record.topic) || queued.has(record.topic)) continue;
      const topicStays = (await zk.exists(`/brokers/topics/${record.topic}`).catch(() => null)) !== null;
      tracker.abandonIfSeenTwice(record, topicStays, this.host.require().clock.nowMs());
    }
  }

  async overview(): Promise<DeletionOverviewDto> {
    const tracker = await this.tracker();
    const { cluster, clock } = this.host.require();
    const live = readLiveCluster(cluster);
    await this.adoptLive(tracker, live);
    const records = [...tracker.recentlyFinished(RECENT_MS), ...tracker.activeRecords()];
    const fileDeleteDelayMs: Record<number, number> = {};
    for (const b of cluster.brokers()) fileDeleteDelayMs[b.id] = b.config.logDeleteDelayMs;
    return {
      nowMs: clock.nowMs(),
      clockSpeed: clock.speed,
      controllerId: live.controller?.brokerId ?? -1,
      deleteTopicEnable: live.controller?.deleteTopicEnable ?? null,
      fileDeleteDelayMs,
      deletions: records.map((r) => deletionDto(r, live, false)),
    };
  }

  async detail(topic: string, id?: number): Promise<TopicDeletionDto> {
    const tracker = await this.tracker();
    const live = readLiveCluster(this.host.require().cluster);
    await this.adoptLive(tracker, live);
    const active = tracker.activeRecord(topic);
    const record =
      active && (id === undefined || active.id === id)
        ? active
        : tracker.finishedRecords().find((r) => r.topic === topic && (id === undefined || r.id === id));
    if (!record)
      throw new ApiError('UNKNOWN_TOPIC_OR_PARTITION', {
        en: `No deletion of topic ${topic} is known.`,
        'zh-CN': `没有关于主题 ${topic} 的删除记录。`,
      });
    return deletionDto(record, live, true);
  }

  async history(limit = DEFAULT_HISTORY): Promise<DeletionHistoryEntryDto[]> {
    const tracker = await this.tracker();
    return tracker.finishedRecords().slice(0, Math.max(0, limit)).map(historyEntry);
  }

  async match(pattern: string): Promise<DeletionMatchDto> {
    const regex = topicFilterRegex(pattern);
    const refused = (text: LocalizedText): DeletionMatchDto => ({
      regex,
      topics: [],
      alreadyMarked: [],
      error: new ApiError('INVALID_INPUT', text).toDto(),
    });
    if (regex.length === 0) return refused({ en: 'The pattern is empty.', 'zh-CN': '模式为空。' });
    let re: RegExp;
    try {
      re = new RegExp(`^(?:${regex})$`);
    } catch (e) {
      // The runtime's own words name the fault (an unterminated group …); the sentence around them is ours.
      const cause = errorMessage(e);
      return refused({ en: cause, 'zh-CN': `模式不是有效的正则表达式（${cause}）。` });
    }
    const zk = await this.host.zk();
    const topics = (await zk.getChildren('/brokers/topics')).children.filter((t) => re.test(t)).sort();
    const markers = new Set((await zk.getChildren('/admin/delete_topics').catch(() => ({ children: [] as string[] }))).children);
    return { regex, topics, alreadyMarked: topics.filter((t) => markers.has(t)), error: null };
  }

  async delete(request: {
    readonly topic?: string;
    readonly pattern?: string;
    readonly confirmation: string;
  }): Promise<DeletionRequestResultDto[]> {
    const { topic, pattern, confirmation } = request;
    if ((topic === undefined) === (pattern === undefined))
      throw new ApiError('INVALID_INPUT', { en: 'Give either a topic or a pattern.', 'zh-CN': '请给出主题或模式，二者只选其一。' });
    const typed = topic ?? pattern ?? '';
    if (confirmation !== typed) {
      throw new ApiError(
        'INVALID_INPUT',
        topic !== undefined
          ? { en: `Type the topic name ${topic} to confirm.`, 'zh-CN': `请输入主题名 ${topic} 以确认。` }
          : { en: `Type the pattern ${pattern} to confirm.`, 'zh-CN': `请输入模式 ${pattern} 以确认。` },
        'confirmation',
      );
    }
    if (topic !== undefined) {
      const [result] = await this.deleteTopics([topic]);
      // Kafka's text: DeleteTopics' error message.
      if (result.error !== 'NONE') throw new ApiError(result.error, kafkaText(result.message ?? result.error));
      return [result];
    }
    const matched = await this.match(pattern ?? '');
    if (matched.error) throw new ApiError(matched.error.name, matched.error.text, 'pattern');
    if (matched.topics.length === 0)
      // Kafka's text: TopicCommand's words.
      throw new ApiError('UNKNOWN_TOPIC_OR_PARTITION', kafkaText(`Topic '${pattern}' does not exist as expected`), 'pattern');
    const marked = new Set(matched.alreadyMarked);
    const results = await this.deleteTopics(matched.topics.filter((t) => !marked.has(t)));
    const already = matched.alreadyMarked.map((t) => ({ topic: t, error: 'NONE', message: `Topic ${t} is already marked for deletion.` }));
    return [...results, ...already].sort((a, b) => a.topic.localeCompare(b.topic));
  }

  /** DeleteTopics with a timeout of 0: the markers are written and the answer comes at once. */
  private async deleteTopics(names: string[]): Promise<DeletionRequestResultDto[]> {
    if (names.length === 0) return [];
    let results: TopicResult[];
    try {
      results = await this.host.require().cluster.admin.deleteTopics(names, 0);
    } catch (e) {
      // Kafka's text: DeleteTopics' error.
      if (e instanceof KafkaApiError) throw new ApiError(e.error.name, kafkaText(e.message));
      throw e;
    }
    return results.map((r) => {
      // REQUEST_TIMED_OUT with a timeout of 0 means "marked, not waited for".
      if (r.errorName === 'NONE' || r.errorName === 'REQUEST_TIMED_OUT')
        return { topic: r.name, error: 'NONE', message: `Topic ${r.name} is marked for deletion.` };
      const known = (Errors as Record<string, { message: string } | undefined>)[r.errorName];
      return { topic: r.name, error: r.errorName, message: r.errorMessage ?? known?.message ?? null };
    });
  }
}
