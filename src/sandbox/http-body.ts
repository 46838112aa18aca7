// Request bodies: media type, size and JSON. The spec shows no Content-Type requirement and no size
// limit; the sandbox accepts what a reasonable JSON client sends and refuses the rest clearly.
import type { IncomingMessage } from 'node:http';
import { HttpError, jsonType } from './http-errors';

/** The largest body accepted. The biggest legitimate body is a few hundred bytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Accepts a missing Content-Type (many clients omit it when the body is JSON or empty),
 * application/json and any application/*+json, with an optional charset that must be UTF-8 (the
 * only encoding JSON allows between systems, RFC 8259 section 8.1). Anything else is 415.
 */
export function checkContentType(header: string | undefined): HttpError | undefined {
  if (header === undefined || header.trim() === '') return undefined;
  const [mediaType = '', ...params] = header.split(';');
  const type = mediaType.trim().toLowerCase();
  if (type !== 'application/json' && !/^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type)) {
    return unsupported(`Content-Type "${header.slice(0, 80)}" is not JSON; send application/json (or no Content-Type)`);
  }
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq === -1) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    const value = param.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1').toLowerCase();
    if (name === 'charset' && value !== 'utf-8' && value !== 'utf8') {
      return unsupported(`charset "${value}" is not supported; JSON bodies must be UTF-8`);
    }
  }
  return undefined;
}

function unsupported(message: string): HttpError {
  return new HttpError(415, 'unsupported_media_type', message, { headers: { 'Accept-Post': 'application/json' } });
}

function tooLarge(): HttpError {
  return new HttpError(413, 'payload_too_large', `the request body is larger than ${BODY_LIMIT_BYTES} bytes`, {
    // The rest of an oversized body is not read, so the connection cannot be reused.
    headers: { Connection: 'close' },
  });
}

/** Reads the whole body, refusing (413) as soon as it is known to exceed the limit. */
export function readBody(req: IncomingMessage, limit = BODY_LIMIT_BYTES): Promise<Buffer> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > limit) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (error?: HttpError) => {
      if (done) return;
      done = true;
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks, size));
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) finish(tooLarge());
      else chunks.push(chunk);
    };
    const onEnd = () => finish();
    // A client that goes away mid-body gets no answer; the caller sees a plain 400 it cannot send.
    const onError = () => finish(new HttpError(400, 'bad_request', 'the request body could not be read'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/**
 * Parses a body as a JSON object. An empty body gives undefined (the caller decides whether that is
 * allowed); anything that is not UTF-8 JSON text holding an object is a 400.
 */
export function parseJsonObject(body: Buffer): Record<string, unknown> | undefined {
  if (body.length === 0) return undefined;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new HttpError(400, 'invalid_json', 'the request body is not valid UTF-8 text');
  }
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    throw new HttpError(400, 'invalid_json', `the request body is not valid JSON: ${detail}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new HttpError(400, 'invalid_json', `the request body must be a JSON object, got ${jsonType(value)}`);
  }
  return value as Record<string, unknown>;
}
