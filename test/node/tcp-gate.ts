import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpGate {
  /** Where clients connect instead of the target. */
  port: number;
  /**
   * `POST {controlUrl}/down` stops listening and cuts every connection; `/up` listens again;
   * `/down-after/{n}` goes down once clients have sent `n` more chunks, so a test can cut the
   * database in the middle of work it started (a queue batch) rather than before or after it.
   * `/hang` keeps every connection open and accepts new ones but forwards nothing either way (a
   * stopped server, or a partition that drops packets: nothing is refused, nothing answers); `/up`
   * then forwards what waited, as a server resumed after SIGSTOP would answer.
   */
  controlUrl: string;
  close(): Promise<void>;
}

/** One client connection and its upstream, piped both ways unless the gate hangs. */
interface Link {
  client: Socket;
  upstream: Socket;
}

/**
 * A TCP forwarder that tests can switch off and on, to see how the Workers behave when a data
 * store stops answering and comes back, without stopping the store the rest of the suite uses.
 */
export async function startTcpGate(target: { host: string; port: number }): Promise<TcpGate> {
  const sockets = new Set<Socket>();
  const links = new Set<Link>();
  let chunksBeforeDown: number | null = null;
  let hung = false;
  const down = () =>
    new Promise<void>((resolve) => {
      chunksBeforeDown = null;
      hung = false;
      if (!forwarder.listening) resolve();
      else forwarder.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });
  // Unpiped and paused, a socket's bytes wait in its buffers (and the kernel's) until resumed.
  const hold = ({ client, upstream }: Link) => {
    client.unpipe(upstream);
    upstream.unpipe(client);
    client.pause();
    upstream.pause();
  };
  const forward = ({ client, upstream }: Link) => {
    client.pipe(upstream);
    upstream.pipe(client);
  };
  const forwarder: Server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const link = { client, upstream };
    links.add(link);
    client.on('data', () => {
      if (chunksBeforeDown !== null && --chunksBeforeDown <= 0) void down();
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => {
        sockets.delete(socket);
        links.delete(link);
      });
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    if (hung) hold(link);
    else forward(link);
  });
  await listen(forwarder, 0);
  const port = (forwarder.address() as { port: number }).port;

  const control = createHttpServer(async (request, response) => {
    const downAfter = request.url?.match(/^\/down-after\/(\d+)$/);
    if (request.url === '/down') {
      await down();
    } else if (downAfter) {
      chunksBeforeDown = Number(downAfter[1]);
    } else if (request.url === '/hang') {
      if (!forwarder.listening) await listen(forwarder, port);
      if (!hung) for (const link of links) hold(link);
      hung = true;
    } else if (request.url === '/up') {
      // A cut armed for more chunks than the work sent is disarmed too, so it cannot land later.
      chunksBeforeDown = null;
      if (hung) for (const link of links) forward(link);
      hung = false;
      if (!forwarder.listening) await listen(forwarder, port);
    } else {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(204).end();
  });
  await listen(control, 0);
  const controlPort = (control.address() as { port: number }).port;

  return {
    port,
    controlUrl: `http://127.0.0.1:${controlPort}`,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all([forwarder, control].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

function listen(server: Server | ReturnType<typeof createHttpServer>, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}
