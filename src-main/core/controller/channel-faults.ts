/**
 * Fault injection on the controller → broker links, shared by whichever broker is controller.
 * - delay: each request reaches the broker `delayMs` later;
 * - drop: requests are lost (no response ever comes back);
 * - cut: requests wait, in order, until the link is restored (as Kafka's send thread keeps retrying).
 */
export type LinkFault = { kind: 'delay'; delayMs: number } | { kind: 'drop' } | { kind: 'cut' };

export class ChannelFaults {
  private readonly faults = new Map<number, LinkFault>();
  private readonly listeners = new Set<(brokerId: number) => void>();

  get(brokerId: number): LinkFault | undefined {
    return this.faults.get(brokerId);
  }

  set(brokerId: number, fault: LinkFault | null): void {
    if (fault === null) this.faults.delete(brokerId);
    else this.faults.set(brokerId, fault);
    for (const l of this.listeners) l(brokerId);
  }

  all(): Array<{ brokerId: number; fault: LinkFault }> {
    return [...this.faults].map(([brokerId, fault]) => ({ brokerId, fault }));
  }

  onChange(listener: (brokerId: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
