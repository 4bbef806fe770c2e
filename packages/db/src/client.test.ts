// A PostgreSQL restart ends every pooled connection, idle or checked out; the handle must hear it and connect again, not end the
// process (an 'error' event nobody listens to throws). A loopback server speaking just PostgreSQL's start-up
// handshake stands in for the database, so the test needs no server of its own.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.ts';

/** Answers each connection's start-up message with AuthenticationOk and ReadyForQuery; `drop()` ends them all. */
async function handshakeOnlyServer() {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('data', () => {
      const authOk = Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 0]); // 'R', length 8, AuthenticationOk
      const ready = Buffer.from([0x5a, 0, 0, 0, 5, 0x49]); // 'Z', length 5, idle
      socket.write(Buffer.concat([authOk, ready]));
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `postgres://ekran@127.0.0.1:${port}/ekran`,
    connections: () => sockets.size,
    drop: () => sockets.forEach((s) => s.destroy()),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let handle: DbHandle | null = null;
let stub: Awaited<ReturnType<typeof handshakeOnlyServer>> | null = null;
afterEach(async () => {
  await handle?.close().catch(() => undefined);
  stub?.drop();
  await stub?.close();
  handle = stub = null;
});

describe('createDb on PostgreSQL', () => {
  it('survives the server ending its idle connections and connects again', async () => {
    stub = await handshakeOnlyServer();
    const heard: Error[] = [];
    handle = await createDb({ databaseUrl: stub.url, onConnectionError: (err) => heard.push(err) });
    if (handle.driver.kind !== 'postgres') throw new Error('expected the PostgreSQL driver');
    const { pool } = handle.driver;
    (await pool.connect()).release(); // now idle in the pool
    expect(stub.connections()).toBe(1);

    stub.drop(); // as a restart does
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    expect(heard.every((err) => /terminated/i.test(err.message))).toBe(true);
    expect(pool.idleCount).toBe(0);

    (await pool.connect()).release(); // a fresh connection
    expect(stub.connections()).toBe(1);
  });

  it('survives the server ending a connection that is checked out (between two statements of a transaction)', async () => {
    stub = await handshakeOnlyServer();
    const heard: Error[] = [];
    handle = await createDb({ databaseUrl: stub.url, onConnectionError: (err) => heard.push(err) });
    if (handle.driver.kind !== 'postgres') throw new Error('expected the PostgreSQL driver');
    const { pool } = handle.driver;
    const client = await pool.connect();

    stub.drop();
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    client.release(); // the dead connection is dropped, not pooled
    expect(pool.totalCount).toBe(0);

    (await pool.connect()).release();
    expect(stub.connections()).toBe(1);
  });
});
