/** Personal data as a coding agent sees it: git history, manifests, ownership files, query results, logs. */
import { defineCorpusCategory } from '../corpus-kit.js';
import { address, handle, person, phone } from './people.js';
import { hexOf, isoTime, slug } from './rng.js';
import { shell } from './session.js';
const people = (rng, n) => Array.from({ length: n }, () => person(rng));
const gitDate = (rng) => `${rng.pick(['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])} ${rng.pick(['Mar', 'Jun', 'Sep', 'Nov'])} ${rng.int(1, 28)} ${rng.int(10, 23)}:${rng.int(10, 59)}:${rng.int(10, 59)} 2026 ${rng.pick(['+0100', '-0700', '+0900', '+0530'])}`;
const gitLog = defineCorpusCategory('git-log', 14, (rng) => {
    const ps = people(rng, rng.int(1, 3));
    const entries = ps.map((p) => `commit ${hexOf(rng, 40)}\nAuthor: ${p.name} <${p.email}>\nDate:   ${gitDate(rng)}\n\n    ${rng.pick(['Fix race in retry loop', 'Add CSV export', 'Bump eslint to v9', 'Handle empty cart on checkout'])}`);
    return { text: shell(`git log -${ps.length}`, entries.join('\n\n')), targets: ps.map((p) => p.email) };
});
const gitBlame = defineCorpusCategory('git-blame', 10, (rng) => {
    const ps = people(rng, rng.int(1, 2));
    const lines = Array.from({ length: rng.int(2, 4) }, (_, i) => {
        const p = ps[i % ps.length];
        return `${hexOf(rng, 8)} (<${p.email}> 2026-0${rng.int(1, 9)}-1${rng.int(0, 9)} 1${rng.int(0, 9)}:2${rng.int(0, 9)}:00 +0200 ${40 + i}) ${rng.pick(['  return retry(fn, { attempts: 3 });', '  if (!cart.items.length) return;', '  const total = sum(lines);', '}'])}`;
    });
    return { text: shell(`git blame -e -L 40,${39 + lines.length} src/${slug(rng)}.ts`, lines.join('\n')), targets: ps.map((p) => p.email) };
});
const commitTrailers = defineCorpusCategory('commit-trailers', 12, (rng) => {
    const ps = people(rng, rng.int(1, 2));
    const trailers = ps.map((p) => `${rng.pick(['Co-authored-by', 'Signed-off-by', 'Reported-by', 'Reviewed-by'])}: ${p.name} <${p.email}>`);
    return { text: shell('git show -s --format=%B HEAD', `${rng.pick(['Retry webhook delivery on 502', 'Guard against null locale', 'Speed up CSV import'])}\n\n${trailers.join('\n')}`), targets: ps.map((p) => p.email) };
});
const packageAuthors = defineCorpusCategory('package-authors', 12, (rng) => {
    const [a, b] = people(rng, 2);
    switch (rng.int(0, 2)) {
        case 0: return { text: shell('cat package.json', JSON.stringify({ name: `@acme/${slug(rng)}`, version: `${rng.int(0, 4)}.${rng.int(0, 20)}.${rng.int(0, 9)}`, author: `${a.name} <${a.email}>`, contributors: [{ name: b.name, email: b.email }], license: 'MIT' }, null, 2)), targets: [a.email, b.email] };
        case 1: return { text: shell('sed -n 1,12p pyproject.toml', `[project]\nname = "${slug(rng)}"\nversion = "${rng.int(0, 3)}.${rng.int(0, 9)}.0"\nauthors = [\n  { name = "${a.name}", email = "${a.email}" },\n  { name = "${b.name}", email = "${b.email}" },\n]`), targets: [a.email, b.email] };
        default: return { text: shell('head -8 Cargo.toml', `[package]\nname = "${slug(rng).replace(/-/g, '_')}"\nversion = "0.${rng.int(1, 30)}.${rng.int(0, 9)}"\nauthors = ["${a.name} <${a.email}>"]\nedition = "2021"`), targets: [a.email] };
    }
});
const codeowners = defineCorpusCategory('codeowners', 10, (rng) => {
    const ps = people(rng, rng.int(2, 3));
    const lines = ps.map((p) => `/${rng.pick(['src/billing', 'infra', 'docs', 'packages/ui', 'migrations'])}/ ${p.email} @${handle(rng)}`);
    return { text: shell('cat .github/CODEOWNERS', `# Owners are requested for review automatically\n* @acme/platform\n${lines.join('\n')}`), targets: ps.map((p) => p.email) };
});
const sqlRows = defineCorpusCategory('sql-rows', 14, (rng) => {
    const rows = Array.from({ length: rng.int(2, 3) }, () => ({ p: person(rng), tel: phone(rng), id: rng.int(1000, 99999) }));
    const table = [' id    | email                              | phone              | created_at', '-------+------------------------------------+--------------------+---------------------', ...rows.map((r) => ` ${String(r.id).padEnd(5)} | ${r.p.email.padEnd(34)} | ${r.tel.padEnd(18)} | ${isoTime(rng).replace('T', ' ').slice(0, 19)}`), `(${rows.length} rows)`];
    return { text: shell(`psql -c "select id, email, phone, created_at from customers order by id desc limit ${rows.length}"`, table.join('\n')), targets: rows.flatMap((r) => [r.p.email, r.tel]) };
});
const csvRows = defineCorpusCategory('csv-rows', 12, (rng) => {
    const rows = Array.from({ length: rng.int(2, 3) }, () => ({ p: person(rng), tel: phone(rng), a: address(rng) }));
    const lines = ['customer_id,email,phone,street,city', ...rows.map((r) => `${rng.int(100, 9999)},${r.p.email},"${r.tel}","${r.a.street}","${r.a.rest}"`)];
    return { text: shell(`head -${rows.length + 1} exports/customers.csv`, lines.join('\n')), targets: rows.flatMap((r) => [r.p.email, r.tel, r.a.street]) };
});
const phonesInLogs = defineCorpusCategory('phones-in-logs', 12, (rng) => {
    const tel = phone(rng);
    const text = rng.pick([
        `${isoTime(rng)} WARN sms.sender delivery failed to=${tel} provider=twilio status=30003`,
        `${isoTime(rng)} INFO  otp: sent code to ${tel} (attempt ${rng.int(1, 3)}/3)`,
        `{"level":"error","msg":"invalid callback number","phone":"${tel}","request_id":"${hexOf(rng, 16)}"}`,
    ]);
    return { text, targets: [tel] };
});
const addresses = defineCorpusCategory('addresses', 10, (rng) => {
    const p = person(rng);
    const a = address(rng);
    const order = { id: `ord_${hexOf(rng, 12)}`, status: 'shipped', shipping: { name: p.name, line1: a.street, city_postal: a.rest, email: p.email } };
    return { text: shell(`curl -s localhost:${rng.pick([3000, 8080])}/admin/orders/${order.id} | jq .`, JSON.stringify(order, null, 2)), targets: [a.street, p.email] };
});
const personNames = defineCorpusCategory('person-names', 10, (rng) => {
    const ps = people(rng, rng.int(2, 3));
    if (rng.chance(0.5)) {
        return { text: shell('git shortlog -sn --since="1 year"', ps.map((p) => `   ${rng.int(3, 400)}\t${p.name}`).join('\n')), targets: ps.map((p) => p.name) };
    }
    return { text: JSON.stringify({ results: ps.map((p) => ({ id: rng.int(1, 9999), full_name: p.name, plan: rng.pick(['pro', 'team']) })) }), targets: ps.map((p) => p.name) };
});
export const PII_CATEGORIES = [gitLog, gitBlame, commitTrailers, packageAuthors, codeowners, sqlRows, csvRows, phonesInLogs, addresses, personNames];
//# sourceMappingURL=pii.js.map