/**
 * Requests to a plain-http endpoint without a proxy (endpoint.ts allows plain http to this machine
 * only) over node:http and a keep-alive agent. For a server on loopback this costs the client about
 * a third of undici's CPU per request, and undici's ~110 modules are not loaded at all. Failures
 * carry undici's codes (UND_ERR_HEADERS_TIMEOUT, UND_ERR_SOCKET, …), so that retry.ts and the
 * messages in deliver.ts treat both paths alike.
 */
import { Agent, type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';

export interface PlainResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  /** read it to the end or destroy it: the connection goes back to the pool only then */
  body: IncomingMessage;
}

export interface PlainHttpOptions {
  /** a quiet socket (connecting, waiting for the answer, or within its body) fails after this long */
  requestTimeoutMs: number;
  /** connections at most; unlimited when absent */
  maxConnections?: number;
}

export class PlainHttp {
  readonly #agent: Agent;
  readonly #requestTimeoutMs: number;

  constructor(options: PlainHttpOptions) {
    this.#requestTimeoutMs = options.requestTimeoutMs;
    // lifo: the connection used last is the one least likely to have been closed by the server meanwhile
    this.#agent = new Agent({ keepAlive: true, scheduling: 'lifo', ...(options.maxConnections === undefined ? {} : { maxSockets: options.maxConnections }) });
  }

  /**
   * `ceilingMs`: the whole attempt, answer body included, fails after this long even while bytes
   * trickle in (a quiet socket fails sooner, after requestTimeoutMs). A timer of its own, cleared
   * when the answer is read or the request fails: an AbortSignal.timeout per request cost a fifth
   * of the client's CPU per request on loopback, its timer alive until the ceiling passed.
   */
  request(url: URL | string, method: string, headers: Record<string, string>, body: Buffer | undefined, ceilingMs?: number): Promise<PlainResponse> {
    return new Promise((resolve, reject) => {
      const sent = request(url, {
        method,
        agent: this.#agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(body.length) },
      });
      let answered: IncomingMessage | undefined;
      const ceiling = ceilingMs === undefined ? undefined : setTimeout(() => {
        const tooLong = Object.assign(new Error('the attempt took too long'), { name: 'TimeoutError' });
        if (answered) answered.destroy(tooLong);
        else sent.destroy(tooLong);
      }, ceilingMs);
      ceiling?.unref();
      const settled = () => clearTimeout(ceiling);
      sent.setTimeout(this.#requestTimeoutMs, () => {
        if (answered) answered.destroy(failure('UND_ERR_BODY_TIMEOUT', 'the answer stalled'));
        else sent.destroy(failure('UND_ERR_HEADERS_TIMEOUT', 'no answer in time'));
      });
      sent.on('response', (response: IncomingMessage) => {
        answered = response;
        response.once('close', settled);
        resolve({ statusCode: response.statusCode ?? 0, headers: response.headers, body: response });
      });
      sent.on('error', (error: NodeJS.ErrnoException) => {
        if (answered) return; // the body's reader sees it
        settled();
        // node:http's name for a connection the server closed without answering
        reject(error.message === 'socket hang up' ? failure('UND_ERR_SOCKET', 'other side closed') : error);
      });
      sent.end(body);
    });
  }

  close(): void {
    this.#agent.destroy();
  }
}

function failure(code: string, message: string): Error {
  return Object.assign(new Error(message), { code });
}
