/**
 * Family `generic`, continued: passwords that command-line tools take in their own ways: a short
 * flag only that tool reads as a password (`sqlcmd -P`, `ldapsearch -w`), a password stuck to its
 * flag (`7z -pX`), glued to the user (`smbclient -U user%X`, `lftp -u user,X`), or a positional
 * argument (`htpasswd -b file user X`, `net use share X /user:u`, `aws configure set … X`).
 */
import type { Rule } from '../types.js';

/** The value of a flag: optionally quoted (also JSON-escaped), not a `$VAR` or an option. */
const VALUE = String.raw`\\{0,3}["']?(?<secret>[^\s"'\\$-][^\s"'\\]{2,200})`;
/** The rest of one command line before the flag (no pipe or `;` in between). */
const SAME_COMMAND = String.raw`[^\n|;&]{0,200}?[ \t]`;

export const COMMAND_LINE_RULES: readonly Rule[] = [
  {
    id: 'cli-tool-password-flag',
    type: 'secret',
    label: 'password',
    description: 'a short flag that a given tool reads as a password: sqlcmd/bcp/ipmitool/zip -P, ldap* -w, mongo*/az/snowsql -p, 7z/rar -pX',
    // `rar ` and `zip ` with their space: `library`, `array` and `gzip` are everywhere
    keywords: ['sqlcmd', 'bcp ', 'ipmitool', 'zip ', 'ldap', 'mongo', 'az login', 'snowsql', '7z ', '7za ', '7zr ', 'rar ', 'osql'],
    pattern: new RegExp(
      String.raw`\b(?:(?:sqlcmd|osql|bcp|ipmitool|zip|unzip)${SAME_COMMAND}-P[ \t]+|ldap(?:search|modify|add|delete|whoami|passwd|compare)${SAME_COMMAND}-w[ \t]+|(?:mongo(?:sh|dump|restore|export|import|stat|top)?|az[ \t]+login|snowsql)${SAME_COMMAND}(?:-p|--password)(?:[ \t]+|=)|(?:7z|7za|7zr|rar|unrar)${SAME_COMMAND}-h?p(?=[^\s-]))${VALUE}`,
    ),
    shield: 'values',
    entropy: 2,
    examples: {
      match: ['sqlcmd -S db01 -U sa -P Gh4!vLq9Zx -Q "select 1"', 'ldapwhoami -x -D cn=admin,dc=corp -w Rt8#kMv2Lp', '7z a -pQm3!xLv8Kp backup.7z docs/', 'mongosh --host db -u root -p Wv6$kT2mLq'],
      noMatch: ['zip -r -P $ZIP_PASSWORD out.zip dir/', 'ldapsearch -x -W -b dc=corp', 'mongodump --port 27017 -d app', 'unzip -P - out.zip', 'sqlcmd -S db01 -E -Q "select 1"'],
    },
  },
  {
    id: 'cli-user-glued-password',
    type: 'secret',
    label: 'password',
    description: 'a password glued to the user name: smbclient/rpcclient -U user%X, lftp -u user,X',
    keywords: ['smbclient', 'rpcclient', 'smbget', 'smbcacls', 'lftp'],
    pattern: new RegExp(
      String.raw`\b(?:(?:smbclient|rpcclient|smbget|smbcacls)${SAME_COMMAND}(?:-U|--user(?:=|[ \t]+))[ \t]*\\{0,3}["']?[^\s%"'\\]{1,100}%|lftp${SAME_COMMAND}-u[ \t]+\\{0,3}["']?[^\s,"'\\]{1,100},)(?<secret>[^\s"'\\]{3,200})`,
    ),
    shield: 'values',
    examples: {
      match: ['smbclient //fs01/docs -U ann%Pk7!vQz2Lm', 'lftp -u upload,Xn4#qT8vLp sftp://drop.corp.example'],
      noMatch: ['smbclient -L fs01 -U ann', 'lftp -u upload sftp://drop.corp.example'],
    },
  },
  {
    id: 'cli-positional-password',
    type: 'secret',
    label: 'password',
    description: 'a password given as a positional argument: htpasswd -b, net use, mysqladmin password, nmcli password, aws configure set for a secret setting, echo X | sudo -S',
    keywords: ['htpasswd', 'net use', 'mysqladmin', 'nmcli', 'aws configure set', 'sudo -'],
    pattern: new RegExp(
      [
        String.raw`\bhtpasswd(?:[ \t]+-[A-Za-z]*b[A-Za-z]*)(?:[ \t]+-[A-Za-z]+)*(?:[ \t]+(?<=-[A-Za-z]*n[A-Za-z]*[ \t]+)|[ \t]+\S+[ \t]+)\S+[ \t]+${VALUE}`,
        String.raw`\bnet[ \t]+use[ \t]+(?:[A-Za-z]:[ \t]+)?\\{2,4}\S+[ \t]+\\{0,3}["']?(?<secret2>[^\s"'\\/*][^\s"'\\]{2,200})\\{0,3}["']?[ \t]+\/(?:user|u):`,
        String.raw`\bmysqladmin${SAME_COMMAND}password[ \t]+\\{0,3}["']?(?<secret3>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\bnmcli${SAME_COMMAND}(?:password|wifi-sec\.psk|802-1x\.password)[ \t]+\\{0,3}["']?(?<secret4>[^\s"'\\$-][^\s"'\\]{2,200})`,
        String.raw`\baws[ \t]+configure[ \t]+set[ \t]+(?:[\w-]+\.)?(?:aws_secret_access_key|aws_session_token|secret_key)[ \t]+\\{0,3}["']?(?<secret5>[^\s"'\\$][^\s"'\\]{7,2048})`,
        String.raw`\becho[ \t]+\\{0,3}["']?(?<secret6>[^\s"'\\|$][^\s"'\\|]{2,200})\\{0,3}["']?[ \t]*\|[ \t]*sudo(?:[ \t]+-[A-Za-z]+)*[ \t]+-[A-Za-z]*S\b`,
      ].join('|'),
    ),
    shield: 'values',
    examples: {
      match: [
        'htpasswd -b -c /etc/nginx/.htpasswd admin Lq8#vT2mKx',
        'htpasswd -nb admin Lq8#vT2mKx',
        'net use Z: \\\\fs01\\share Vr5!kQ9mLp /user:CORP\\ann',
        'mysqladmin -u root password Hz3$qW7vLm',
        'nmcli dev wifi connect Office password Tb6#mK2vQx',
        'aws configure set aws_secret_access_key Kq7vL2mX9pR4tW8nZ3cF6hJ1sD5gB0yE2aQ4wE7r',
        "echo 'Mz4!qV8kLt' | sudo -S apt-get update",
      ],
      noMatch: ['htpasswd -c /etc/nginx/.htpasswd admin', 'net use Z: \\\\fs01\\share /user:CORP\\ann', 'aws configure set region eu-west-1', 'echo hello | sudo tee /etc/motd', 'nmcli dev wifi list'],
    },
  },
  {
    id: 'cli-secret-value-flag',
    type: 'secret',
    label: 'secret',
    description: 'the value given to a command that stores a secret: gh secret set NAME --body X, flyctl secrets set NAME=X',
    keywords: ['secret set', 'secrets set'],
    pattern: new RegExp(String.raw`\b(?:gh|glab)[ \t]+secret[ \t]+set${SAME_COMMAND}(?:-b|--body)(?:[ \t]+|=)${VALUE}|\b(?:fly|flyctl)[ \t]+secrets[ \t]+set[ \t]+[A-Za-z_]\w{0,80}=\\{0,3}["']?(?<secret2>[^\s"'\\$][^\s"'\\]{2,500})`),
    shield: 'values',
    examples: {
      match: ['gh secret set DEPLOY_KEY --body "Lz8#kV3mQx" --repo corp/app', 'fly secrets set SESSION_KEY=Wq5!mK9vLt'],
      noMatch: ['gh secret set DEPLOY_KEY < key.txt', 'gh secret set DEPLOY_KEY --body "$DEPLOY_KEY"'],
    },
  },
  {
    id: 'call-password-argument',
    type: 'secret',
    label: 'password',
    description: 'a password passed as an argument after a user name: new PDO(dsn, user, X), mysqli_connect(host, user, X), getConnection(url, user, X), login(user, X), NetworkCredential(user, X)',
    keywords: ['pdo(', 'mysqli', 'mysql_connect', 'getconnection', 'login(', 'credential(', 'credentials(', 'authentication('],
    pattern: new RegExp(
      String.raw`(?:\bnew[ \t]+PDO|\bmysqli_connect|\bnew[ \t]+mysqli|\bmysql_connect|\.getConnection)\([^(),\n]{1,200},[ \t]*[^(),\n]{1,100},[ \t]*\\?["'](?<secret>[^"'\\\n]{3,200})\\?["']|\b(?:login|NetworkCredential|PasswordAuthentication|UsernamePasswordCredentials|PasswordCredential)\([ \t]*\\?["'][^"'\\\n]{1,100}\\?["'][ \t]*,[ \t]*\\?["'](?<secret2>[^"'\\\n]{3,200})\\?["']`,
    ),
    shield: 'values',
    examples: {
      match: ['$db = new PDO("mysql:host=db;dbname=app", "app", "Kq7!vL2mZx");', 'server.login("alerts@corp.example", "Tw4#mQ8vLk")', 'new NetworkCredential("svc-build", "Hv9$kQ3mLp")'],
      noMatch: ['$db = new PDO($dsn, $user, $password);', 'client.login("alerts@corp.example", password)', 'DriverManager.getConnection(url, user, pass)'],
    },
  },
  {
    id: 'go-mysql-dsn-password',
    type: 'secret',
    label: 'password',
    description: 'the password in a Go MySQL DSN: user:X@tcp(host:port)/db',
    keywords: ['@tcp(', '@unix('],
    pattern: /(?<![\w.-])[\w.-]{1,64}:(?<secret>[^\s@"'\/:\\]{3,200})@(?:tcp|unix|udp)\(/,
    shield: 'values',
    examples: {
      match: ['sql.Open("mysql", "app:Rz6#vK2mQx@tcp(db:3306)/prod?parseTime=true")'],
      noMatch: ['sql.Open("mysql", "app@tcp(db:3306)/prod")', 'dsn := user + ":" + pass + "@tcp(db:3306)/prod"'],
    },
  },
  {
    id: 'sql-password',
    type: 'secret',
    label: 'password',
    description: "a password in SQL: IDENTIFIED BY 'x' (MySQL, Oracle), PASSWORD 'x' (PostgreSQL CREATE/ALTER ROLE)",
    keywords: ['identified', 'password'],
    keywordStarts: true,
    pattern: /(?:\bIDENTIFIED(?:[ \t]+WITH[ \t]+\w+)?[ \t]+BY(?:[ \t]+PASSWORD)?|(?<=\b(?:WITH|ROLE|USER)[ \t]+(?:[\w" ]{0,80}[ \t])?(?:ENCRYPTED[ \t]+)?)PASSWORD)[ \t]+\\{0,3}'(?<secret>[^'\\\n]{3,200})\\{0,3}'/i,
    shield: 'values',
    examples: {
      match: ["ALTER USER 'etl'@'%' IDENTIFIED BY 'Vt8#kQ2mLp';", "CREATE ROLE reporting WITH LOGIN PASSWORD 'Nq5!vK9xTz';", "CREATE USER app IDENTIFIED WITH mysql_native_password BY 'Hx2$mW7qLv';"],
      noMatch: ["ALTER USER 'etl'@'%' IDENTIFIED BY '${ETL_PASSWORD}';", 'CREATE TABLE users (password_hash text);', "CREATE USER app IDENTIFIED BY PASSWORD '*'"],
    },
  },
];
