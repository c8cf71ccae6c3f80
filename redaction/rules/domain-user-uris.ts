/**
 * Family `generic`: a password in a URI whose user is qualified by a domain before a `/` or `;`
 * (`smb://WORKGROUP/user:password@server/share`, the form CUPS's SMB backend and `lpstat -v` print;
 * `cifs://DOMAIN;user:password@host`). The general URL rules read `scheme://user:password@host`
 * and stop at the `/`. The domain is one segment without a dot (a host has dots; a workgroup
 * has none), and what follows `@` is a host, not a version (`pkg:name@1.2.3`).
 */
import type { Rule } from '../types.js';
import { placedSecret } from './placed-secret.js';

const SCHEME = String.raw`(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,15}://`;
const DOMAIN = String.raw`[A-Za-z0-9_-]{1,63}[/;]`;
const USER = String.raw`[A-Za-z0-9._$-]{1,64}`;
const HOST_AFTER = String.raw`(?!\d+\.\d+\.\d+(?![.\d]))(?=[A-Za-z0-9[][A-Za-z0-9.:\]-]*(?:[/\s'"]|$))`;

export const DOMAIN_USER_URI_RULES: readonly Rule[] = [
  placedSecret(
    'domain-user-uri-password',
    'a password in a URI whose user a domain qualifies (`smb://WORKGROUP/user:password@server/share`, `DOMAIN;user:password@`)',
    { keywords: ['://'], label: 'password' },
    // starts at the `://` (found fast), the scheme is checked behind it
    new RegExp(String.raw`://(?<=${SCHEME})${DOMAIN}${USER}:(?<secret>[^\s/@:'"]{4,200})@${HOST_AFTER}`),
    {
      match: [
        'lpadmin -p hall -v smb://OFFICE/printuser:Vq3-marble-Lk82@nas01/hall-laser',
        "device-uri='smb://HQ/scanner:7e1c90aa4b2f63d8e5@10.1.2.3/mfp' printer-info=x",
        'cifs://CORP;backup:Wp9xLr2Tq7Zs@files.corp.example/archive',
      ],
      noMatch: [
        'smb://OFFICE/guest:@nas01/hall-laser',
        'smb://OFFICE/printuser:${SMB_PASSWORD}@nas01/hall-laser',
        'https://registry.example.org/scope:pkg@1.2.3',
        'https://files.example.com/user:Vq3marbleLk82@host/x',
      ],
    },
  ),
];
