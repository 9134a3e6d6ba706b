/**
 * Kafka's `ProducerIdManager`: a broker hands out producer ids for idempotent producers from the
 * block of 1,000 it claimed in `/latest_producer_id_block`, and claims the next block when that
 * one is used up.
 */
export class ProducerIdManager {
  private nextProducerId: bigint;
  private blockEnd: bigint;

  constructor(
    block: { blockStart: bigint; blockEnd: bigint },
    private readonly claimBlock: () => Promise<{ blockStart: bigint; blockEnd: bigint }>,
  ) {
    this.nextProducerId = block.blockStart;
    this.blockEnd = block.blockEnd;
  }

  async generateProducerId(): Promise<bigint> {
    if (this.nextProducerId > this.blockEnd) {
      const block = await this.claimBlock();
      this.nextProducerId = block.blockStart;
      this.blockEnd = block.blockEnd;
    }
    return this.nextProducerId++;
  }
}
