import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { ResolvedAddress } from './target-guard';

/** One HTTP POST of a delivery, to an address already checked. */
export interface OutgoingDelivery {
  url: string;
  /** Connect here, whatever the host name resolves to now (target-guard.ts checkTarget). */
  address: ResolvedAddress;
  headers: Readonly<Record<string, string>>;
  body: string;
}

/** The receiver's status code; throws when no answer came (refused, reset, timed out). */
export type Transport = (delivery: OutgoingDelivery) => Promise<{ status: number }>;

/** A receiver has this long to answer, whole body included. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Bytes of the answer read at most: only its status matters, the rest is dropped. */
export const RESPONSE_READ_LIMIT = 64 * 1024;

/**
 * The real transport: node's http(s) client with the connection's lookup pinned to the checked
 * address (TLS still verifies the certificate for the URL's host name), no redirects followed (a
 * 3xx is an answer, and a failed one), a time limit on the whole exchange and a cap on what is read.
 */
export function httpTransport({ timeoutMs = DELIVERY_TIMEOUT_MS } = {}): Transport {
  return (delivery) =>
    new Promise((resolve, reject) => {
      const url = new URL(delivery.url);
      const { address, family } = delivery.address;
      const lookup: LookupFunction = (_hostname, options, callback) => {
        if (options.all) callback(null, [{ address, family }]);
        else callback(null, address, family);
      };
      const client = url.protocol === 'https:' ? https : http;
      const request = client.request(url, {
        method: 'POST',
        headers: { ...delivery.headers, 'Content-Length': Buffer.byteLength(delivery.body) },
        lookup,
        agent: false,
      });
      const timer = setTimeout(() => request.destroy(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
      request.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      request.on('response', (response) => {
        let read = 0;
        const done = () => {
          clearTimeout(timer);
          resolve({ status: response.statusCode ?? 0 });
        };
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > RESPONSE_READ_LIMIT) {
            response.destroy();
            done();
          }
        });
        response.on('end', done);
        response.on('error', done);
      });
      request.end(delivery.body);
    });
}
