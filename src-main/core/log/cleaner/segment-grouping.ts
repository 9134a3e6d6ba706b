/**
 * `Cleaner.groupSegmentsBySize` (Kafka 2.5): consecutive segments cleaned into one, as long as the
 * group's `.log` bytes stay within `segment.bytes`, each of its index totals within
 * `segment.index.bytes`, and its offsets within one segment's int32 relative offsets — so cleaned
 * segments do not stay small.
 */
import type { LogSegment } from '../segment/log-segment';

const INT_MAX = 2147483647;

export function groupSegmentsBySize(
  segments: readonly LogSegment[],
  maxSize: number,
  maxIndexSize: number,
  firstUncleanableOffset: number,
): LogSegment[][] {
  const grouped: LogSegment[][] = [];
  let i = 0;
  while (i < segments.length) {
    const group = [segments[i]];
    let logSize = segments[i].size;
    let indexSize = segments[i].offsetIndex.sizeInBytes;
    let timeIndexSize = segments[i].timeIndex.sizeInBytes;
    i++;
    while (i < segments.length) {
      const s = segments[i];
      // The first remaining segment's last offset, bounded by the next one's base (or the uncleanable offset).
      const lastOffset = i + 1 < segments.length ? segments[i + 1].baseOffset - 1 : firstUncleanableOffset - 1;
      if (
        logSize + s.size > maxSize ||
        indexSize + s.offsetIndex.sizeInBytes > maxIndexSize ||
        timeIndexSize + s.timeIndex.sizeInBytes > maxIndexSize ||
        lastOffset - group[group.length - 1].baseOffset > INT_MAX
      )
        break;
      group.push(s);
      logSize += s.size;
      indexSize += s.offsetIndex.sizeInBytes;
      timeIndexSize += s.timeIndex.sizeInBytes;
      i++;
    }
    grouped.push(group);
  }
  return grouped;
}
