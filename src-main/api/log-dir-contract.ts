/** The API of the Log directory browser (types only, part of contract.ts's DojoApi as `logDirs`). */

export interface LogDirService {
  /** Placeholder until the service is built. */
  ping(): Promise<string>;
}
