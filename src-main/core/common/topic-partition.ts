/** Kafka's `TopicPartition`. Printed as Kafka prints it: `orders-3`. */
export interface TopicPartition {
  readonly topic: string;
  readonly partition: number;
}

export function tp(topic: string, partition: number): TopicPartition {
  return { topic, partition };
}

export function tpKey(p: TopicPartition): string {
  return `${p.topic}-${p.partition}`;
}

/** Orders by topic, then partition number (the order Kafka's sorted collections use). */
export function compareTopicPartitions(a: TopicPartition, b: TopicPartition): number {
  return a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : a.partition - b.partition;
}

/** A map keyed by partition, since object keys cannot be compared by value. */
export class TopicPartitionMap<V> {
  private readonly entries = new Map<string, { key: TopicPartition; value: V }>();

  get size(): number {
    return this.entries.size;
  }

  get(key: TopicPartition): V | undefined {
    return this.entries.get(tpKey(key))?.value;
  }

  has(key: TopicPartition): boolean {
    return this.entries.has(tpKey(key));
  }

  set(key: TopicPartition, value: V): this {
    this.entries.set(tpKey(key), { key: { topic: key.topic, partition: key.partition }, value });
    return this;
  }

  delete(key: TopicPartition): boolean {
    return this.entries.delete(tpKey(key));
  }

  clear(): void {
    this.entries.clear();
  }

  *keys(): IterableIterator<TopicPartition> {
    for (const e of this.entries.values()) yield e.key;
  }

  *values(): IterableIterator<V> {
    for (const e of this.entries.values()) yield e.value;
  }

  *[Symbol.iterator](): IterableIterator<[TopicPartition, V]> {
    for (const e of this.entries.values()) yield [e.key, e.value];
  }
}
