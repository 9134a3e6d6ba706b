import { existsSync } from 'node:fs';
import type { KafkaServer } from '../../../src-main/core/broker/kafka-server';
import type { Partition } from '../../../src-main/core/broker/partition';
import type { ReplicaManager } from '../../../src-main/core/broker/replica-manager';
import type { ClusterEvent } from '../../../src-main/core/cluster/cluster-events';
import { tpKey } from '../../../src-main/core/common/topic-partition';
import type { KafkaController } from '../../../src-main/core/controller/kafka-controller';
import type { ZooKeeperClient } from '../../../src-main/core/zookeeper';
import type { ClusterHarness } from '../cluster-harness';
import { BROKERS, FILE_DELETE_DELAY_MS, ISR_SHRINK_CHECK_PERIOD_MS, REPLICA_LAG_TIME_MAX_MS } from './simulation-config';
import type { SimulationStats } from './simulation-stats';
import type { ZkView } from './zk-view';
import { readZkView } from './zk-view';

/**
 * The simulation's model of the cluster and the invariants it must keep (as TigerBeetle's
 * StateChecker): fed the cluster's events and what the workload did, it checks after each step that
 * the cluster's state is one Kafka 2.5 allows. The invariants (numbered as in the failure messages)
 * are stated where they are checked, with the places where Kafka 2.5 itself allows less and why.
 */
export class StateChecker {
  /** Every successful write's zxid → the session that made it. */
  private readonly writers = new Map<number, bigint>();
  /** Every broker session ever opened → its broker. */
  private readonly sessionOwner = new Map<bigint, number>();
  private readonly startedAt = new Map<number, number>();
  /** When each broker last stopped (shutdown, kill or a failed start). */
  private readonly stoppedAt = new Map<number, number>();
  /** The ReplicaManager each stopped broker had when it stopped (or failed to start). */
  private readonly stoppedReplicaManagers = new Map<number, ReplicaManager>();
  /** `broker@start partition@leaderEpoch` → when the check first saw that broker lead that epoch. */
  private leaderSince = new Map<string, number>();
  /** Topics whose deletion completed (and that were not created again since) → when. */
  private readonly deletedAt = new Map<string, number>();

  constructor(
    private readonly h: ClusterHarness,
    private readonly zk: ZooKeeperClient,
    private readonly stats: SimulationStats,
  ) {}

  /** What the model learns from the cluster's events: who wrote what, and which deletions completed. */
  observe(e: ClusterEvent): void {
    if (e.kind === 'zookeeper' && e.event.kind === 'txn' && e.event.err === 0) this.writers.set(e.event.zxid, e.event.sessionId);
    if (e.kind === 'log' && e.line.file === 'controller.log') {
      const m = /\] Deletion of topic (.+) successfully completed$/.exec(e.line.message);
      if (m) {
        this.deletedAt.set(m[1], e.timeMs);
        this.stats.count('deletion completed');
      }
      if (/successfully elected as the controller/.test(e.line.message)) this.stats.count('controller elected');
    }
  }

  noteStopped(id: number, replicaManager: ReplicaManager | null): void {
    this.stoppedAt.set(id, this.h.time.nowMs());
    if (replicaManager) this.stoppedReplicaManagers.set(id, replicaManager);
  }

  noteStarted(id: number): void {
    const b = this.h.cluster.broker(id);
    if (b.sessionId !== null) this.sessionOwner.set(b.sessionId, id);
    this.startedAt.set(id, this.h.time.nowMs());
  }

  /** Topics whose deletion completed and that were not created again since, by name. */
  deletedTopics(): string[] {
    return [...this.deletedAt.keys()].sort();
  }

  /** The workload creates a topic (or a deletion marker) under this name again. */
  forgetDeletion(topic: string): void {
    this.deletedAt.delete(topic);
  }

  /** Invariants 1–8 of the cluster as it stands; the violations, in the order they are checked. */
  async checkInvariants(): Promise<string[]> {
    const v: string[] = [];
    const zk = await readZkView(this.zk);
    const running = this.h.cluster.runningBrokers();
    const liveSessions = new Set(this.h.zkServer.sessionIds());

    // (1) At most one active controller, and /controller names it (with its session and epoch).
    const actives = running.filter((b) => b.controller?.isActive());
    if (actives.length > 1) v.push(`(1) ${actives.length} active controllers: ${actives.map((b) => b.id).join(',')}`);
    const active = actives.length === 1 ? actives[0] : null;
    if (active) {
      const c = active.controller as KafkaController;
      if (zk.controller?.brokerId !== active.id || zk.controller.owner !== active.sessionId) {
        v.push(
          `(1) broker ${active.id} is active but /controller is ${JSON.stringify(zk.controller && { ...zk.controller, owner: String(zk.controller.owner) })}`,
        );
      }
      if (zk.controllerEpoch?.epoch !== c.epoch || zk.controllerEpoch.version !== c.context.epochZkVersion) {
        v.push(
          `(1) controller epoch ${c.epoch} (zkVersion ${c.context.epochZkVersion}) but /controller_epoch is ${JSON.stringify(zk.controllerEpoch)}`,
        );
      }
    } else if (zk.controller) {
      // Only a broker that was killed and whose session has not expired yet may still hold /controller.
      const holder = this.h.cluster.broker(zk.controller.brokerId);
      if (holder.isRunning) v.push(`(1) /controller names running broker ${zk.controller.brokerId}, which is not active`);
      if (!liveSessions.has(zk.controller.owner)) v.push(`(1) /controller is held by a session that has ended`);
    } else if (running.length > 0) {
      v.push(`(1) no /controller although brokers ${running.map((b) => b.id).join(',')} run`);
    }
    for (const b of running) {
      const seen = b.controller?.activeController;
      if (zk.controller && seen !== zk.controller.brokerId)
        v.push(`(1) broker ${b.id} believes the controller is ${seen}, /controller names ${zk.controller.brokerId}`);
    }

    // (3) Every state znode: ISR non-empty, no duplicates, ⊆ the topic znode's replicas; leader −1 or in the ISR.
    for (const { partition: p, state: s } of zk.states.values()) {
      const replicas = zk.topics.get(p.topic)?.get(p.partition);
      if (s.isr.length === 0) v.push(`(3) ${tpKey(p)}: empty ISR`);
      if (new Set(s.isr).size !== s.isr.length) v.push(`(3) ${tpKey(p)}: ISR ${s.isr} has duplicates`);
      if (replicas && !s.isr.every((r) => replicas.includes(r))) v.push(`(3) ${tpKey(p)}: ISR [${s.isr}] ⊄ replicas [${replicas}]`);
      if (s.leader !== -1 && !s.isr.includes(s.leader)) v.push(`(3) ${tpKey(p)}: leader ${s.leader} not in ISR [${s.isr}]`);
    }

    if (active) this.checkController(active.controller as KafkaController, zk, v);

    // (5) A completed deletion leaves no znode, and after file.delete.delay.ms no dir on a running broker.
    const now = this.h.time.nowMs();
    for (const [topic, at] of this.deletedAt) {
      if (zk.topics.has(topic) || [...zk.states.values()].some((s) => s.partition.topic === topic))
        v.push(`(5) deleted topic ${topic} still has /brokers/topics znodes`);
      if (zk.configs.has(topic)) v.push(`(5) deleted topic ${topic} still has /config/topics/${topic}`);
      if (zk.deletions.includes(topic)) v.push(`(5) deleted topic ${topic} still has /admin/delete_topics/${topic}`);
      for (const b of running) {
        if (now < Math.max(at, this.startedAt.get(b.id) ?? 0) + FILE_DELETE_DELAY_MS) continue;
        this.stats.count('checked: deleted topic dirs');
        const dirs = this.topicDirs(b.id, topic);
        if (dirs.length > 0)
          v.push(`(5) topic ${topic} deleted at t+${at - 1_700_000_000_000}ms, broker ${b.id} still has ${dirs.join(',')}`);
      }
    }

    // (6) No two brokers lead a partition at the same leader epoch; no broker is ahead of ZooKeeper.
    const leaders = new Map<string, number[]>();
    for (const b of running) {
      for (const part of b.replicaManager?.hostedPartitions() ?? []) {
        const key = `${part.name}@${part.leaderEpoch}`;
        if (part.isLeader) leaders.set(key, [...(leaders.get(key) ?? []), b.id]);
        const s = zk.states.get(part.name)?.state;
        if (s && part.leaderEpoch > s.leaderEpoch)
          v.push(`(6) broker ${b.id} has ${part.name} at leader epoch ${part.leaderEpoch}, ZooKeeper at ${s.leaderEpoch}`);
      }
    }
    for (const [key, ids] of leaders) if (ids.length > 1) v.push(`(6) brokers ${ids.join(',')} all lead ${key}`);

    this.checkStoppedBrokersLeaveIsrs(zk, running, v);

    // (8) A stopped broker fetches nothing: the ReplicaManager it had when it stopped has no fetcher
    // left (a LeaderAndIsr still being handled at the stop must not start one again).
    for (const id of this.h.cluster.brokerIds()) {
      const b = this.h.cluster.broker(id);
      if (b.isRunning) continue;
      const fetching = this.stoppedReplicaManagers.get(id)?.fetcherManager.fetcherStates() ?? [];
      if (fetching.length > 0)
        v.push(
          `(8) stopped broker ${id} (${b.state}) still fetches ${fetching.map((f) => `${tpKey(f.topicPartition)} from ${f.leaderId}`).join(', ')}`,
        );
    }

    return v;
  }

  /**
   * (7) No stopped broker (shut down, killed, or failed to start) in the ISR of a state znode once a
   * running leader could have dropped it. A stopped broker fetches nothing, so Kafka's leader drops it
   * when it has not caught up for `replica.lag.time.max.ms`, at its next ISR-shrink check (every
   * lag/2): at the latest lag + lag/2 after the later of the broker's stop and the start of that
   * leader's epoch (a new leader counts its ISR members as caught up when it starts). Allowed, as in
   * Kafka 2.5 (counted, not violations):
   *   - a partition no running broker leads at the znode's leader epoch and zkVersion — its leader is
   *     the stopped broker itself (killed, session not expired yet), −1, another stopped broker, or a
   *     leader whose cached zkVersion is behind the znode (its LeaderAndIsr delayed or dropped by a
   *     link fault: its ISR write would fail, "Cached zkVersion … not equal", until the controller's
   *     next LeaderAndIsr);
   *   - within the lag + lag/2 after that later time.
   * The controller itself takes a broker out at once on a controlled shutdown and when its session
   * expires; this bounds what is left to the leaders. Times are those the check saw, never earlier
   * than the real ones, so the bound errs on the side of allowing.
   */
  private checkStoppedBrokersLeaveIsrs(zk: ZkView, running: KafkaServer[], v: string[]): void {
    const now = this.h.time.nowMs();
    const seen = new Map<string, number>();
    const keyOf = (b: KafkaServer, part: Partition) => `${b.id}@${this.startedAt.get(b.id)} ${part.name}@${part.leaderEpoch}`;
    for (const b of running) {
      for (const part of b.replicaManager?.hostedPartitions() ?? []) {
        if (part.isLeader) seen.set(keyOf(b, part), this.leaderSince.get(keyOf(b, part)) ?? now);
      }
    }
    this.leaderSince = seen;
    const existing = new Set(this.h.cluster.brokerIds());
    for (const { partition: p, state: s } of zk.states.values()) {
      for (const r of s.isr) {
        if (!existing.has(r) || this.h.cluster.broker(r).isRunning) continue;
        const leader = running.find((b) => b.id === s.leader);
        const part = leader?.replicaManager?.getPartition(p);
        if (
          !leader ||
          !part ||
          part === 'offline' ||
          !part.isLeader ||
          part.leaderEpoch !== s.leaderEpoch ||
          part.zkVersion !== s.zkVersion
        ) {
          this.stats.count('gap: stopped broker in an ISR no running leader can shrink');
          continue;
        }
        const since = Math.max(this.stoppedAt.get(r) ?? 0, seen.get(keyOf(leader, part)) ?? now);
        if (now > since + REPLICA_LAG_TIME_MAX_MS + ISR_SHRINK_CHECK_PERIOD_MS) {
          v.push(
            `(7) ${tpKey(p)}: broker ${r} (${this.h.cluster.broker(r).state} since t+${(this.stoppedAt.get(r) ?? 0) - 1_700_000_000_000}ms) is in the ISR [${s.isr}] of leader ${s.leader} ` +
              `(epoch ${s.leaderEpoch} seen since t+${since - 1_700_000_000_000}ms), more than replica.lag.time.max.ms + the shrink period later`,
          );
        } else {
          this.stats.count('gap: stopped broker in an ISR within replica.lag.time.max.ms');
        }
      }
    }
  }

  private checkController(c: KafkaController, zk: ZkView, v: string[]): void {
    const ctx = c.context;
    const queued = (t: string) => ctx.topicsToBeDeleted.has(t);

    // (2) Online partitions have a leader that is live (or shutting down) in the controller's view and in
    // the ISR. Narrowed: partitions of topics queued for deletion are left out. Kafka 2.5's
    // onReplicasBecomeOffline skips them (`!isTopicQueuedUpForDeletion`), so a topic queued but not yet
    // started (ineligible at failover because a replica was offline) keeps OnlinePartition with a dead
    // leader until its deletion starts.
    for (const [p, state] of ctx.partitionStates) {
      if (state !== 'OnlinePartition' || queued(p.topic)) continue;
      const l = ctx.partitionLeadershipInfo.get(p);
      if (!l) {
        v.push(`(2) ${tpKey(p)} is OnlinePartition without leadership`);
        continue;
      }
      const { leader, isr } = l.leaderAndIsr;
      if (!ctx.isLiveOrShuttingDown(leader))
        v.push(`(2) ${tpKey(p)} is OnlinePartition with leader ${leader}, not a live broker (${[...ctx.liveOrShuttingDownBrokerIds]})`);
      if (!isr.includes(leader)) v.push(`(2) ${tpKey(p)} is OnlinePartition with leader ${leader} not in its ISR [${isr}]`);
    }

    // (4) The controller's cache agrees with ZooKeeper: topics, assignments, leadership, deletions.
    const zkTopics = [...zk.topics.keys()].sort();
    const ctxTopics = [...ctx.allTopics].sort();
    if (zkTopics.join() !== ctxTopics.join()) v.push(`(4) controller topics [${ctxTopics}] ≠ ZooKeeper's [${zkTopics}]`);
    for (const [topic, partitions] of zk.topics) {
      if (queued(topic)) continue; // NonExistentReplica drops replicas from the cache while deleting
      const cached = ctx.partitionAssignmentsForTopic(topic);
      const a = [...partitions]
        .sort((x, y) => x[0] - y[0])
        .map(([p, r]) => `${p}:${r}`)
        .join(' ');
      const b = [...cached].map(([p, r]) => `${p}:${r.replicas}`).join(' ');
      if (a !== b) v.push(`(4) ${topic}: controller's assignment ${b} ≠ topic znode's ${a}`);
    }
    const markers = [...zk.deletions].sort().join();
    const toDelete = [...ctx.topicsToBeDeleted].sort().join();
    if (markers !== toDelete) v.push(`(4) /admin/delete_topics [${markers}] ≠ controller's topics to be deleted [${toDelete}]`);

    // Leadership: the cache holds what the state znode holds (leader, leader epoch, ISR, zkVersion).
    // The one gap Kafka allows: a leader's own ISR change (Partition.updateIsr writes the state znode
    // directly: same leader, leader epoch and controller epoch, a later zkVersion) that the controller
    // learns of only when the leader's /isr_change_notification is processed — 5–60 s later, or never if
    // the leader is killed before it propagates (the controller then re-reads the znode when the
    // leader's session expires and it elects a new leader).
    // The controller epoch is narrowed: it must equal the znode's or be the controller's own epoch.
    // Kafka 2.5's doRemoveReplicasFromIsr caches `LeaderIsrAndControllerEpoch(leaderAndIsr,
    // controllerContext.epoch)` also for the partitions whose ISR did not contain the replica and whose
    // znode it therefore did not rewrite (at every failover, for replicas on dead brokers).
    for (const [p, l] of ctx.partitionLeadershipInfo) {
      const s = zk.states.get(tpKey(p))?.state;
      if (!s) {
        v.push(`(4) ${tpKey(p)}: controller has leadership ${JSON.stringify(l)} but there is no state znode`);
        continue;
      }
      const c0 = l.leaderAndIsr;
      const epochOk = l.controllerEpoch === s.controllerEpoch || l.controllerEpoch === ctx.epoch;
      const same =
        s.leader === c0.leader &&
        s.leaderEpoch === c0.leaderEpoch &&
        s.isr.join() === c0.isr.join() &&
        s.zkVersion === c0.zkVersion &&
        epochOk;
      if (same) {
        if (l.controllerEpoch !== s.controllerEpoch) this.stats.count('gap: controller epoch cached without a write');
        continue;
      }
      const writer = this.sessionOwner.get(this.writers.get(s.mzxid) ?? -1n);
      const leaderIsrChange =
        s.leader === c0.leader && s.leaderEpoch === c0.leaderEpoch && epochOk && s.zkVersion > c0.zkVersion && writer === s.leader;
      if (leaderIsrChange) this.stats.count('gap: leader ISR change not yet propagated');
      if (!leaderIsrChange) {
        v.push(
          `(4) ${tpKey(p)}: controller caches leader ${c0.leader} epoch ${c0.leaderEpoch} isr [${c0.isr}] zkVersion ${c0.zkVersion} cEpoch ${l.controllerEpoch}, ` +
            `state znode has leader ${s.leader} epoch ${s.leaderEpoch} isr [${s.isr}] zkVersion ${s.zkVersion} cEpoch ${s.controllerEpoch} written by ${writer === undefined ? 'a non-broker session' : `broker ${writer}`}`,
        );
      }
    }
    for (const { partition: p } of zk.states.values()) {
      if (!ctx.partitionLeadershipInfo.has(p)) v.push(`(4) ${tpKey(p)}: state znode exists but the controller has no leadership for it`);
    }
  }

  /** After the faults are lifted and every broker restarted: the cluster is whole again (the violations). */
  async checkConvergence(): Promise<string[]> {
    const v: string[] = [];
    const zk = await readZkView(this.zk);
    const running = this.h.cluster.runningBrokers();
    if (running.length !== BROKERS) v.push(`brokers running: ${running.map((b) => b.id)}`);
    const actives = running.filter((b) => b.controller?.isActive());
    if (actives.length !== 1) v.push(`${actives.length} active controllers`);
    const c = actives[0]?.controller;
    if (c) {
      const ctx = c.context;
      // No pending deletions — narrowed to topics whose replicas are all on brokers that exist. A replica
      // on a broker id that was never started (a manual assignment may name one, C5) is dead for good, so
      // Kafka 2.5 keeps that topic ineligible (ReplicaDeletionIneligible) and its marker forever.
      const existing = new Set(this.h.cluster.brokerIds());
      const stuckForGood = (t: string) => [...(zk.topics.get(t)?.values() ?? [])].some((r) => r.some((id) => !existing.has(id)));
      const pending = [...new Set([...zk.deletions, ...ctx.topicsToBeDeleted])].filter((t) => !stuckForGood(t));
      if (pending.length > 0)
        v.push(`pending deletions: ${pending} (znodes [${zk.deletions}], controller [${[...ctx.topicsToBeDeleted]}])`);
      if (zk.deletions.sort().join() !== [...ctx.topicsToBeDeleted].sort().join())
        v.push(`deletion markers [${zk.deletions}] ≠ controller's [${[...ctx.topicsToBeDeleted]}]`);
      for (const p of ctx.allPartitions()) {
        if (ctx.topicsToBeDeleted.has(p.topic)) continue;
        const replicas = ctx.partitionReplicaAssignment(p);
        const live = replicas.filter((r) => ctx.liveBrokerIds.has(r));
        if (live.length === 0) continue;
        const l = ctx.partitionLeadershipInfo.get(p)?.leaderAndIsr;
        if (ctx.partitionState(p) !== 'OnlinePartition' || !l || !ctx.liveBrokerIds.has(l.leader) || !l.isr.includes(l.leader)) {
          v.push(`${tpKey(p)} (replicas [${replicas}]) is ${ctx.partitionState(p)} with ${JSON.stringify(l)}`);
          continue;
        }
        // With every follower fetching again, the ISR is every live replica.
        if ([...l.isr].sort().join() !== [...live].sort().join()) v.push(`${tpKey(p)}: ISR [${l.isr}] ≠ live replicas [${live}]`);
        const s = zk.states.get(tpKey(p))?.state;
        if (
          !s ||
          s.leader !== l.leader ||
          s.isr.join() !== l.isr.join() ||
          s.leaderEpoch !== l.leaderEpoch ||
          s.zkVersion !== l.zkVersion
        ) {
          v.push(`${tpKey(p)}: state znode ${JSON.stringify(s)} ≠ controller's ${JSON.stringify(l)}`);
        }
        for (const r of live) {
          if (!this.topicDirs(r, p.topic).includes(tpKey(p))) v.push(`${tpKey(p)}: broker ${r} has no log dir for it`);
        }
      }
      // Every broker's metadata cache is the controller's view.
      const alive = [...ctx.liveOrShuttingDownBrokerIds].sort().join();
      for (const b of running) {
        const cache = b.metadataCache;
        if (cache.controllerId !== c.config.brokerId) v.push(`broker ${b.id}: metadata cache names controller ${cache.controllerId}`);
        const cachedAlive = cache
          .getAliveBrokers()
          .map((x) => x.id)
          .sort()
          .join();
        if (cachedAlive !== alive) v.push(`broker ${b.id}: alive brokers [${cachedAlive}] ≠ controller's [${alive}]`);
        const expected = new Set<string>();
        for (const [p, l] of ctx.partitionLeadershipInfo) {
          // Topics queued for deletion were sent with leader −2: brokers drop them from their caches.
          if (ctx.topicsToBeDeleted.has(p.topic)) continue;
          expected.add(tpKey(p));
          const m = cache.getPartitionInfo(p.topic, p.partition);
          const want = {
            leader: l.leaderAndIsr.leader,
            leaderEpoch: l.leaderAndIsr.leaderEpoch,
            isr: [...l.leaderAndIsr.isr],
            zkVersion: l.leaderAndIsr.zkVersion,
            replicas: [...ctx.partitionReplicaAssignment(p)],
          };
          const got = m && { leader: m.leader, leaderEpoch: m.leaderEpoch, isr: m.isr, zkVersion: m.zkVersion, replicas: m.replicas };
          if (JSON.stringify(got) !== JSON.stringify(want))
            v.push(`broker ${b.id}: metadata for ${tpKey(p)} ${JSON.stringify(got)} ≠ controller's ${JSON.stringify(want)}`);
        }
        for (const topic of cache.getAllTopics()) {
          for (const m of cache.partitionsOf(topic)) {
            if (!expected.has(`${topic}-${m.partitionIndex}`))
              v.push(`broker ${b.id}: metadata cache still has ${topic}-${m.partitionIndex}`);
          }
        }
      }
    }
    return v;
  }

  /** The topic's partition dirs (`<t>-<p>` and `<t>-<p>.<uuid>-delete`) in a broker's log dir. */
  private topicDirs(brokerId: number, topic: string): string[] {
    const dir = this.h.logDir(brokerId);
    if (!existsSync(dir)) return [];
    const prefix = `${topic}-`;
    return this.h.fs
      .readdir(dir)
      .map((e) => e.name)
      .filter((n) => n.startsWith(prefix) && /^\d+(\.[0-9a-f]{32}-delete)?$/.test(n.slice(prefix.length)))
      .sort();
  }
}
