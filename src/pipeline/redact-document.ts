/**
 * Redacts an existing Transcript into a sink (`atx redact`, and `atx upload` of a Transcript
 * file). Earlier receipts are kept and their placeholder numbers reserved, so redacting again
 * only adds what the new profile finds.
 */
import { mergePrivacy, type TranscriptRedactor } from '../../redaction/transcript-redactor.js';
import type { EventSink } from '../sinks/transcript-sinks.js';
import type { Transcript, TranscriptHeader } from '../transcript/index.js';

/** `originalText` is the document as read, so placeholder numbers already in it are not reused. */
export async function redactDocument(transcript: Transcript, originalText: string, redactor: TranscriptRedactor, sink: EventSink): Promise<TranscriptHeader> {
  redactor.reserveExisting(originalText);
  redactor.environment(transcript.session.environment);
  try {
    for (const event of transcript.events) {
      const pending = sink.event(redactor.event(event));
      if (pending) await pending;
    }
    const { events: _events, ...header } = transcript;
    const redacted = redactor.header(header);
    const merged = { ...redacted, privacy: mergePrivacy(transcript.privacy, redacted.privacy) };
    await sink.end(merged);
    return merged;
  } catch (error) {
    await sink.abort();
    throw error;
  }
}
