/**
 * Delta debugging (Zeller's ddmin) over an op list: the shortest sub-sequence found that still
 * fails. `fails` runs a candidate against both servers; candidates are tried in order, so the
 * result is a function of the failing sequence alone.
 */
export async function shrinkOps<T>(ops: readonly T[], fails: (candidate: readonly T[]) => Promise<boolean>, maxRuns = 300): Promise<T[]> {
  let current = [...ops];
  let chunks = 2;
  let runs = 0;
  while (current.length >= 2 && runs < maxRuns) {
    const size = Math.ceil(current.length / chunks);
    let reduced = false;
    // Complements first (drop one chunk), which is what shortens a long list fastest.
    for (let start = 0; start < current.length && runs < maxRuns; start += size) {
      const candidate = [...current.slice(0, start), ...current.slice(start + size)];
      runs++;
      if (candidate.length > 0 && (await fails(candidate))) {
        current = candidate;
        chunks = Math.max(chunks - 1, 2);
        reduced = true;
        break;
      }
    }
    if (reduced) continue;
    if (chunks >= current.length) break;
    chunks = Math.min(current.length, chunks * 2);
  }
  return current;
}
