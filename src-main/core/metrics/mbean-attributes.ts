/**
 * The JMX attributes each Yammer 2.2.0 metric's MBean exposes (`JmxReporter`'s MeterMBean,
 * GaugeMBean, HistogramMBean, TimerMBean), as numbers — what jconsole or the Prometheus JMX
 * exporter reads. Non-numeric attributes (RateUnit, EventType, DurationUnit) are left out.
 */
import type { Metric } from './metrics-registry';
import type { HistogramValues } from './histogram';
import type { MeterValues } from './meter';
import { PERCENTILE_ATTRIBUTES } from './snapshot';

export type MBeanAttribute = readonly [attribute: string, value: number];

function meterAttributes(v: MeterValues): MBeanAttribute[] {
  return [
    ['Count', v.count],
    ['MeanRate', v.meanRate],
    ['OneMinuteRate', v.oneMinuteRate],
    ['FiveMinuteRate', v.fiveMinuteRate],
    ['FifteenMinuteRate', v.fifteenMinuteRate],
  ];
}

function histogramAttributes(v: HistogramValues): MBeanAttribute[] {
  return [
    ['Count', v.count],
    ['Min', v.min],
    ['Max', v.max],
    ['Mean', v.mean],
    ['StdDev', v.stdDev],
    ...PERCENTILE_ATTRIBUTES.map(([attribute, q]): MBeanAttribute => [attribute, v.snapshot.value(q)]),
  ];
}

export function mBeanAttributes(metric: Metric): MBeanAttribute[] {
  switch (metric.kind) {
    case 'gauge':
      return [['Value', metric.value()]];
    case 'meter':
      return meterAttributes(metric.values());
    case 'histogram':
      return histogramAttributes(metric.values());
    case 'timer': {
      // TimerMBean: the histogram's attributes (Count once) then the meter's rates.
      const rates = meterAttributes(metric.rates()).filter(([a]) => a !== 'Count');
      return [...histogramAttributes(metric.values()), ...rates];
    }
  }
}
