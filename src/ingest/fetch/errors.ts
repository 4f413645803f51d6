/** Why an upstream file could not be read: shared by the fetcher, the upstreams and discovery. */
export class UpstreamError extends Error {
  override name = 'UpstreamError';
}

/** A file over the source's size cap: never read into memory. */
export class FileTooLargeError extends UpstreamError {
  override name = 'FileTooLargeError';
  constructor(
    readonly uri: string,
    /** Its size, or at least this many bytes when it was cut off while downloading. */
    readonly bytes: number,
    readonly maxBytes: number,
    /**
     * What identifies the file: the SHA-256 of the whole file when it could be hashed without keeping
     * it (the mirror), or of its address and validators (a publisher's); null when neither is known.
     */
    readonly sha256: string | null,
    /** Whether `bytes` is the file's size (a mirror's, a Content-Length), not only how much came before the cut. */
    readonly exact: boolean = sha256 !== null,
  ) {
    super(`${uri} is ${bytes} bytes${exact ? '' : ' or more'}, over the ${maxBytes} bytes this source reads`);
  }
}

/** The publisher answered 401 or 403 (or kept answering 429): it refuses this client. Outcome `refused`. */
export class PublisherRefused extends UpstreamError {
  override name = 'PublisherRefused';
  constructor(
    readonly url: string,
    readonly status: number,
  ) {
    super(`${new URL(url).host} refuses automated clients (HTTP ${status}) at ${url}`);
  }
}

/** Why a publisher could not be reached: the connection refused, a timeout, DNS, TLS, an HTTP 5xx, or another network error. */
export type UnreachableKind = 'refused' | 'timed out' | 'dns' | 'tls' | 'http' | 'network';

/** No usable answer after the retries: DNS, TLS, connection, timeout or 5xx. Outcome `failed`. */
export class PublisherUnreachable extends UpstreamError {
  override name = 'PublisherUnreachable';
  constructor(
    readonly url: string,
    readonly reason: string,
    readonly kind: UnreachableKind = 'network',
  ) {
    super(`${url} could not be read: ${reason}`);
  }
}
