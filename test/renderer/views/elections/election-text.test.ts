import { describe, expect, it } from 'vitest';
import { createDojoI18n } from '../../../../src-renderer/src/locales';
import type { ElectionOverviewDto } from '../../../../src-renderer/src/api/types';
import { electionSentences, resultSummary } from '../../../../src-renderer/src/views/elections/election-text';

/** vue-i18n's English t, plural forms and all. */
const i18n = createDojoI18n('en');
const t = (key: string, values: Record<string, unknown> = {}, plural?: number): string =>
  plural === undefined ? i18n.global.t(key, values) : i18n.global.t(key, values, plural);

const overview: ElectionOverviewDto = {
  controllerId: 2,
  imbalancePercentage: 10,
  autoLeaderRebalanceEnable: true,
  imbalanceCheckIntervalSeconds: 300,
  brokers: [],
  partitions: [
    {
      topic: 'ledger',
      partition: 0,
      replicas: [0, 1],
      isr: [1, 0],
      leader: 1,
      preferredLeader: 0,
      preferredElectable: true,
      offline: false,
    },
    {
      topic: 'ledger',
      partition: 1,
      replicas: [1, 0],
      isr: [1, 0],
      leader: 1,
      preferredLeader: 1,
      preferredElectable: false,
      offline: false,
    },
    { topic: 'audit', partition: 0, replicas: [0, 2], isr: [2], leader: 2, preferredLeader: 0, preferredElectable: false, offline: false },
  ],
};

describe('the election confirmation', () => {
  it('names the controller, the scope and the partitions whose leadership moves', () => {
    expect(electionSentences({ electionType: 'PREFERRED', scope: { kind: 'topic', topic: 'ledger' } }, overview, t)).toEqual([
      'An ElectLeaders request (PREFERRED) goes to the controller (broker 2) for every partition of topic ledger.',
      'Leadership moves to the preferred (first) replica where it is alive and in the ISR: 1 partition now: ledger-0 (1 → 0).',
      'The old leaders become followers; producers and consumers get NOT_LEADER_FOR_PARTITION once and refresh their metadata. No data is lost: the new leader is in the ISR.',
    ]);
    // Its preferred replica is out of the ISR: nothing would move.
    expect(
      electionSentences({ electionType: 'PREFERRED', scope: { kind: 'partition', topic: 'audit', partition: 0 } }, overview, t)[1],
    ).toContain('PREFERRED_LEADER_NOT_AVAILABLE');
  });

  it('warns of data loss before an unclean election, and sums up the results', () => {
    const sentences = electionSentences({ electionType: 'UNCLEAN', scope: { kind: 'all' } }, overview, t);
    expect(sentences[0]).toBe('An ElectLeaders request (UNCLEAN) goes to the controller (broker 2) for every partition of the cluster.');
    expect(sentences.join(' ')).toContain('they are lost');
    expect(
      resultSummary(
        [
          { topic: 'a', partition: 0, error: 'NONE', message: null },
          { topic: 'a', partition: 1, error: 'ELECTION_NOT_NEEDED', message: 'Leader election not needed for topic partition.' },
          { topic: 'a', partition: 2, error: 'PREFERRED_LEADER_NOT_AVAILABLE', message: 'x' },
        ],
        t,
      ),
    ).toBe('1 elected, 1 needed no election, 1 failed.');
  });
});
