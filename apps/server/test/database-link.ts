import net, { type AddressInfo } from 'node:net';

/** A TCP proxy we own between the app and PostgreSQL, so the network can fail without touching the server. */
export class DatabaseLink {
  private server: net.Server | null = null;
  get isOpen() {
    return this.server !== null;
  }
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  /** A link to the server behind a database URL, and that URL rewritten to go through the link. */
  static async to(databaseUrl: string): Promise<{ link: DatabaseLink; url: string }> {
    const direct = new URL(databaseUrl);
    const link = new DatabaseLink({ host: direct.hostname.replace(/^\[|\]$/g, ''), port: Number(direct.port || 5432) });
    const proxied = new URL(direct);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(await link.open());
    return { link, url: proxied.toString() };
  }

  async open(): Promise<number> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this.port;
  }

  /** Drops every live connection and refuses new ones. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = null;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : Promise.resolve();
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }
}
