/** How often each operation ran and each checked case or allowed gap came up, so a run can show it put the invariants to the test. */
export class SimulationStats {
  private readonly counts = new Map<string, number>();

  count(what: string): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  get(what: string): number | undefined {
    return this.counts.get(what);
  }

  sorted(): Array<[string, number]> {
    return [...this.counts].sort();
  }
}
