vals = ['FIXME', 'your_password_here', '$DB_PASSWORD', '`cat ~/.token`', '@/run/secrets/token', '$apr1$Qw3rTy9u$Zm9vYmFyYmF6cXV4cXV1e/', 'age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p', 'bot@example.com', '(getenv "API_TOKEN")', '(auth-source-pick-first-password :host "imap.example.com")', "lookup('env', 'DB_PASSWORD')", "'()", 'C:\\Users\\deploy\\secrets\\token.txt', 'https://example.com/reset-password?step=1', 'postgres://app@db.internal:5432/app', 'AKIAIOSFODNN7EXAMPLE', 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl deploy@host', '••••••••']
keys = ['password', 'api_token', 'secret', 'db_passwd', 'client_secret', 'auth_token']
for i, v in enumerate(vals):
    print({'user': 'deploy', keys[i % 6]: v, 'port': 5432})
print({'auth_token': '••••••••'.encode()})
