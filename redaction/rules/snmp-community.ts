/**
 * SNMP v1/v2c community strings, the password of those versions, where packets are dumped:
 * Net-SNMP's `-d` (`snmpget -d`, `snmpwalk -d`: `0000: 30 31 02 01  01 04 0E 4B …    01.....Kq7-orchi`,
 * offsets in decimal, the text column on the right) and `tcpdump -X` / `-xx` (`0x0000:  4500 0047 …`,
 * an IPv4 and UDP header before the SNMP message). A message is a BER sequence: the version
 * (`02 01 00|01`), then the community (`04 <length> <bytes>`). Its bytes are replaced in the hex
 * columns and in the text column, on every row they run over. The community given on a Net-SNMP
 * command line (`-c <community>`) goes too.
 */
import type { Rule, Span } from '../types.js';
import { placedSecret } from './placed-secret.js';
import { lineBreakAfter } from '../line-bounds.js';

/** One byte of a dump: its value, its two hex digits, and its character in the text column (if any). */
interface DumpedByte {
  readonly value: number;
  readonly hex: Span;
  readonly char?: Span;
}

/** Net-SNMP: `0016: 64 2D 56 6E  33 A0 …    d-Vn3....`. tcpdump: `\t0x0010:  7f00 0001 …  ....`. */
const NET_SNMP_ROW = /^(\d{4}): ((?:[0-9A-F]{2} {1,2}){0,15}[0-9A-F]{2})(?: +(.*))?$/;
const TCPDUMP_ROW = /^[ \t]*0x([0-9a-f]{4}): {2}((?:[0-9a-f]{2,4} ){0,7}[0-9a-f]{2,4})(?: +(.*))?$/;
const MAX_PACKET = 65_536;
const DEFAULT_COMMUNITY = /^(?:public|private)$/;

function* dumpRows(text: string, row: RegExp): Iterable<{ offset: number; bytes: DumpedByte[] }> {
  let lineStart = 0;
  while (lineStart < text.length) {
    let lineEnd = lineBreakAfter(text, lineStart);
    if (lineEnd === -1) lineEnd = text.length;
    const end = lineEnd > lineStart && text[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    const line = text.slice(lineStart, end);
    const match = line.length <= 200 ? row.exec(line) : null;
    if (match) yield { offset: row === NET_SNMP_ROW ? Number(match[1]) : Number.parseInt(match[1]!, 16), bytes: rowBytes(line, lineStart, match) };
    else yield { offset: -1, bytes: [] };
    lineStart = lineEnd + 1;
  }
}

function rowBytes(line: string, lineStart: number, match: RegExpExecArray): DumpedByte[] {
  const hexStart = match[0].indexOf(match[2]!, match[1]!.length);
  const bytes: DumpedByte[] = [];
  const digits = /[0-9A-Fa-f]{2}/g;
  const hexPart = match[2]!;
  for (let pair = digits.exec(hexPart); pair; pair = digits.exec(hexPart)) {
    bytes.push({ value: Number.parseInt(pair[0], 16), hex: { start: lineStart + hexStart + pair.index, end: lineStart + hexStart + pair.index + 2 } });
  }
  // the text column shows one character a byte: the last characters of the row
  const column = match[3];
  if (column !== undefined && column.length === bytes.length) {
    const columnStart = lineStart + line.length - column.length;
    return bytes.map((byte, index) => ({ ...byte, char: { start: columnStart + index, end: columnStart + index + 1 } }));
  }
  return bytes;
}

/** The dumped packets: runs of rows whose offsets follow one another. */
function* packets(text: string, row: RegExp): Iterable<DumpedByte[]> {
  let packet: DumpedByte[] = [];
  for (const { offset, bytes } of dumpRows(text, row)) {
    if (offset === 0 || offset !== packet.length) {
      if (packet.length > 0) yield packet;
      packet = [];
      if (offset !== 0) continue;
    }
    if (packet.length + bytes.length > MAX_PACKET) continue;
    packet.push(...bytes);
  }
  if (packet.length > 0) yield packet;
}

/** BER length at `at`: its value and where what it measures starts. */
function berLength(bytes: readonly DumpedByte[], at: number): { length: number; next: number } | null {
  const first = bytes[at]?.value;
  if (first === undefined) return null;
  if (first < 0x80) return { length: first, next: at + 1 };
  const count = first & 0x7f;
  if (count === 0 || count > 2 || at + count >= bytes.length) return null;
  let length = 0;
  for (let i = 1; i <= count; i++) length = length * 256 + bytes[at + i]!.value;
  return { length, next: at + 1 + count };
}

/** The community's bytes in an SNMP v1/v2c message starting at `at`, or null. */
function community(bytes: readonly DumpedByte[], at: number): readonly DumpedByte[] | null {
  if (bytes[at]?.value !== 0x30) return null;
  const sequence = berLength(bytes, at + 1);
  if (!sequence) return null;
  const version = sequence.next;
  if (bytes[version]?.value !== 0x02 || bytes[version + 1]?.value !== 0x01 || (bytes[version + 2]?.value ?? 9) > 1) return null;
  if (bytes[version + 3]?.value !== 0x04) return null;
  const string = berLength(bytes, version + 4);
  if (!string || string.length === 0 || string.next + string.length > bytes.length) return null;
  const value = bytes.slice(string.next, string.next + string.length);
  if (!value.every((byte) => byte.value >= 0x21 && byte.value < 0x7f)) return null;
  // the well-known defaults guard nothing
  return DEFAULT_COMMUNITY.test(String.fromCharCode(...value.map((byte) => byte.value))) ? null : value;
}

/** Where an IPv4 packet's UDP payload starts, or -1. */
function udpPayload(bytes: readonly DumpedByte[]): number {
  const first = bytes[0]?.value ?? 0;
  if (first >> 4 !== 4 || bytes[9]?.value !== 17) return -1;
  return (first & 0x0f) * 4 + 8;
}

/** The spans that show a community's bytes: its hex digits and its characters, joined along each row. */
function* shown(value: readonly DumpedByte[]): Iterable<Span> {
  for (const column of ['hex', 'char'] as const) {
    let run: Span | null = null;
    for (const byte of value) {
      const span = byte[column];
      if (!span) continue;
      // bytes of one row are a few blanks apart; a new row starts a new run
      if (run && span.start - run.end <= 2) run.end = span.end;
      else {
        if (run) yield run;
        run = { start: span.start, end: span.end };
      }
    }
    if (run) yield run;
  }
}

function* dumpedCommunities(text: string): Iterable<Span> {
  if (/^\d{4}: 30 /m.test(text)) {
    for (const packet of packets(text, NET_SNMP_ROW)) {
      const value = community(packet, 0);
      if (value) yield* shown(value);
    }
  }
  if (/0x0000: /.test(text)) {
    for (const packet of packets(text, TCPDUMP_ROW)) {
      const value = community(packet, udpPayload(packet)) ?? community(packet, udpPayload(packet.slice(14)) + 14);
      if (value) yield* shown(value);
    }
  }
}

const NET_SNMP_TOOLS = String.raw`snmp(?:get|getnext|bulkget|walk|bulkwalk|set|table|delta|df|netstat|status|test|trap|inform|usm|vacm|translate)`;

export const SNMP_COMMUNITY_RULES: readonly Rule[] = [
  {
    // not placedSecret: its `values` shield would keep a lone byte (`33`, `3`) of a community split over two rows
    id: 'snmp-dump-community',
    type: 'secret',
    description: "an SNMP v1/v2c community in a dumped packet: Net-SNMP's `-d` dumps, `tcpdump -X`; hex bytes and text column",
    keywords: ['0000: 30 ', '0x0000: '],
    label: 'snmp-community',
    detector: dumpedCommunities,
    examples: {
      match: [
        'Sending 51 bytes to UDP: [127.0.0.1]:18161->[0.0.0.0]:44959\n0000: 30 31 02 01  01 04 0E 4B  71 37 2D 6F  72 63 68 69    01.....Kq7-orchi\n0016: 64 2D 56 6E  33 A0 1C 02  04 4F 9C 65  D8 02 01 00    d-Vn3....O.e....\n0032: 02 01 00 30  0E 30 0C 06  08 2B 06 01  02 01 01 05    ...0.0...+......\n0048: 00 05 00                                              ...',
      ],
      noMatch: [
        '0000: 30 31 02 01  03 04 0E 4B  71 37 2D 6F  72 63 68 69    01.....Kq7-orchi',
        '00000000: 3031 3032 3033 3034 3035 3036 3037 3038  0102030405060708',
        '0000: 30 2C 02 01  01 04 06 70  75 62 6C 69  63 A0 1F 02    0,.....public...',
      ],
    },
  },
  placedSecret(
    'snmp-command-community',
    'the community (`-c`) or v3 pass phrases (`-A`, `-X`) on a Net-SNMP command line',
    { keywords: ['snmp'], label: 'snmp-community' },
    new RegExp(String.raw`\b${NET_SNMP_TOOLS}\b[^\n|;&]{0,200}?[ \t]-(?:c|A|X)[ \t]*(?:"(?<secret>[^"\n]{1,128})"|'(?<secret2>[^'\n]{1,128})'|(?<secret3>[^\s"'$-][^\s"']{0,127}))`),
    {
      match: ['$ snmpget -d -v2c -c Kq7-orchid-Vn3 127.0.0.1:18161 1.3.6.1.2.1.1.5.0', "snmpwalk -v3 -l authPriv -u ops -a SHA -A 'Tz4-quill-Mb8r' -x AES -X Rk8-ember-Lp2m sw1 system"],
      noMatch: ['snmpwalk -v3 -l authNoPriv -u ops -a SHA sw1', 'snmpget -v2c -c $COMMUNITY sw1 sysName.0'],
    },
  ),
];
