import http from 'node:http';

export interface SocketAnswer {
  status: number;
  /** Header names in the order they were sent, lower-cased, and their values. */
  headers: Array<[string, string]>;
  body: string;
}

/**
 * One request over a real socket, on a connection of its own: the hit path in front of the router
 * sits on the server's request listener, which `inject` never reaches.
 */
export function overSocket(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<SocketAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        const pairs: Array<[string, string]> = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          pairs.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode!, headers: pairs, body });
      });
    });
    req.on('error', reject);
    req.end();
  });
}
