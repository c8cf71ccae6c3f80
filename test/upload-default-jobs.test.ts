/**
 * How many threads `atx upload` prepares a batch with when --jobs is not given: one per core, less
 * one when the server is on this machine (it needs a core for what it is sent), never none.
 */
import { describe, expect, it } from 'vitest';
import { defaultUploadJobs, givenEndpoint, LOOPBACK_STORED_UP_TO_BYTES, storedUpToBytes } from '../src/cli/upload-options.js';
import type { Config } from '../src/config.js';

describe('defaultUploadJobs', () => {
  it('leaves a core to a server on this machine', () => {
    for (const host of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787', 'http://127.1.2.3']) {
      expect(defaultUploadJobs(2, new URL(host))).toBe(1);
      expect(defaultUploadJobs(8, new URL(host))).toBe(7);
    }
  });

  it('takes every core for a server elsewhere, or when no endpoint is known yet', () => {
    expect(defaultUploadJobs(2, new URL('https://atx.example.com'))).toBe(2);
    expect(defaultUploadJobs(2, new URL('http://10.0.0.5:8787'))).toBe(2);
    expect(defaultUploadJobs(4, undefined)).toBe(4);
  });

  it('never goes below one thread', () => {
    expect(defaultUploadJobs(1, new URL('http://127.0.0.1:8787'))).toBe(1);
    expect(defaultUploadJobs(1, undefined)).toBe(1);
  });
});

describe('storedUpToBytes', () => {
  it('leaves bodies for a server on this machine uncompressed, up to a size', () => {
    for (const host of ['http://127.0.0.1:8787', 'http://localhost:8787', 'http://[::1]:8787']) expect(storedUpToBytes(new URL(host))).toBe(LOOPBACK_STORED_UP_TO_BYTES);
    expect(LOOPBACK_STORED_UP_TO_BYTES).toBeGreaterThan(0);
  });

  it('compresses every body for a server elsewhere, or when no endpoint is known', () => {
    expect(storedUpToBytes(new URL('https://atx.example.com'))).toBe(0);
    expect(storedUpToBytes(new URL('https://127.0.0.1.example.com'))).toBe(0);
    expect(storedUpToBytes(undefined)).toBe(0);
  });
});

describe('givenEndpoint', () => {
  /** givenEndpoint reads only upload.endpoint of the config */
  const configWith = (endpoint?: string) => ({ upload: endpoint === undefined ? {} : { endpoint } }) as unknown as Config;
  const config = configWith();
  it('takes --endpoint first, then ATX_ENDPOINT, then the config file', () => {
    const withConfig = configWith('https://from-config.example');
    expect(givenEndpoint({ env: { ATX_ENDPOINT: 'https://from-env.example' } }, { endpoint: 'http://127.0.0.1:1' }, withConfig)?.hostname).toBe('127.0.0.1');
    expect(givenEndpoint({ env: { ATX_ENDPOINT: 'https://from-env.example' } }, {}, withConfig)?.hostname).toBe('from-env.example');
    expect(givenEndpoint({ env: {} }, {}, withConfig)?.hostname).toBe('from-config.example');
    expect(givenEndpoint({ env: {} }, {}, config)).toBeUndefined();
  });

  it('refuses what is not an endpoint, naming where it came from', () => {
    expect(() => givenEndpoint({ env: {} }, { endpoint: 'not a url' }, config)).toThrow(/--endpoint/);
  });
});
