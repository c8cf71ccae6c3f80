/** `env` / `export -p` dumps with the research profile: accounts that are no one's stay, a person's login name does not. */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const dump = (user: string) =>
  `$ env | sort\nHOME=/home/${user}\nLANG=C.UTF-8\nOLDPWD=/home/${user}\nPATH=/home/${user}/.local/bin:/usr/local/bin:/usr/bin:/bin\nPWD=/home/${user}/notebooks\nSHELL=/bin/bash\nSHLVL=1\nTERM=xterm-256color\n`;

describe('an env dump with the research profile', () => {
  it.each(['jovyan', 'deploy', 'sysadmin', 'cloud-user'])('leaves the home paths of the %s account alone', (user) => {
    const research = createTextRedactor('research');
    expect(research(dump(user)).text).toBe(dump(user));
  });

  it("anonymizes a person's login name in every home path", () => {
    const out = createTextRedactor('research')(dump('tnakamura')).text;
    expect(out).not.toContain('tnakamura');
    expect(out.match(/\/home\/\[ANON:user#[0-9a-f]{8}\]/g)).toHaveLength(4);
  });
});
