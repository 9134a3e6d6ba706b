import { ClusterAdmin } from '../../../src-main/core/cluster/cluster-admin';
import { KafkaApiError } from '../../../src-main/core/common/kafka-errors';
import type { SeededRandom } from '../../../src-main/core/platform/random';
import type { ZooKeeperClient } from '../../../src-main/core/zookeeper';
import { Code, KeeperException } from '../../../src-main/core/zookeeper';
import type { ClusterHarness } from '../cluster-harness';
import { BROKERS, FILE_DELETE_DELAY_MS, MAX_TOPICS, SESSION_TIMEOUT_MS } from './simulation-config';
import type { StateChecker } from './state-checker';
import { dec } from './zk-view';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);

/**
 * The simulation's operations, drawn by weight from the seeded random source (see the test file for
 * the list). Each tells the state checker what it did to the model (brokers started and stopped,
 * names of deleted topics used again).
 */
export class Workload {
  private readonly admin: ClusterAdmin;
  private nextTopic = 0;

  constructor(
    private readonly h: ClusterHarness,
    private readonly zk: ZooKeeperClient,
    private readonly rnd: SeededRandom,
    private readonly checker: StateChecker,
    /** Where the run is, for a failure message (seed, step, the replay command, the last operations). */
    private readonly where: () => string,
  ) {
    this.admin = new ClusterAdmin(this.h.cluster, this.h.time, this.h.random);
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[this.rnd.nextInt(xs.length)];
  }

  private chance(p: number): boolean {
    return this.rnd.nextFloat() < p;
  }

  /** `n` distinct broker ids out of `pool`, in random order. */
  private distinct(pool: number[], n: number): number[] {
    const left = [...pool];
    const out: number[] = [];
    while (out.length < n && left.length > 0) out.push(left.splice(this.rnd.nextInt(left.length), 1)[0]);
    return out;
  }

  private running(): number[] {
    return this.h.cluster.runningBrokers().map((b) => b.id);
  }

  private stopped(): number[] {
    return this.h.cluster.brokerIds().filter((id) => !this.h.cluster.broker(id).isRunning);
  }

  private async topics(): Promise<string[]> {
    return (await this.zk.getChildren('/brokers/topics')).children.sort();
  }

  /** A fresh topic name, or now and then the name of a topic whose deletion completed. */
  private topicName(): string {
    const reusable = this.checker.deletedTopics();
    if (reusable.length > 0 && this.chance(0.25)) return this.pick(reusable);
    return `t${this.nextTopic++}`;
  }

  private randomAssignment(partitions: number, rf: number, allowUnknownBroker: boolean): number[][] {
    const pool = Array.from({ length: BROKERS + (allowUnknownBroker ? 1 : 0) }, (_, i) => i);
    return Array.from({ length: partitions }, () => this.distinct(pool, rf));
  }

  /** One operation, drawn by weight. */
  async chooseOperation(): Promise<{ name: string; run: () => Promise<string> }> {
    const topicCount = (await this.topics()).length;
    const ops: Array<[number, string, () => Promise<string>]> = [
      [topicCount < MAX_TOPICS ? 12 : 1, 'create-topic', () => this.createTopic()],
      [topicCount < MAX_TOPICS ? 5 : 0, 'hand-written-topic', () => this.handWrittenTopic()],
      [5, 'create-partitions', () => this.createPartitions()],
      [2, 'hand-added-partitions', () => this.handAddedPartitions()],
      [topicCount < MAX_TOPICS / 2 ? 5 : 12, 'delete-topic', () => this.deleteTopic()],
      [topicCount < MAX_TOPICS / 2 ? 3 : 6, 'hand-written-delete-marker', () => this.handWrittenDeleteMarker()],
      [4, 'kill-broker', () => this.killBroker()],
      [8, 'start-broker', () => this.startBroker()],
      [3, 'controlled-shutdown', () => this.controlledShutdown()],
      [2, 'bounce-broker', () => this.bounceBroker()],
      [3, 'move-controller', () => this.moveController()],
      [4, 'link-fault', () => this.linkFault()],
      [4, 'clear-link-fault', () => this.clearLinkFault()],
      [16, 'advance-small', () => this.advance(100 + this.rnd.nextInt(3000))],
      [6, 'advance-medium', () => this.advance(3000 + this.rnd.nextInt(15_000))],
      [3, 'advance-past-session-timeout', () => this.advance(SESSION_TIMEOUT_MS + 2000 + this.rnd.nextInt(6000))],
      [2, 'advance-past-file-delete-delay', () => this.advance(FILE_DELETE_DELAY_MS + this.rnd.nextInt(10_000))],
      [0.3, 'advance-past-auto-rebalance', () => this.advance(300_000)],
    ];
    const total = ops.reduce((s, [w]) => s + w, 0);
    let x = this.rnd.nextFloat() * total;
    for (const [w, name, run] of ops) {
      if ((x -= w) < 0) return { name, run };
    }
    const [, name, run] = ops[ops.length - 1];
    return { name, run };
  }

  /**
   * Awaits an operation that may wait on the clock (a request's timeout, a controlled shutdown's
   * retry backoff), moving the clock 100 ms at a time until it is done.
   */
  async drive<T>(operation: Promise<T>): Promise<T> {
    let outcome: { value: T } | { error: unknown } | null = null;
    operation.then(
      (value) => (outcome = { value }),
      (error: unknown) => (outcome = { error }),
    );
    await this.h.settle();
    for (let waited = 0; outcome === null; waited += 100) {
      if (waited > 120_000) throw new Error(`operation still pending after 120 s of cluster time at ${this.where()}`);
      await this.h.advance(100);
    }
    const done = outcome as { value: T } | { error: unknown };
    if ('error' in done) throw done.error;
    return done.value;
  }

  /** An admin request, answered NOT_CONTROLLER when no broker is controller (a KafkaApiError here). */
  private async adminCall<T>(call: () => Promise<T>): Promise<T | string> {
    try {
      return await this.drive(call());
    } catch (e) {
      if (e instanceof KafkaApiError) return e.errorName;
      throw e;
    }
  }

  private summarize(results: unknown): string {
    if (typeof results === 'string') return results;
    if (Array.isArray(results)) return results.map((r: { errorName?: string }) => r.errorName ?? '?').join(',');
    return JSON.stringify(results);
  }

  private async createTopic(): Promise<string> {
    const name = this.topicName();
    this.checker.forgetDeletion(name);
    const partitions = 1 + this.rnd.nextInt(4);
    const rf = 1 + this.rnd.nextInt(3);
    const manual = this.chance(0.3);
    const assignment = manual ? this.randomAssignment(partitions, rf, this.chance(0.2)) : [];
    const timeoutMs = this.chance(0.5) ? 0 : 2000;
    const results = await this.adminCall(() =>
      this.admin.createTopics(
        [
          {
            name,
            numPartitions: manual ? -1 : partitions,
            replicationFactor: manual ? -1 : rf,
            assignments: assignment.map((brokerIds, partitionIndex) => ({ partitionIndex, brokerIds })),
            configs: {},
          },
        ],
        { timeoutMs, validateOnly: false },
      ),
    );
    const shape = manual ? `assignment ${JSON.stringify(assignment)}` : `${partitions}x${rf}`;
    return `CreateTopics ${name} ${shape} timeout ${timeoutMs} → ${this.summarize(results)}`;
  }

  private async handWrittenTopic(): Promise<string> {
    const name = this.topicName();
    this.checker.forgetDeletion(name);
    const partitions = 1 + this.rnd.nextInt(3);
    const assignment = Array.from({ length: partitions }, () => this.randomAssignment(1, 1 + this.rnd.nextInt(3), this.chance(0.15))[0]);
    const json = JSON.stringify({
      version: 2,
      partitions: Object.fromEntries(assignment.map((r, p) => [String(p), r])),
      adding_replicas: {},
      removing_replicas: {},
    });
    try {
      await this.zk.create(`/brokers/topics/${name}`, enc(json));
      return `create /brokers/topics/${name} ${json}`;
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NODEEXISTS) return `create /brokers/topics/${name}: NODEEXISTS`;
      throw e;
    }
  }

  private async createPartitions(): Promise<string> {
    const topics = await this.topics();
    if (topics.length === 0) return 'CreatePartitions: no topic';
    const topic = this.pick(topics);
    const current = Object.keys(
      (JSON.parse(dec((await this.zk.getData(`/brokers/topics/${topic}`)).data)) as { partitions: object }).partitions,
    ).length;
    const add = 1 + this.rnd.nextInt(2);
    const live = this.running();
    const manual = this.chance(0.3) && live.length > 0;
    const rf = 1 + this.rnd.nextInt(Math.max(1, live.length));
    const assignments = manual ? Array.from({ length: add }, () => this.distinct(live, rf)) : null;
    const timeoutMs = this.chance(0.5) ? 0 : 2000;
    const results = await this.adminCall(() =>
      this.admin.createPartitions([{ topic, count: current + add, assignments }], { timeoutMs, validateOnly: false }),
    );
    return `CreatePartitions ${topic} ${current}→${current + add} ${assignments ? JSON.stringify(assignments) : 'auto'} → ${this.summarize(results)}`;
  }

  /** New partitions appended to the topic znode by hand, the existing ones left exactly as they are. */
  private async handAddedPartitions(): Promise<string> {
    const topics = await this.topics();
    if (topics.length === 0) return 'hand-added partitions: no topic';
    const topic = this.pick(topics);
    const path = `/brokers/topics/${topic}`;
    try {
      const { data, stat } = await this.zk.getData(path);
      const json = JSON.parse(dec(data)) as { partitions: Record<string, number[]> };
      const n = Object.keys(json.partitions).length;
      const rf = json.partitions['0']?.length ?? 1;
      // After the controller's A4 restore the numbering may have gaps: add after the highest.
      let next = Math.max(-1, ...Object.keys(json.partitions).map(Number)) + 1;
      for (const r of this.randomAssignment(1 + this.rnd.nextInt(2), rf, false)) json.partitions[String(next++)] = r;
      await this.zk.setData(path, enc(JSON.stringify(json)), stat.version);
      return `set ${path} (${n} → ${Object.keys(json.partitions).length} partitions) ${JSON.stringify(json.partitions)}`;
    } catch (e) {
      if (e instanceof KeeperException && (e.code === Code.NONODE || e.code === Code.BADVERSION)) return `set ${path}: ${e.message}`;
      throw e;
    }
  }

  private async deleteTopic(): Promise<string> {
    const topics = await this.topics();
    if (topics.length === 0) return 'DeleteTopics: no topic';
    const topic = this.pick(topics);
    const timeoutMs = this.chance(0.5) ? 0 : 3000;
    const results = await this.adminCall(() => this.admin.deleteTopics([topic], timeoutMs));
    return `DeleteTopics ${topic} timeout ${timeoutMs} → ${this.summarize(results)}`;
  }

  private async handWrittenDeleteMarker(): Promise<string> {
    const topics = await this.topics();
    const topic = topics.length === 0 || this.chance(0.1) ? `ghost${this.rnd.nextInt(5)}` : this.pick(topics);
    // A marker for a topic that does not exist (D3) may name one whose deletion completed earlier.
    this.checker.forgetDeletion(topic);
    try {
      await this.zk.create(`/admin/delete_topics/${topic}`, null);
      return `create /admin/delete_topics/${topic}`;
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NODEEXISTS) return `create /admin/delete_topics/${topic}: NODEEXISTS`;
      throw e;
    }
  }

  private async killBroker(): Promise<string> {
    const running = this.running();
    if (running.length === 0) return 'kill: no running broker';
    const id = this.pick(running);
    const rm = this.h.cluster.broker(id).replicaManager;
    this.h.cluster.killBroker(id);
    this.checker.noteStopped(id, rm);
    return `kill -9 broker ${id}`;
  }

  private async startBroker(): Promise<string> {
    const stopped = this.stopped();
    if (stopped.length === 0) return 'start: every broker runs';
    const id = this.pick(stopped);
    try {
      await this.h.cluster.startBroker(id);
      this.checker.noteStarted(id);
      return `start broker ${id}`;
    } catch (e) {
      this.checker.noteStopped(id, null);
      // Kafka 2.5 too: the old session's /brokers/ids/<id> is still there, so registration fails.
      return `start broker ${id} failed: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  private async controlledShutdown(): Promise<string> {
    const running = this.running();
    if (running.length === 0) return 'controlled shutdown: no running broker';
    const id = this.pick(running);
    const rm = this.h.cluster.broker(id).replicaManager;
    const result = await this.drive(this.h.cluster.shutdownBroker(id));
    this.checker.noteStopped(id, rm);
    return `controlled shutdown of broker ${id} (succeeded: ${result.controlledShutdownSucceeded})`;
  }

  private async bounceBroker(): Promise<string> {
    const running = this.running();
    if (running.length === 0) return 'bounce: no running broker';
    const id = this.pick(running);
    const rm = this.h.cluster.broker(id).replicaManager;
    await this.drive(this.h.cluster.shutdownBroker(id));
    this.checker.noteStopped(id, rm);
    try {
      await this.h.cluster.startBroker(id);
      this.checker.noteStarted(id);
      return `bounce broker ${id}`;
    } catch (e) {
      this.checker.noteStopped(id, null);
      return `bounce broker ${id}: start failed: ${e instanceof Error ? e.message : String(e)}`;
    }
  }

  private async moveController(): Promise<string> {
    try {
      await this.zk.delete('/controller', -1);
      return 'delete /controller';
    } catch (e) {
      if (e instanceof KeeperException && e.code === Code.NONODE) return 'delete /controller: NONODE';
      throw e;
    }
  }

  private async linkFault(): Promise<string> {
    const id = this.rnd.nextInt(BROKERS);
    const kind = this.pick(['delay', 'delay', 'drop', 'cut'] as const);
    const fault = kind === 'delay' ? { kind, delayMs: 50 + this.rnd.nextInt(5000) } : { kind };
    this.h.cluster.faults.set(id, fault);
    return `link fault controller→${id}: ${JSON.stringify(fault)}`;
  }

  private async clearLinkFault(): Promise<string> {
    const faulted = this.h.cluster.faults.all().map((f) => f.brokerId);
    if (faulted.length === 0) return 'clear link fault: none';
    const id = this.pick(faulted);
    this.h.cluster.faults.set(id, null);
    return `clear link fault controller→${id}`;
  }

  private async advance(ms: number): Promise<string> {
    await this.h.advance(ms);
    return `advance ${ms} ms`;
  }
}
