import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP proxy a test controls, put between the server and a service it depends on (PostgreSQL, a
 * broker) to break the link the way networks and failovers do, while the service itself stays up.
 * `cut()` ends every connection through it and refuses new ones (each is accepted and closed at once);
 * `restore()` lets connections through again.
 */
export class TcpProxy {
  private readonly links = new Set<net.Socket>();
  private open = true;

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const proxy = new TcpProxy(server, (server.address() as AddressInfo).port);
    server.on('connection', (inbound) => proxy.connect(inbound, target));
    return proxy;
  }

  /** `url` with its host and port replaced by the proxy's. */
  url(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  cut(): void {
    this.open = false;
    for (const socket of this.links) socket.destroy();
    this.links.clear();
  }

  restore(): void {
    this.open = true;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private connect(inbound: net.Socket, target: { host: string; port: number }): void {
    inbound.on('error', () => {});
    if (!this.open) {
      inbound.destroy();
      return;
    }
    const outbound = net.connect(target.port, target.host);
    outbound.on('error', () => {});
    for (const [from, to] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      this.links.add(from);
      from.pipe(to);
      from.once('close', () => {
        this.links.delete(from);
        to.destroy();
      });
    }
  }
}
