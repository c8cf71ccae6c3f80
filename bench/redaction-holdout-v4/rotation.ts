/** Categories whose case `i` takes the `i mod n`-th of n forms, so that every form gets its share of cases. */
import type { Category, Rng, Sample } from './rng.js';

/** `formsOf` draws what the forms share for one case, then returns the forms. */
export function rotating(category: string, count: number, formsOf: (rng: Rng) => (() => Sample)[]): Category {
  return {
    category,
    count,
    gen: (rng, i) => {
      const forms = formsOf(rng);
      return forms[i % forms.length]!();
    },
  };
}

/** The same for texts with nothing to remove. */
export function rotatingPlain(category: string, count: number, formsOf: (rng: Rng) => (() => string)[]): Category {
  return rotating(category, count, (rng) => formsOf(rng).map((form) => () => ({ text: form(), targets: [] })));
}
