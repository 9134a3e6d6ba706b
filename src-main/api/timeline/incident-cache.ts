/**
 * The open cluster's incidents, kept as facts arrive: each call reads only the facts written since
 * the previous one (the rows after the last fact's seq) and feeds them to one
 * `IncidentGrouper`, so the cost of a call is what is new, not the hour before it. A range older than
 * the grouper's start makes it start over from there; a range older than what it has forgotten is
 * grouped from scratch once.
 */
import type { ClusterFacade } from '../../core/cluster/cluster-facade';
import type { IncidentDto } from './timeline-contract';
import { groupIncidents, IncidentGrouper } from './incident-grouping';

/** Facts read before a range, so that an incident opened before it has its context (who owned which session, who was the controller). */
export const INCIDENT_CONTEXT_MS = 60 * 60_000;
/** What the grouper remembers: the dashboard's longest range (24 h) and its context. */
const RETAIN_MS = 25 * 60 * 60_000;

type Facts = Pick<ClusterFacade, 'eventFacts'>;

export class IncidentCache {
  private current: { cluster: Facts; grouper: IncidentGrouper; fromMs: number } | null = null;

  /** The incidents that started in [fromMs, toMs], oldest first, as of `nowMs`. */
  incidents(cluster: Facts, nowMs: number, fromMs: number, toMs: number): IncidentDto[] {
    const contextFromMs = Math.max(0, fromMs - INCIDENT_CONTEXT_MS);
    let c = this.current;
    if (c === null || c.cluster !== cluster || contextFromMs < c.fromMs) {
      c = { cluster, grouper: new IncidentGrouper({ retainMs: RETAIN_MS }), fromMs: contextFromMs };
      this.current = c;
      c.grouper.add(cluster.eventFacts(contextFromMs));
    } else {
      c.grouper.add(cluster.eventFacts(c.fromMs, c.grouper.lastSeq));
    }
    if (fromMs < c.grouper.completeFromMs)
      return groupIncidents(cluster.eventFacts(contextFromMs), nowMs).filter((i) => i.startMs >= fromMs && i.startMs <= toMs);
    return c.grouper.snapshot(nowMs, fromMs, toMs);
  }
}
