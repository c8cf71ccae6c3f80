/**
 * LDAP, mail-server, packet-capture, FTP, strace and Ansible output as the programs printed it,
 * captured here against servers on 127.0.0.1 with made-up values: OpenLDAP 2.5 (`slapd`,
 * `ldapadd -v`, `ldapsearch`, `ldappasswd`), Dovecot 2.3 (`auth_debug_passwords`, `doveadm auth
 * test`), tcpdump 4.99 (`-A`, `-A -v`, `-A -q`) and lftp 4.9 (`-d`) against pyftpdlib, strace 6
 * (`-s 1024` of a program reading /etc/nsswitch.conf), ansible-playbook 2.14 (`-v`, `-vvv`).
 */
import { describe, expect, it } from 'vitest';
import { createTextRedactor } from '../redaction/index.js';

const standard = createTextRedactor('standard');
const research = createTextRedactor('research');

const LDAPSEARCH = "dn: ou=people,dc=orchard,dc=test\nobjectClass: organizationalUnit\nou: people\n\ndn: uid=tokafor,ou=people,dc=orchard,dc=test\nobjectClass: inetOrgPerson\nuid: tokafor\ncn: Tobenna Okafor\nsn: Okafor\ngivenName: Tobenna\nmail: t.okafor@kestrelnet.co.uk\ntelephoneNumber: +44 161 496 0732\nhomePhone: +44 7700 900418\nstreet: 22 Canal Street\nl: Manchester\npostalCode: M1 3HE\nuserPassword:: cGw0bmUtVHJlZS05OTIx\n\ndn: uid=mbrennan,ou=people,dc=orchard,dc=test\nobjectClass: inetOrgPerson\nuid: mbrennan\ncn: Maeve Brennan\nsn: Brennan\ngivenName: Maeve\nmail: maeve.brennan@orchardmail.ie\ntelephoneNumber: +353 87 412 9936\nmobile: +353 86 551 2047\npostalAddress: 14 Harbour Row$Cobh$Co. Cork P24 X2K7\nuserPassword:: VHc4IXFyWmUtS2FsbTQ=\n\n";
const LDAPSEARCH_ATTR = "# extended LDIF\n#\n# LDAPv3\n# base <ou=people,dc=orchard,dc=test> with scope subtree\n# filter: (uid=tokafor)\n# requesting: userPassword \n#\n\n# tokafor, people, orchard.test\ndn: uid=tokafor,ou=people,dc=orchard,dc=test\nuserPassword:: ZldyMWw4ME0=\n\n# search result\nsearch: 2\nresult: 0 Success\n\n# numResponses: 2\n# numEntries: 1\n";
const LDAPSEARCH_UTF8_AND_HASH = "dn: uid=enic,ou=people,dc=orchard,dc=test\nobjectClass: inetOrgPerson\nuid: enic\ncn:: w4lpbGVhbiBOw60gQ2hlYXJiaGFpbGw=\nsn:: TsOtIENoZWFyYmhhaWxs\ngivenName:: w4lpbGVhbg==\nmail: eilean.nic@tuathmail.ie\nuserPassword:: e1NTSEF9alJCNmhraFczdWNxK3NiQm1WSnNCY0p6TnZxN3Vuc28=\n\ndn: cn=ops-team,ou=people,dc=orchard,dc=test\nobjectClass: groupOfNames\ncn: ops-team\nmember: uid=enic,ou=people,dc=orchard,dc=test\n\n";
const LDAPADD_V = "ldap_initialize( ldap://127.0.0.1:38911/??base )\nadd objectClass:\n\tdcObject\n\torganization\nadd o:\n\tOrchard Test\nadd dc:\n\torchard\nadding new entry \"dc=orchard,dc=test\"\nmodify complete\n\nadd objectClass:\n\torganizationalUnit\nadd ou:\n\tpeople\nadding new entry \"ou=people,dc=orchard,dc=test\"\nmodify complete\n\nadd objectClass:\n\tinetOrgPerson\nadd uid:\n\tmbrennan\nadd cn:\n\tMaeve Brennan\nadd sn:\n\tBrennan\nadd givenName:\n\tMaeve\nadd mail:\n\tmaeve.brennan@orchardmail.ie\nadd telephoneNumber:\n\t+353 87 412 9936\nadd mobile:\n\t+353 86 551 2047\nadd postalAddress:\n\t14 Harbour Row$Cobh$Co. Cork P24 X2K7\nadd userPassword:\n\tTw8!qrZe-Kalm4\nadding new entry \"uid=mbrennan,ou=people,dc=orchard,dc=test\"\nmodify complete\n\nadd objectClass:\n\tinetOrgPerson\nadd uid:\n\ttokafor\nadd cn:\n\tTobenna Okafor\nadd sn:\n\tOkafor\nadd givenName:\n\tTobenna\nadd mail:\n\tt.okafor@kestrelnet.co.uk\nadd telephoneNumber:\n\t+44 161 496 0732\nadd homePhone:\n\t+44 7700 900418\nadd street:\n\t22 Canal Street\nadd l:\n\tManchester\nadd postalCode:\n\tM1 3HE\nadd userPassword:\n\tpl4ne-Tree-9921\nadding new entry \"uid=tokafor,ou=people,dc=orchard,dc=test\"\nmodify complete\n\n";
const LDAPPASSWD = "New password: Pdw8.HJl\nNew password: zV.DxG00\nNew password: fWr1l80M\n";
const DOVECOT = "Nov 27 15:17:27 master: Info: Dovecot v2.3.19.1 (9b53102964) starting up for imap (core dumps disabled)\nNov 27 15:27:37 auth: Debug: Loading modules from directory: /usr/lib/dovecot/modules/auth\nNov 27 15:27:37 auth: Debug: Module loaded: /usr/lib/dovecot/modules/auth/lib20_auth_var_expand_crypt.so\nNov 27 15:27:37 auth: Debug: Wrote new auth token secret to /tmp/fix12net.1C2S/dove/run/auth-token-secret.dat\nNov 27 15:27:37 auth: Debug: passwd-file /tmp/fix12net.1C2S/dove/users:Read 1 users in 0 secs\nNov 27 15:27:37 auth: Debug: auth client connected (pid=0)\nNov 27 15:27:37 auth: Debug: client in: AUTH\t1\tPLAIN\tservice=doveadm\tdebug\tresp=cmhlYS5xdWludAByaGVhLnF1aW50AEh6NC12ZWxsdW0tT3dsODI= (previous base64 data may contain sensitive data)\nNov 27 15:27:37 auth: Debug: passwd-file(rhea.quint): Performing passdb lookup\nNov 27 15:27:37 auth: Debug: passwd-file(rhea.quint): lookup: user=rhea.quint file=/tmp/fix12net.1C2S/dove/users\nNov 27 15:27:37 auth: Debug: passwd-file(rhea.quint): Finished passdb lookup\nNov 27 15:27:37 auth: Debug: auth(rhea.quint): Auth request finished\nNov 27 15:27:37 auth: Debug: client passdb out: OK\t1\tuser=rhea.quint\nNov 27 15:27:37 auth: Debug: auth client connected (pid=0)\nNov 27 15:27:37 auth: Debug: client in: AUTH\t1\tPLAIN\tservice=doveadm\tdebug\tresp=cmhlYS5xdWludAByaGVhLnF1aW50AFdyMG5nLWd1ZXNzLTU1 (previous base64 data may contain sensitive data)\nNov 27 15:27:37 auth: Debug: passwd-file(rhea.quint): Performing passdb lookup\nNov 27 15:27:37 auth: Debug: passwd-file(rhea.quint): lookup: user=rhea.quint file=/tmp/fix12net.1C2S/dove/users\nNov 27 15:27:37 auth: Info: passwd-file(rhea.quint): Password mismatch (given password: Wr0ng-guess-55)\nNov 27 15:27:37 auth: Debug: passwd-file(rhea.quint): PLAIN(Wr0ng-guess-55) != 'Hz4-vellum-Owl82'\nNov 27 15:27:37 auth: Debug: passwd-file(rhea.quint): Finished passdb lookup\nNov 27 15:27:37 auth: Debug: auth(rhea.quint): Auth request finished\nNov 27 15:27:39 auth: Debug: client passdb out: FAIL\t1\tuser=rhea.quint\n";
const TCPDUMP_A = "15:30:25.679746 IP 127.0.0.1.51150 > 127.0.0.1.31121: Flags [P.], seq 31:51, ack 276, win 64, options [nop,nop,TS val 1529263100 ecr 3282327924], length 20\nE..H..@.@.i\t..........y.m.h...v....@.<.....\n[&....YtUSER wren.halloway\n\n\n15:30:25.679894 IP 127.0.0.1.51150 > 127.0.0.1.31121: Flags [P.], seq 51:76, ack 309, win 64, options [nop,nop,TS val 1529263100 ecr 3282327924], length 25\nE..M..@.@.i...........y.m.i...v....@.A.....\n[&....YtPASS Kx7-saffron-Dusk44\n";
const TCPDUMP_AV = "15:32:23.375291 lo    In  IP (tos 0x0, ttl 64, id 54593, offset 0, flags [DF], proto TCP (6), length 77)\n    localhost.56600 > localhost.31121: Flags [P.], cksum 0xfe41 (incorrect -> 0xf191), seq 51:76, ack 309, win 64, options [nop,nop,TS val 3740299083 ecr 3380615478], length 25\nE..M.A@.@.gg..........y.[.l.R..:...@.A.....\n..oK...6PASS Kx7-saffron-Dusk44\n";
const TCPDUMP_AQ = "15:33:16.338449 IP localhost.46692 > localhost.31121: tcp 25\nE..M..@.@.s..........dy....S.......@.A.....\n...PX..fPASS Kx7-saffron-Dusk44\n";
const LFTP_ANON = "---- Resolving host address...\n---- 1 address found: 127.0.0.1\n---- Connecting to 127.0.0.1 (127.0.0.1) port 31121\n<--- 220 pyftpdlib 1.5.7 ready.\n---> FEAT\n<--- 211-Features supported:\n<---  EPRT\n<---  EPSV\n<---  MDTM\n<---  MFMT\n<---  MLST type*;perm*;size*;modify*;unique*;unix.mode;unix.uid;unix.gid;\n<---  REST STREAM\n<---  SIZE\n<---  TVFS\n<---  UTF8\n<--- 211 End FEAT.\n---> OPTS UTF8 ON\n<--- 530 Log in with USER and PASS first.\n---> USER anonymous\n<--- 331 Username ok, send password.\n---> PASS lftp@\n<--- 230 Login successful.\n---> OPTS UTF8 ON\n<--- 501 Invalid argument.\n---> OPTS MLST type;perm;size;modify;unix.mode;unix.uid;unix.gid;\n<--- 200 MLST OPTS type;perm;size;modify;unix.mode;unix.uid;unix.gid;\n---> PWD\n<--- 257 \"/\" is the current directory.\n---> PASV\n<--- 227 Entering passive mode (127,0,0,1,122,76).";
const LFTP_USER = "<---  UTF8\n<--- 211 End FEAT.\n---> AUTH TLS\n<--- 500 Command \"AUTH\" not understood.\n---> OPTS UTF8 ON\n<--- 530 Log in with USER and PASS first.\n---> USER wren.halloway\n<--- 331 Username ok, send password.\n---> PASS Kx7-saffron-Dusk44\n<--- 230 Login successful.\n---> OPTS UTF8 ON\n<--- 501 Invalid argument.";
const STRACE_NSSWITCH = "read(5, \"# /etc/nsswitch.conf\\n#\\n# Example configuration of GNU Name Service Switch functionality.\\n# If you have the `glibc-doc-reference' and `info' packages installed, try:\\n# `info libc \\\"Name Service Switch\\\"' for information about this file.\\n\\npasswd:         files systemd\\ngroup:          files systemd\\nshadow:         files systemd\\ngshadow:        files systemd\\n\\nhosts:          files mdns4_minimal [NOTFOUND=return] dns\\nnetworks:       files\\n\\nprotocols:      db files\\nservices:       db files\\nethers:         db files\\nrpc:            db files\\n\\nnetgroup:       nis\\n\", 4096) = 558";
const ANSIBLE_VVV = "changed: [localhost] => {\n    \"ansible_facts\": {\n        \"discovered_interpreter_python\": \"/usr/bin/python3\"\n    },\n    \"changed\": true,\n    \"invocation\": {\n        \"module_args\": {\n            \"append\": false,\n            \"authorization\": null,\n            \"comment\": null,\n            \"create_home\": true,\n            \"expires\": null,\n            \"force\": false,\n            \"generate_ssh_key\": null,\n            \"group\": null,\n            \"groups\": null,\n            \"hidden\": null,\n            \"home\": null,\n            \"local\": null,\n            \"login_class\": null,\n            \"move_home\": false,\n            \"name\": \"zzq_fix12_c\",\n            \"non_unique\": false,\n            \"password\": \"VALUE_SPECIFIED_IN_NO_LOG_PARAMETER\",\n            \"password_expire_max\": null,\n            \"password_expire_min\": null,\n            \"password_lock\": null,\n            \"profile\": null,\n            \"remove\": false,\n            \"role\": null,\n            \"seuser\": null,\n            \"shell\": null,\n            \"skeleton\": null,\n            \"ssh_key_bits\": 0,\n            \"ssh_key_comment\": \"ansible-generated on vm\",\n            \"ssh_key_file\": null,\n            \"ssh_key_passphrase\": null,\n            \"ssh_key_type\": \"rsa\",\n            \"state\": \"present\",\n            \"system\": false,\n            \"uid\": null,\n            \"umask\": null,\n            \"update_password\": \"always\"\n        }\n    }\n}\n\nTASK [uri with a no_log param] *************************************************";
const ANSIBLE_NO_LOG = "PLAY [localhost] ***************************************************************\n\nTASK [set a secret fact] *******************************************************\nok: [localhost] => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": false}\n\nTASK [write a config with the password] ****************************************\nok: [localhost] => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": false}\n\nTASK [run a command that echoes the secret] ************************************\nchanged: [localhost] => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": true}\n\nTASK [loop over users] *********************************************************\n[DEPRECATION WARNING]: Encryption using the Python crypt module is deprecated. \nThe Python crypt module is deprecated and will be removed from Python 3.13. \nInstall the passlib library for continued encryption functionality. This \nfeature will be removed in version 2.17. Deprecation warnings can be disabled \nby setting deprecation_warnings=False in ansible.cfg.\nchanged: [localhost] => (item=None) => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": true}\nchanged: [localhost] => (item=None) => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": true}\nchanged: [localhost] => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": true}\n\nTASK [failing task with no_log] ************************************************\nfatal: [localhost]: FAILED! => {\"censored\": \"the output has been hidden due to the fact that 'no_log: true' was specified for this result\", \"changed\": true}\n...ignoring";

describe('LDAP entries (rules/ldap-entries.ts)', () => {
  it('redacts userPassword in ldapsearch base64, ldapadd -v echo, and the password ldappasswd generated', () => {
    for (const redact of [standard, research]) {
      const search = redact(LDAPSEARCH).text;
      expect(search).not.toContain('cGw0bmUtVHJlZS05OTIx');
      expect(search).not.toContain('VHc4IXFyWmUtS2FsbTQ=');
      expect(redact(LDAPSEARCH_ATTR).text).not.toContain('ZldyMWw4ME0=');
      const add = redact(LDAPADD_V).text;
      expect(add).not.toContain('pl4ne-Tree-9921');
      expect(add).not.toContain('Tw8!qrZe-Kalm4');
      const generated = redact(LDAPPASSWD).text;
      for (const password of ['Pdw8.HJl', 'zV.DxG00', 'fWr1l80M']) expect(generated).not.toContain(password);
    }
  });

  it("removes a person's names, phones and address from their entry, and leaves the directory's structure", () => {
    for (const text of [LDAPSEARCH, LDAPADD_V]) {
      const redacted = research(text).text;
      for (const personal of ['Tobenna Okafor', 'Okafor', 'Maeve Brennan', 'Brennan', 'Tobenna', '22 Canal Street', 'M1 3HE', '+44 7700 900418']) expect(redacted).not.toContain(personal);
      expect(redacted).toContain('ou=people,dc=orchard,dc=test');
      expect(redacted).toContain('inetOrgPerson');
    }
  });
});

describe('LDAP entries written in base64 (rules/ldap-entries.ts)', () => {
  it("removes a name ldapsearch wrote in base64 (not ASCII), leaves a password hash and a group's name", () => {
    const redacted = research(LDAPSEARCH_UTF8_AND_HASH).text;
    for (const personal of ['w4lpbGVhbiBOw60gQ2hlYXJiaGFpbGw=', 'TsOtIENoZWFyYmhhaWxs', 'w4lpbGVhbg==']) expect(redacted).not.toContain(personal);
    expect(redacted).toContain('userPassword:: e1NTSEF9');
    expect(redacted).toContain('cn: ops-team');
  });
});

describe("Dovecot's auth debug log (rules/dovecot-auth.ts)", () => {
  it('redacts the SASL response and both sides of a plain comparison', () => {
    const redacted = standard(DOVECOT).text;
    for (const secret of ['cmhlYS5xdWludAByaGVhLnF1aW50AEh6NC12ZWxsdW0tT3dsODI=', 'cmhlYS5xdWludAByaGVhLnF1aW50AFdyMG5nLWd1ZXNzLTU1', 'Hz4-vellum-Owl82', 'Wr0ng-guess-55']) {
      expect(redacted).not.toContain(secret);
    }
    expect(redacted).toContain('passwd-file(rhea.quint): Performing passdb lookup');
  });
});

describe('FTP logins (rules/ftp-sessions.ts)', () => {
  it("redacts PASS in tcpdump -A packet bytes, whatever the packet's summary looks like", () => {
    for (const capture of [TCPDUMP_A, TCPDUMP_AV, TCPDUMP_AQ]) {
      const redacted = standard(capture).text;
      expect(redacted).not.toContain('Kx7-saffron-Dusk44');
      expect(redacted).toContain('PASS [REDACTED:password#');
    }
    expect(standard(LFTP_USER).text).not.toContain('Kx7-saffron-Dusk44');
  });

  it("leaves an anonymous login's courtesy password (lftp -d) alone", () => {
    for (const redact of [standard, research]) expect(redact(LFTP_ANON)).toEqual({ text: LFTP_ANON, findings: 0 });
  });
});

describe('program output that only looks like a password', () => {
  it("leaves nsswitch.conf's passwd sources in strace's read() alone", () => {
    for (const redact of [standard, research]) expect(redact(STRACE_NSSWITCH)).toEqual({ text: STRACE_NSSWITCH, findings: 0 });
  });

  it("leaves Ansible's no_log masks and module settings alone", () => {
    for (const redact of [standard, research]) {
      expect(redact(ANSIBLE_VVV)).toEqual({ text: ANSIBLE_VVV, findings: 0 });
      expect(redact(ANSIBLE_NO_LOG).text).toContain("'no_log: true' was specified for this result");
    }
  });
});
