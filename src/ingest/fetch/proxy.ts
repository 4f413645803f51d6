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
  const proxyFor = (url: string): string | null => (proxyConfigured(process.env) ? getProxyForUrl(url) || null : null);
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

/**
 * Whether a proxy is set at all, and NO_PROXY does not exempt every host: the variables as
 * proxy-from-env reads them (which then matches each address against NO_PROXY).
 */
function proxyConfigured(env: NodeJS.ProcessEnv): boolean {
  const proxy = env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy;
  return Boolean(proxy) && (env.NO_PROXY ?? env.no_proxy ?? '').trim() !== '*';
}
