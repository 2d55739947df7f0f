// Spare ports for test and bench servers: ask the kernel, so parallel runs never collide (never a fixed port).
import { createServer, type Server } from 'node:net';

function listen(): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    // Bound on localhost, the host name the browser, the API and Keycloak all use.
    server.listen(0, 'localhost', () => resolve(server));
  });
}

/** Distinct spare ports: all held open at once, so the kernel cannot hand out one twice. */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(Array.from({ length: count }, listen));
  const ports = servers.map((s) => {
    const address = s.address();
    if (typeof address !== 'object' || !address) throw new Error('the kernel gave no port');
    return address.port;
  });
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  return ports;
}

/** One spare port. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port as number;
}
