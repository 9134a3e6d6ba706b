/**
 * What an incident story is told with: the incident being built (`IncidentBuilder`), what the
 * grouper lends a story to open, extend and find incidents (`IncidentStories`), and the shape of a
 * story family (`FactHandlers`: the facts it takes, each handled by exactly one family). The
 * grouper (`../incident-grouping.ts`) owns the state; the families beside this file own the words.
 */
import type { StoredEvent } from '../../../core/cluster/event-log';
import type { TimelineFact } from '../../../core/cluster/timeline-index';
import type { LocalizedText } from '../../localized-text';
import type { IncidentDto } from '../timeline-contract';
import { durationText } from '../../duration-text';

/** How long after its last step the controller's work still belongs to an incident. */
export const FOCUS_MS = 30_000;
/**
 * A settled incident older than this never gets another step (every later fact is matched only to
 * recent or still unfolding incidents), which is what lets the grouper forget old ones.
 */
export const RELEVANT_MS = 60 * 60_000;
/** Partitions named in one step; the rest are counted. */
const NAMED = 8;

export interface Step {
  timeMs: number;
  seq: number;
  text: LocalizedText;
  /** Facts of one kind at one time are told as one step. */
  group?: { fact: string; items: string[] };
}

export interface IncidentBuilder {
  id: string;
  kind: string;
  startMs: number;
  brokerId: number | null;
  topic: string | null;
  title: (b: IncidentBuilder) => LocalizedText;
  steps: Step[];
  waiting: boolean;
  sessionExpired: boolean;
  /** Topic deletion: partitions deleted. Reassignment: partitions moving. Topic creation: partitions with a leader. */
  partitions: Set<string>;
  /** Reassignment: partitions still moving. Topic creation: replicas whose log is created. */
  pending: Set<string>;
  /** Topic creation: its partitions and replicas, as the controller counted them. */
  size: { partitions: number; replicas: number } | null;
  endMs: number;
  /** The last answer told of it, while nothing it is told from has changed. */
  told?: { sig: string; tail: LocalizedText[]; value: Omit<IncidentDto, 'endMs'> };
}

/** What the facts told of the cluster so far, which several stories read. */
export interface ClusterMemory {
  controllerId: number | null;
  /** ZooKeeper session id → the broker that registered with it. */
  readonly sessionOwner: Map<string, number>;
  /** The latest session expiry whose owner the log does not name. */
  unownedExpiry: { seq: number; timeMs: number; hex: string } | null;
}

/** The grouper's incidents as a story sees them. */
export interface IncidentStories {
  readonly cluster: ClusterMemory;
  /** The incident the controller is busy with (its later work joins it while recent: `focused`). */
  focus: IncidentBuilder | null;
  open(e: StoredEvent, kind: string, brokerId: number | null, topic: string | null, title: IncidentBuilder['title']): IncidentBuilder;
  step(b: IncidentBuilder, e: StoredEvent, text: LocalizedText): void;
  /** One step for the facts of a kind at one time (interleaved with other grouped facts of that time): `render` retells it with every item so far. */
  groupStep(b: IncidentBuilder, e: StoredEvent, fact: string, item: string, render: (items: string[]) => LocalizedText): void;
  /** The latest incident of `kinds` about broker `brokerId` that is still unfolding or recent. */
  latestOf(brokerId: number, kinds: readonly string[], e: StoredEvent): IncidentBuilder | null;
  /** Marks `b` as still unfolding (only such incidents wait for a fact that ends them). */
  unfold(b: IncidentBuilder): void;
  /** Ends every unfolding incident that `matches`. */
  settle(matches: (b: IncidentBuilder) => boolean): void;
  /** The newest unfolding incident of `kind` that `matches`. */
  waitingOf(kind: string, matches: (b: IncidentBuilder) => boolean): IncidentBuilder | undefined;
  /** The focus, while its last step is recent. */
  focused(e: StoredEvent): IncidentBuilder | null;
  /** Makes `b` the latest incident of its kind about `key` (a topic, a config entity), until it is forgotten. */
  remember(b: IncidentBuilder, key: string): void;
  remembered(kind: string, key: string): IncidentBuilder | undefined;
}

export type FactOf<F extends TimelineFact['f']> = TimelineFact & { readonly f: F };

/** A story family: the facts it tells, each told by one family only. */
export type FactHandlers = {
  readonly [F in TimelineFact['f']]?: (s: IncidentStories, e: StoredEvent, fact: FactOf<F>) => void;
};

export const t = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });
export const named = (items: readonly string[]): string =>
  items.length <= NAMED ? items.join(', ') : `${items.slice(0, NAMED).join(', ')} (+${items.length - NAMED})`;
export const unique = (items: readonly string[]): string[] => [...new Set(items)];
/** How long after the incident began the fact `e` came. */
export const after = (e: StoredEvent, b: IncidentBuilder): LocalizedText => durationText(e.timeMs - b.startMs);
