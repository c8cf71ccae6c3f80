s" password: FIXME" type cr
s" password: your_password_here" type cr
s" password: $DB_PASSWORD" type cr
s" password: `cat ~/.token`" type cr
s" password: @/run/secrets/token" type cr
s" password: $apr1$Qw3rTy9u$Zm9vYmFyYmF6cXV4cXV1e/" type cr
s" password: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p" type cr
s" password: bot@example.com" type cr
s" password: lookup('env', 'DB_PASSWORD')" type cr
s" password: C:\Users\deploy\secrets\token.txt" type cr
s" password: https://example.com/reset-password?step=1" type cr
s" password: postgres://app@db.internal:5432/app" type cr
s" password: AKIAIOSFODNN7EXAMPLE" type cr
s" password: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl deploy@host" type cr
bye
