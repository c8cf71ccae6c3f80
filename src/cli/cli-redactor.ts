/** The redaction transform, with a failed residue check turned into the CLI's exit 1 (loaded only when a profile redacts). */
import { type RedactableEvent, type RedactableHeader, ResidueError, TranscriptRedactor } from '../../redaction/index.js';
import { AtxError, ExitCode } from '../errors.js';

export class CliRedactor extends TranscriptRedactor {
  override event<E extends RedactableEvent>(event: E): E {
    return failClosed(() => super.event(event));
  }

  override header<H extends RedactableHeader>(header: H): H {
    return failClosed(() => super.header(header));
  }
}

function failClosed<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ResidueError) throw new AtxError(ExitCode.partial, error.message, { code: 'residue', cause: error });
    throw error;
  }
}
