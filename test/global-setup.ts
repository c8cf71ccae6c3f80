/**
 * Test workers use atx in-process and are ended without an 'exit' event, so their (empty) run
 * temp folders stay behind: sweep them when the whole run is over, as the next atx run would.
 */
import { sweepDeadRuns } from '../src/lifecycle/temp.js';

export default function setup(): () => void {
  return () => {
    sweepDeadRuns();
  };
}
