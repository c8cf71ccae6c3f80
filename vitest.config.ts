import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // A hang guard, not a speed check: tests of several atx runs take 2-5 s on CI and 10x that on a
    // machine loaded as CI's can be (batch.e2e's stderr test and redaction-cli's redact test ran
    // out of 30 s at a load of ~20 on 2 cores).
    testTimeout: 60_000,
    // Hooks start atx processes and servers as tests do: the default 10 s ran out in a beforeAll of
    // three atx runs on a loaded machine (inputs.e2e: all 25 tests skipped), so they get a test's time.
    hookTimeout: 60_000,
    globalSetup: ['test/global-setup.ts'],
    // Two test files at a time even on two cores: most of a file's time is spent starting
    // processes and waiting on them, which the other file's work fills.
    maxWorkers: 2,
    minWorkers: 1,
    // Test files share their worker process (one module graph, compiled once) instead of each
    // importing the program and the rule tables afresh: collect took 170 s of 590 in CI. So a test
    // file leaves the process as it found it (environment, TMPDIR, timers); one that cannot runs
    // its changes in a child process.
    poolOptions: { forks: { isolate: false } },
  },
});
