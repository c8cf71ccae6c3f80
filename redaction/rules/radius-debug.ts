/**
 * FreeRADIUS at debug level 3 (`freeradius -Xx`): on a CHAP request the chap module prints the
 * password it compares with, `chap: Comparing with "known good" &control:Cleartext-Password value "…"`
 * (at `-X` it names the attribute only).
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

export const RADIUS_DEBUG_RULES: readonly Rule[] = [
  placedSecret(
    'radius-known-good-password',
    'the "known good" password FreeRADIUS -Xx prints when it checks a CHAP response (`Cleartext-Password value "…"`)',
    { keywords: ['cleartext-password value'], label: 'password' },
    /Cleartext-Password value "(?<secret>(?:[^"\\\n]|\\.){1,256})"/,
    {
      match: ['Fri Nov 27 17:37:57 2026 : Debug: (0) chap: Comparing with "known good" &control:Cleartext-Password value "Vt6-lagoon-Qw3z"'],
      noMatch: ['(0) chap: Comparing with "known good" Cleartext-Password', '(0) chap: Comparing with "known good" &control:Cleartext-Password value ""'],
    },
  ),
];
