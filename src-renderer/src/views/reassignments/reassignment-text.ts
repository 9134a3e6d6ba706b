// The sentences the confirmation shows before a reassignment starts: what moves, how much data each broker fetches, the throttle.
import type { PlanPreviewDto } from '../../api/types';
import { formatBytes, formatReplicas } from '../../lib/format';

// vue-i18n's t: the count picks a plural form.
type Translate = (key: string, values?: Record<string, unknown>, plural?: number) => string;

const MAX_LISTED = 10;

export function executeSentences(preview: PlanPreviewDto, throttleBytesPerSec: number | null, t: Translate): string[] {
  const changed = preview.partitions.filter((p) => p.current.join() !== p.target.join());
  const topics = [...new Set(changed.map((p) => p.topic))];
  const out = [t('reassignments.sentences.moves', { partitions: changed.length, topics: topics.join(', ') }, changed.length)];
  for (const p of changed.slice(0, MAX_LISTED))
    out.push(
      t('reassignments.sentences.partition', {
        name: `${p.topic}-${p.partition}`,
        from: formatReplicas(p.current),
        to: formatReplicas(p.target),
        size: formatBytes(p.sizeBytes),
      }),
    );
  if (changed.length > MAX_LISTED)
    out.push(t('reassignments.sentences.more', { count: changed.length - MAX_LISTED }, changed.length - MAX_LISTED));
  out.push(
    preview.bytesPerBroker.length === 0
      ? t('reassignments.sentences.noData')
      : t('reassignments.sentences.data', {
          total: formatBytes(preview.totalBytes),
          perBroker: preview.bytesPerBroker.map((b) => `${b.brokerId}: ${formatBytes(b.bytes)}`).join(', '),
        }),
  );
  out.push(
    throttleBytesPerSec === null
      ? t('reassignments.sentences.noThrottle')
      : t('reassignments.sentences.throttle', { rate: throttleBytesPerSec, brokers: preview.throttles.brokers.join(',') }),
  );
  for (const w of preview.rackWarnings) out.push(t('reassignments.sentences.rack', { warning: w }));
  return out;
}

/** "1,3" → [1, 3]; null when it is not a list of broker ids. */
export function parseReplicas(text: string): number[] | null {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.some((s) => !/^\d+$/.test(s))) return null;
  return parts.map(Number);
}
