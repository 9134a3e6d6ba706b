/**
 * A topic deleted: `/admin/delete_topics/<topic>` created (`deletion-requested`) opens the story and
 * it unfolds until the controller's TopicDeletionManager completes it (`deletion-started`,
 * `deletion-completed`); the partitions it deletes meanwhile (`partition-deleted`) are counted in
 * its title.
 */
import { durationText } from '../../duration-text';
import { after, t, type FactHandlers } from './incident-story';

export const topicDeletion: FactHandlers = {
  'deletion-requested': (s, e, fact) => {
    const topic = fact.topic;
    const b = s.open(e, 'topic-deleted', null, topic, (x) =>
      x.waiting
        ? t(`Topic ${topic} being deleted`, `主题 ${topic} 正在删除`)
        : t(
            `Topic ${topic} deleted (${x.partitions.size} ${x.partitions.size === 1 ? 'partition' : 'partitions'}, took ${durationText(x.endMs - x.startMs).en})`,
            `主题 ${topic} 已删除（${x.partitions.size} 个分区，耗时 ${durationText(x.endMs - x.startMs)['zh-CN']}）`,
          ),
    );
    s.unfold(b);
    s.step(
      b,
      e,
      t(
        `Deletion of ${topic} requested (/admin/delete_topics/${topic} created)`,
        `请求删除 ${topic}（已创建 /admin/delete_topics/${topic}）`,
      ),
    );
  },
  'deletion-started': (s, e, fact) => {
    const b = s.waitingOf('topic-deleted', (x) => x.topic === fact.topic);
    if (b === undefined) return;
    s.step(b, e, t(`The controller started deleting ${fact.topic}`, `控制器开始删除 ${fact.topic}`));
    s.focus = b;
  },
  'partition-deleted': (s, e, fact) => {
    const b = s.focused(e);
    if (b?.kind === 'topic-deleted') b.partitions.add(fact.partition);
  },
  'deletion-completed': (s, e, fact) => {
    const b = s.waitingOf('topic-deleted', (x) => x.topic === fact.topic);
    if (b === undefined) return;
    b.waiting = false;
    s.step(b, e, t(`Deletion of ${fact.topic} completed after ${after(e, b).en}`, `${fact.topic} 在 ${after(e, b)['zh-CN']}后删除完成`));
  },
};
