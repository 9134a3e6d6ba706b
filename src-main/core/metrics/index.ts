export { Ewma, ewmaAlpha, TICK_INTERVAL_MS } from './ewma';
export { Gauge } from './gauge';
export { Histogram, type HistogramValues } from './histogram';
export { Meter, type MeterValues } from './meter';
export { jmxSanitize, metricName, type MetricName, type MetricTags } from './metric-name';
export { MetricsRegistry, type Metric, type RegisteredMetric } from './metrics-registry';
export { PERCENTILE_ATTRIBUTES, Snapshot } from './snapshot';
export { Timer } from './timer';
export { mBeanAttributes, type MBeanAttribute } from './mbean-attributes';
