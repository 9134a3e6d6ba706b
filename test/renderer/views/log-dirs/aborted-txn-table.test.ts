// @vitest-environment happy-dom
/** A segment's `.txnindex` in the log dir browser: one row per aborted transaction under Kafka's AbortedTxn field names. */
import { afterEach, describe, expect, it } from 'vitest';
import AbortedTxnTable from '../../../../src-renderer/src/views/log-dirs/AbortedTxnTable.vue';
import { FakeApi } from '../../support/fake-api';
import { byTestId } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(() => unmountAll());

describe('a .txnindex file', () => {
  it('shows its aborted transactions, one row each', async () => {
    const { wrapper } = mountWithApp(AbortedTxnTable, {
      client: new FakeApi().client(),
      props: { entries: [{ version: 0, producerId: 4000, firstOffset: 98, lastOffset: 104, lastStableOffset: 101 }] },
    });
    await settle();
    const text = byTestId(wrapper, 'aborted-txns').text();
    for (const column of ['version', 'producerId', 'firstOffset', 'lastOffset', 'lastStableOffset']) expect(text).toContain(column);
    for (const value of ['4000', '98', '104', '101']) expect(text).toContain(value);
  });
});
