/**
 * One scenario cut into named steps, so that what each step must leave behind is asserted in its own
 * `it` (a failure names the step that broke). `reach(step)` runs every step up to and including that
 * one, each once and in order, so an `it` run alone (`vitest -t`) still finds the cluster where its
 * step leaves it. Values a later step would change are captured into the scenario's state by the
 * step that sees them.
 */
export class ScenarioSteps<S, K extends string> {
  private state: Promise<S> | null = null;
  private readonly done = new Set<K>();
  private failed: { step: K; error: unknown } | null = null;

  constructor(
    private readonly start: () => Promise<S>,
    private readonly steps: ReadonlyArray<readonly [K, (state: S) => Promise<void>]>,
  ) {}

  async reach(step: K): Promise<S> {
    const state = await (this.state ??= this.start());
    for (const [name, run] of this.steps) {
      if (this.failed) throw new Error(`step "${this.failed.step}" of the scenario failed: ${String(this.failed.error)}`);
      if (!this.done.has(name)) {
        this.done.add(name);
        try {
          await run(state);
        } catch (error) {
          this.failed = { step: name, error };
          throw error;
        }
      }
      if (name === step) return state;
    }
    throw new Error(`the scenario has no step "${step}"`);
  }
}
