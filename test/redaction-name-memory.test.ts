/** The assignment rules remember the class of each name they read (redaction/rules/assignment.ts): not the texts the names came from. */
import v8 from 'node:v8';
import vm from 'node:vm';
import { expect, it } from 'vitest';
import { classifyName } from '../redaction/rules/assignment.js';

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

const TEXT_CHARS = 16 * 1024 * 1024;

/** Classifies a name read out of a large text (as a rule reads it: a slice), and lets go of the text. */
function classifyNameInLargeText(name: string): string | null {
  const text = `${'lorem ipsum dolor sit amet\n'.repeat(TEXT_CHARS / 27)}${name} = hunter2hunter2\n`;
  const start = text.lastIndexOf(name);
  return classifyName(text.slice(start, start + name.length));
}

it('a remembered name does not keep the text it was read from alive', () => {
  collect();
  const before = v8.getHeapStatistics().used_heap_size;
  expect(classifyNameInLargeText('deployment_service_password')).not.toBeNull();
  /x/.exec('x'); // V8 keeps the last subject of a regular expression (RegExp.input): one string, not the rules' doing
  collect();
  expect(v8.getHeapStatistics().used_heap_size - before).toBeLessThan(TEXT_CHARS / 4);
});
