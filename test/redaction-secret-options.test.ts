import { describe, expect, it } from 'vitest';
import { paragraphs, roffToLines } from '../bench/redaction/roff-text.js';
import { distinct, halfOf, lineFor, minePage, scoreOptions, type SecretOption } from '../bench/redaction/secret-options.js';

// a man page of an invented tool, written for this test in both styles the miner reads
const PAGE = String.raw`.TH QUILLSYNC 1
.SH OPTIONS
.TP
\fB\-\-vault\-passphrase\fR=\fIPHRASE\fR
The passphrase that unlocks the archive vault.
.TP
\fB\-k\fR, \fB\-\-keep\-days\fR \fIDAYS\fR
How many days the password history is kept.
.TP
\fB\-W\fR
Prompt for the password instead of reading it.
.PP
\fB\-\-token\-file\fR=\fIFILE\fR
.RS 4
A file containing the access token.
.RE
.sp
\fB\-\-relay\-pw\fR
.RS 4
Specify the password of the relay account.
.RE
.SH ENVIRONMENT
.TP
.B QUILLSYNC_SECRET
The shared secret used when no vault is given.
`;

describe('roff-text', () => {
  it('reads font escapes and .TP tags into paragraphs of their own', () => {
    const paras = paragraphs(roffToLines(PAGE));
    expect(paras).toContain('--vault-passphrase=PHRASE');
    expect(paras).toContain('The passphrase that unlocks the archive vault.');
    expect(paras).toContain('-k, --keep-days DAYS');
  });

  it('reads mdoc flags and arguments', () => {
    expect(paragraphs(roffToLines('.It Fl P Ar passphrase\nThe new passphrase.\n'))).toEqual(['-P passphrase', 'The new passphrase.']);
  });
});

describe('secret-options miner', () => {
  const found = minePage('quillsync', 'man1/quillsync.1.gz', PAGE, '1');
  const names = found.map((option) => `${option.name} ${option.form}`);

  it('finds the options that take a secret as their value, with their form', () => {
    expect(names).toContain('--vault-passphrase long=');
    expect(names).toContain('--relay-pw long');
    expect(names).toContain('QUILLSYNC_SECRET env');
  });

  it('leaves options about a secret that do not take one (a count of days, a prompt, a file)', () => {
    expect(names.some((name) => /keep-days|^-k |^-W |token-file/.test(name))).toBe(false);
  });

  it('writes each form as a user would', () => {
    const option = (name: string, form: SecretOption['form']): SecretOption => ({ program: 'quillsync', name, form, source: 'x', doc: '' });
    expect(lineFor(option('--vault-passphrase', 'long='), 'Ab3-cd')).toBe('quillsync --vault-passphrase=Ab3-cd');
    expect(lineFor(option('-p', 'short-glued'), 'Ab3-cd')).toBe('quillsync -pAb3-cd');
    expect(lineFor(option('relay_secret', 'key = value'), 'Ab3-cd')).toBe('relay_secret = Ab3-cd');
    expect(lineFor(option('Password', 'xml element'), 'Ab3-cd')).toBe('<Password>Ab3-cd</Password>');
    expect(lineFor(option('QUILLSYNC_SECRET', 'env'), 'Ab3-cd')).toBe('QUILLSYNC_SECRET=Ab3-cd quillsync');
  });

  it('splits programs by their name alone, subcommands with their program', () => {
    expect(halfOf('quillsync')).toBe(halfOf('quillsync'));
    expect(halfOf('gcloud sql users create')).toBe(halfOf('gcloud compute ssh'));
    const halves = new Set(['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'].map(halfOf));
    expect(halves.size).toBe(2);
  });

  it('scores each option with three value shapes, and its documentation paragraph', () => {
    const options = distinct([...found, ...found]);
    expect(options).toHaveLength(found.length);
    const report = scoreOptions(options);
    expect(report.cases.tuning + report.cases['held-out']).toBe(3 * options.length);
    // the page's own paragraphs hold placeholders only
    expect(report.docChanged).toEqual([]);
  });
});
