/** What `bench/compare.ts` recorded from our server and `bench/bare-server.ts` replays. */
export interface RecordedResponse {
  url: string;
  apiKey: string | null;
  ifNoneMatch: string | null;
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** A request is matched by its URL, API key and If-None-Match, so the 304 and 429 scenarios replay their own answers. */
export function replayKey(url: string, apiKey: string | null, ifNoneMatch: string | null): string {
  return `${url}|${apiKey ?? ''}|${ifNoneMatch ?? ''}`;
}
