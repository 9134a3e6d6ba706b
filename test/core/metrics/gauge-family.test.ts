/**
 * A gauge family read gauge by gauge (the sampler's read) gives what its made metrics give: the
 * same entities, tags and values, without making a name; an unknown gauge name reads nothing.
 */
import { describe, expect, it } from 'vitest';
import { gaugeFamily } from '../../../src-main/core/metrics/gauge-family';
import type { MetricTags } from '../../../src-main/core/metrics/metric-name';

interface Entity {
  readonly topic: string;
  readonly partition: number;
  readonly size: number;
}

const entities: Entity[] = [
  { topic: 'orders', partition: 0, size: 10 },
  { topic: 'orders', partition: 1, size: 20 },
  { topic: 'odd topic', partition: 0, size: 30 },
];

const family = gaugeFamily<Entity>({
  group: 'kafka.log',
  type: 'Log',
  gauges: { Size: (e) => e.size, LogEndOffset: (e) => e.size * 2 },
  entities: () => entities,
  tags: (e) => [
    ['topic', e.topic],
    ['partition', String(e.partition)],
  ],
  find: () => undefined,
});

describe('gaugeFamily', () => {
  it('names its group, type and gauges without walking the entities', () => {
    expect([family.group, family.type, family.gaugeNames]).toEqual(['kafka.log', 'Log', ['Size', 'LogEndOffset']]);
  });

  it('reads one gauge of every entity with its tags, as its metrics() of that name', () => {
    for (const gaugeName of family.gaugeNames) {
      const read: Array<[MetricTags, number]> = [];
      family.readGauge(gaugeName, (tags, value) => read.push([tags, value]));
      const made = [...family.metrics()]
        .filter((m) => m.name.name === gaugeName)
        .map((m): [MetricTags, number] => [m.name.tags, m.metric.kind === 'gauge' ? m.metric.value() : NaN]);
      expect(read).toEqual(made);
      expect(read).toHaveLength(entities.length);
    }
    const sizes: number[] = [];
    family.readGauge('Size', (_, v) => sizes.push(v));
    expect(sizes).toEqual([10, 20, 30]);
  });

  it('reads nothing for a gauge it does not have', () => {
    let visited = 0;
    family.readGauge('NumLogSegments', () => visited++);
    family.readGauge('toString', () => visited++);
    expect(visited).toBe(0);
  });
});
