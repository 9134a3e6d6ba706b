/** The API of the Topic deletion monitor (types only, part of contract.ts's DojoApi as `deletions`). */

export interface DeletionService {
  /** Placeholder until the service is built. */
  ping(): Promise<string>;
}
