/**
 * What a leader knows of one follower (`kafka.cluster.Replica`): the follower's log end offset and
 * log start offset from its last fetch, and when it was last caught up. A follower is caught up
 * when it fetched from the leader's log end, or from the log end the leader had at its previous
 * fetch — so a follower that keeps pace under steady produce is never "behind".
 */
export class Replica {
  logEndOffset = -1;
  logStartOffset = -1;
  lastCaughtUpTimeMs = 0;
  private lastFetchLeaderLogEndOffset = -1;
  private lastFetchTimeMs = 0;

  constructor(readonly brokerId: number) {}

  /** `Replica.updateFetchState`. */
  updateFetchState(followerFetchOffset: number, followerStartOffset: number, followerFetchTimeMs: number, leaderEndOffset: number): void {
    if (followerFetchOffset >= leaderEndOffset) {
      this.lastCaughtUpTimeMs = Math.max(this.lastCaughtUpTimeMs, followerFetchTimeMs);
    } else if (followerFetchOffset >= this.lastFetchLeaderLogEndOffset) {
      this.lastCaughtUpTimeMs = Math.max(this.lastCaughtUpTimeMs, this.lastFetchTimeMs);
    }
    this.logStartOffset = followerStartOffset;
    this.logEndOffset = followerFetchOffset;
    this.lastFetchLeaderLogEndOffset = leaderEndOffset;
    this.lastFetchTimeMs = followerFetchTimeMs;
  }

  /** `Replica.resetLastCaughtUpTime`: a new leader starts every follower's clock afresh. */
  resetLastCaughtUpTime(curLeaderLogEndOffset: number, curTimeMs: number, lastCaughtUpTimeMs: number): void {
    this.lastFetchLeaderLogEndOffset = curLeaderLogEndOffset;
    this.lastFetchTimeMs = curTimeMs;
    this.lastCaughtUpTimeMs = lastCaughtUpTimeMs;
  }

  /** Forgets the follower's offsets (a new leadership: unknown until it fetches). */
  resetFetchState(): void {
    this.logEndOffset = -1;
    this.logStartOffset = -1;
    this.lastFetchLeaderLogEndOffset = -1;
    this.lastFetchTimeMs = 0;
  }
}
