/** Yammer's `Gauge`: a value read when asked (Kafka's `newGauge(name, () => …)`). */
export class Gauge {
  readonly kind = 'gauge';

  constructor(private readonly read: () => number) {}

  value(): number {
    return this.read();
  }
}
