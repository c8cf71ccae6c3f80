const PATHS = ['config/app.env', 'deploy/values.yaml', 'settings.local', 'infra/main.tf', 'src/config.ts', '.env.production'];
export function view(rng, s) {
    const multiLine = s.targets.some((t) => t.includes('\n'));
    const roll = multiLine ? 0 : rng.float();
    if (roll < 0.6)
        return s;
    const path = rng.one(PATHS);
    if (roll < 0.8) {
        const lines = s.text.split('\n');
        const text = `--- a/${path}\n+++ b/${path}\n@@ -${rng.between(1, 40)},0 +${rng.between(1, 40)},${lines.length} @@\n${lines.map((l) => `+${l}`).join('\n')}`;
        return { text, targets: s.targets };
    }
    return { text: `cat > ${path} <<'EOF'\n${s.text}\nEOF`, targets: s.targets };
}
//# sourceMappingURL=views.js.map