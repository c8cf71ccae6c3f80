import type { TokenTotals } from '../../src/transcript/index.js';

/**
 * What the golden test reads from an agent's native fixture, independently of the adapter, to
 * check the Transcript is faithful. One file per agent: test/fixture-facts/<agent>.ts.
 */
export interface FixtureFacts {
  /** every piece of assistant text the native file holds; each must appear in an assistant_message */
  assistantTexts(nativePath: string): string[];
  /** the token totals the agent itself reported, when the native form carries them */
  reportedTokens?(nativePath: string): TokenTotals | undefined;
}
