/**
 * Bodies over the limit are answered 413 in the SPEC's error shape after the upload, not in the
 * middle of it (issue 33): a server that answers and closes while the client is still sending
 * makes the client's next write fail (EPIPE, or a reset that can swallow the answer). So a body
 * up to DRAIN_LIMIT is read to its end and thrown away first; only a larger one is cut off.
 */
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors';

export const TOO_LARGE = 'The request body is too large.';
/** Read (and thrown away) before answering 413; a larger body is cut off at once. */
export const DRAIN_LIMIT = 32 * 1024 * 1024;

const tooLarge = () => new ApiError(413, TOO_LARGE);

/** Reads the stream to its end, throwing the bytes away; false when it goes past `cap`. */
function drain(payload: Readable, cap: number): Promise<boolean> {
  return new Promise((resolve) => {
    let seen = 0;
    payload.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > cap) {
        payload.removeAllListeners('data');
        resolve(false);
      }
    });
    payload.once('end', () => resolve(true));
    payload.once('error', () => resolve(false));
    payload.once('close', () => resolve(true));
    payload.resume();
  });
}

/** Passes `limit` bytes on; past that swallows the rest (up to `cap`) and ends in a 413. */
function capped(limit: number, cap: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > cap) return callback(tooLarge());
      callback(null, seen > limit ? undefined : chunk);
    },
    flush(callback) {
      callback(seen > limit ? tooLarge() : null);
    },
  });
}

export function registerBodyLimit(app: FastifyInstance, limit: number, cap = DRAIN_LIMIT): void {
  app.addHook('preParsing', async (request, reply, payload) => {
    const declared = Number(request.headers['content-length']);
    if (declared > limit) {
      if (declared <= cap) await drain(payload, cap);
      throw tooLarge();
    }
    // A chunked body tells its length only as it arrives.
    if (request.headers['transfer-encoding'] === undefined) return payload;
    const limited = capped(limit, cap);
    // Answered without reading the body (401, 404, 415...): throw the rest away, so the next
    // request on a kept-alive connection is read (Node does not, once something has read).
    reply.raw.once('finish', () => {
      if (payload.readableEnded) return;
      payload.unpipe(limited);
      payload.resume();
    });
    return payload.pipe(limited);
  });
}
