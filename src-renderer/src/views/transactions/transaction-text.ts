/** The sentences the fence confirmation says before anything is written. */
import type { TransactionDto } from '../../api/types';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export function fenceSentences(t: TransactionDto, translate: Translate): string[] {
  const open = t.state === 'Ongoing';
  return [
    translate('transactions.confirmInit', { id: t.transactionalId, broker: t.coordinator }),
    translate('transactions.confirmEpoch', { from: t.producerEpoch, to: t.producerEpoch + 1 }),
    open ? translate('transactions.confirmAbort', { count: t.partitions.length }) : translate('transactions.confirmNoTxn'),
  ];
}
