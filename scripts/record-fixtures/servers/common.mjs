// Pieces every scripted model server shares: which scripted turn a request is at, splitting text
// into stream deltas, and listening on loopback.

/**
 * The turn a request is at, given how many steps (tool results) its history holds. `awaits(turn)`
 * says how many steps a turn waits for before the next one; partial results resend the same turn.
 */
export function pickTurnBySteps(turns, steps, awaits) {
  let expected = 0;
  for (let i = 0; i < turns.length; i++) {
    if (expected === steps) return { index: i, turn: turns[i] };
    expected += awaits(turns[i]);
    if (expected > steps) return { index: i, turn: turns[i] };
  }
  return null;
}

/** A string cut into stream deltas of `size` characters (one empty delta for an empty string). */
export function chunks(s, size) {
  const out = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out.length ? out : [''];
}

/** Listens on 127.0.0.1 (random port); resolves to { port, url, stats, close() }. */
export function listenOnLoopback(server, { log, stats, scenario }) {
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      log({ kind: 'listening', port, scenario: scenario?.name });
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        stats,
        close: () =>
          new Promise((r) => {
            server.closeAllConnections?.();
            server.close(() => r());
          }),
      });
    });
  });
}
