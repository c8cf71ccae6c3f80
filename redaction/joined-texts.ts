/**
 * How the transcript redactor scans an event's short strings at once: joined by a separator no rule
 * matches across. A rule that judges a whole text (lone-secret-output) reads each part as one.
 */
export const JOINED_SEPARATOR = '\n\u0000\n';
/** Strings this long or longer are scanned alone, never joined: every part of a joined text is shorter. */
export const SCANNED_ALONE_LENGTH = 256;
