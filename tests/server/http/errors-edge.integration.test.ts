/**
 * Issue 33 (3): the SPEC's error shape at the edges. A plain GET (no WebSocket upgrade) on the
 * realtime path answers `{ message }` with 426 and `Upgrade: websocket`, not an empty 404; a
 * 10 MB body is always answered 413 in the error shape, never a broken pipe mid-upload.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRealtimePlugin } from '../../../src/server/realtime';
import { request, startTestServer, type TestServer } from '../helpers/app-server';

let server: TestServer;
beforeAll(async () => {
  const realtime = createRealtimePlugin({ isKnownAppKey: () => true });
  server = await startTestServer({ realtime: realtime.plugin });
});
afterAll(async () => {
  await server?.close();
});

describe('a plain GET on the realtime path', () => {
  it('answers 426 in the error shape, for a known key and an unknown path under it', async () => {
    for (const pathname of ['/app/key', '/app/key?protocol=7&client=js&version=8']) {
      const response = await request(server.port, 'GET', pathname, { headers: { accept: 'application/json' } });
      expect(response.status, pathname).toBe(426);
      expect(response.headers.upgrade).toBe('websocket');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json<{ message: string }>().message).toMatch(/WebSocket/);
    }
  });
});

/**
 * Uploads `size` bytes of JSON over a raw socket as a client does (64 KB writes, each awaited),
 * then reads the answer: the status line and message, or the socket error (EPIPE, ECONNRESET)
 * that cut the upload short.
 */
function upload(port: number, size: number, chunked: boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    let failure: string | undefined;
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => (failure ??= `error ${error.code}`));
    socket.on('close', () => {
      const status = /^HTTP\/1\.1 (\d+)/.exec(answer)?.[1];
      const body = answer.slice(answer.indexOf('\r\n\r\n') + 4);
      const message = /"message":"([^"]*)"/.exec(body)?.[1];
      resolve(failure ?? `${status} ${message}`);
    });
    const write = (data: string | Buffer) =>
      new Promise<boolean>((done) => socket.write(data, (error) => done(!error)));
    void (async () => {
      const head = chunked ? 'transfer-encoding: chunked' : `content-length: ${size}`;
      await write(
        `POST /v1/auth/login HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n${head}\r\nconnection: close\r\n\r\n`,
      );
      const piece = Buffer.alloc(64 * 1024, 0x20);
      for (let sent = 0; sent < size; sent += piece.length) {
        const data = chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from('\r\n')])
          : piece;
        if (!(await write(data))) return;
      }
      if (chunked) await write('0\r\n\r\n');
    })();
  });
}

describe('a 10 MB body', () => {
  it('is answered 413 in the error shape every time, with and without Content-Length', async () => {
    const answers: string[] = [];
    for (let i = 0; i < 10; i++) {
      answers.push(await upload(server.port, 10 * 1024 * 1024, i % 2 === 1));
    }
    expect(answers).toEqual(Array(10).fill('413 The request body is too large.'));
  }, 60_000);
});
