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
  /** In insertion order, for iteration. */
  private readonly entries = new Map<string, { key: TopicPartition; value: V }>();
  /** The same entries by topic, then partition: a lookup builds no key string (the replica fetchers look up every partition they follow twice a second). */
  private readonly byTopic = new Map<string, Map<number, { key: TopicPartition; value: V }>>();

  get size(): number {
    return this.entries.size;
  }

  get(key: TopicPartition): V | undefined {
    return this.byTopic.get(key.topic)?.get(key.partition)?.value;
  }

  has(key: TopicPartition): boolean {
    return this.byTopic.get(key.topic)?.has(key.partition) ?? false;
  }

  set(key: TopicPartition, value: V): this {
    const entry = { key: { topic: key.topic, partition: key.partition }, value };
    this.entries.set(tpKey(key), entry);
    let partitions = this.byTopic.get(key.topic);
    if (!partitions) this.byTopic.set(key.topic, (partitions = new Map()));
    partitions.set(key.partition, entry);
    return this;
  }

  delete(key: TopicPartition): boolean {
    const partitions = this.byTopic.get(key.topic);
    if (!partitions?.delete(key.partition)) return false;
    if (partitions.size === 0) this.byTopic.delete(key.topic);
    return this.entries.delete(tpKey(key));
  }

  clear(): void {
    this.entries.clear();
    this.byTopic.clear();
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
