export function keyName(env) {
    const parts = env.toLowerCase().split('_').filter(Boolean);
    const cap = (p) => p[0].toUpperCase() + p.slice(1);
    return {
        env,
        snake: parts.join('_'),
        kebab: parts.join('-'),
        dotted: parts.length > 1 ? `${parts[0]}.${parts.slice(1).join('-')}` : parts[0],
        camel: parts[0] + parts.slice(1).map(cap).join(''),
        pascal: parts.map(cap).join(''),
    };
}
/** Settings whose value is a password or a framework secret rather than a vendor token. */
export const PASSWORD_SETTINGS = ['DB_PASSWORD', 'DATABASE_PASSWORD', 'SMTP_PASSWORD', 'REDIS_PASSWORD', 'RABBITMQ_PASSWORD', 'ADMIN_PASSWORD', 'KEYSTORE_PASSWORD', 'JWT_SECRET', 'SESSION_SECRET', 'APP_SECRET', 'ENCRYPTION_KEY', 'WEBHOOK_SIGNING_SECRET', 'LDAP_BIND_PASSWORD', 'MINIO_SECRET_KEY'];
//# sourceMappingURL=names.js.map