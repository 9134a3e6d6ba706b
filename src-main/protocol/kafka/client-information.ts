/**
 * The client software a connection announced (KIP-511): `ClientInformation` and the
 * `ChannelMetadataRegistry` of Kafka 2.5.1's network layer. A connection starts as
 * `unknown`/`unknown` and takes the name and version of its first valid ApiVersions request
 * (v3 carries them; an older version leaves them empty, which reads as `unknown` again).
 */

/** `ClientInformation.UNKNOWN_NAME_OR_VERSION`. */
export const UNKNOWN_NAME_OR_VERSION = 'unknown';

export interface ClientInformation {
  readonly softwareName: string;
  readonly softwareVersion: string;
}

/** `ClientInformation.EMPTY`. */
export const EMPTY_CLIENT_INFORMATION: ClientInformation = Object.freeze({
  softwareName: UNKNOWN_NAME_OR_VERSION,
  softwareVersion: UNKNOWN_NAME_OR_VERSION,
});

/** `new ClientInformation(name, version)`: an empty name or version is `unknown`. */
export function clientInformation(softwareName: string, softwareVersion: string): ClientInformation {
  return {
    softwareName: softwareName === '' ? UNKNOWN_NAME_OR_VERSION : softwareName,
    softwareVersion: softwareVersion === '' ? UNKNOWN_NAME_OR_VERSION : softwareVersion,
  };
}

/** What a connection keeps about its client: `ChannelMetadataRegistry`. */
export interface ChannelMetadataRegistry {
  registerClientInformation(info: ClientInformation): void;
}

/** For requests handled outside a connection (tests, the in-process path): nothing to record. */
export const NO_CHANNEL_METADATA: ChannelMetadataRegistry = Object.freeze({ registerClientInformation: () => undefined });

/** The connections of one client software and version, as the `connections` gauge of `socket-server-metrics` counts them. */
export interface ClientSoftwareConnections extends ClientInformation {
  readonly connections: number;
}

/** Connections counted by client software, most first, then by name and version. */
export function connectionsByClient(infos: Iterable<ClientInformation>): ClientSoftwareConnections[] {
  const counts = new Map<string, ClientSoftwareConnections>();
  for (const info of infos) {
    const key = `${info.softwareName}\u0000${info.softwareVersion}`;
    const seen = counts.get(key);
    counts.set(key, { ...info, connections: (seen?.connections ?? 0) + 1 });
  }
  return [...counts.values()].sort(
    (a, b) =>
      b.connections - a.connections || a.softwareName.localeCompare(b.softwareName) || a.softwareVersion.localeCompare(b.softwareVersion),
  );
}
