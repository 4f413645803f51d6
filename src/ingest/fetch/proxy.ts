import type { Agent } from 'node:http';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { getProxyForUrl } from 'proxy-from-env';

/**
 * The agent that reaches a publisher's address through the proxy HTTPS_PROXY (or HTTP_PROXY)
 * names, by CONNECT, unless NO_PROXY lists its host (proxy-from-env reads them, upper or lower
 * case, as curl and most tools do); `direct` otherwise. One agent per proxy, kept for the
 * fetcher's life so its tunnels are reused.
 */
export function proxiedAgents(
  direct: Agent,
  options: { ca?: string[]; maxSockets: number },
): { agentFor(url: string): Agent; proxyFor(url: string): string | null; destroy(): void } {
  const agents = new Map<string, HttpsProxyAgent<string>>();
  const proxyFor = (url: string): string | null => getProxyForUrl(url) || null;
  return {
    proxyFor,
    agentFor(url) {
      const proxy = proxyFor(url);
      if (!proxy) return direct;
      let agent = agents.get(proxy);
      if (!agent) {
        agent = new HttpsProxyAgent(proxy, {
          keepAlive: true,
          maxSockets: options.maxSockets,
          ...(options.ca ? { ca: options.ca } : {}),
        });
        agents.set(proxy, agent);
      }
      return agent;
    },
    destroy() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  };
}

/** A proxy's address as it may be logged or shown: without its user name and password. */
export function withoutCredentials(proxy: string): string {
  const url = new URL(proxy);
  url.username = '';
  url.password = '';
  return url.href.replace(/\/$/, '');
}
