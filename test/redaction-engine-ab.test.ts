/** The engine A/B bench's reading of its pairs (bench/redaction/engine-ab.ts): no timing here, only the arithmetic and the verdict. */
import { describe, expect, it } from 'vitest';
import { formatBothOrders, formatEngineComparison, summarizeRatios, type BuildOrder, type EngineComparison } from '../bench/redaction/engine-ab.js';

const comparison = (lowerQuartile: number, median: number, upperQuartile: number, first: BuildOrder = 'this'): EngineComparison => ({
  profile: 'standard', transcripts: 2, jsonBytes: 2_000_000, pairs: 8, baseCpuMs: 50, cpuMs: 40, baseCpuMbPerSecond: 40, cpuMbPerSecond: 50,
  ratio: { lowerQuartile, median, upperQuartile }, first,
});

describe('the engine A/B bench', () => {
  it('summarizes the pairs by their median and quartiles, whatever their order', () => {
    expect(summarizeRatios([1.3, 0.7, 1.1, 0.9, 1.0, 1.2, 0.8, 1.05])).toEqual({ median: 1.05, lowerQuartile: 0.9, upperQuartile: 1.2 });
    expect(summarizeRatios([0.95])).toEqual({ median: 0.95, lowerQuartile: 0.95, upperQuartile: 0.95 });
    expect(() => summarizeRatios([])).toThrow();
  });

  it('calls a build faster or slower only when the quartiles of its ratios leave 1 out', () => {
    expect(formatEngineComparison(comparison(0.8, 0.85, 0.9))).toContain(': faster');
    expect(formatEngineComparison(comparison(1.05, 1.1, 1.2))).toContain(': slower');
    expect(formatEngineComparison(comparison(0.9, 0.97, 1.02))).toContain('no difference this run can see');
  });

  it('reads both load orders: the geometric mean of their medians, and a verdict only when both orders agree', () => {
    const both = (a: EngineComparison, b: EngineComparison) => formatBothOrders({ orders: [a, b], ratio: Math.sqrt(a.ratio.median * b.ratio.median) });
    const agreeing = both(comparison(0.85, 0.9, 0.95), comparison(0.88, 0.92, 0.97, 'base'));
    expect(agreeing).toContain('this build loaded first');
    expect(agreeing).toContain('base loaded first');
    expect(agreeing).toContain(`${Math.sqrt(0.9 * 0.92).toFixed(3)}: faster`);
    // the load-order bias: one order says slower, the other faster
    expect(both(comparison(1.03, 1.076, 1.11), comparison(0.9, 0.944, 0.98, 'base'))).toContain('1.008: no difference this run can see');
    expect(both(comparison(1.03, 1.07, 1.11), comparison(1.01, 1.05, 1.08, 'base'))).toContain(': slower');
  });
});
