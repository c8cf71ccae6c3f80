/**
 * Invented people: names from many languages, personal and work e-mail addresses, phone numbers in
 * the international forms of twelve numbering plans, street addresses of five countries.
 */
import { DIGITS, LOWER } from '../corpus-kit.js';
const GIVEN = ['Amara', 'Björn', 'Chiara', 'Dmitri', 'Esperanza', 'Farouk', 'Greta', 'Haruto', 'Ingrid', 'Joaquín', 'Kavya', 'Lorenzo', 'Malika', 'Niamh', 'Oskar', 'Priya', 'Quentin', 'Rosalind', 'Santiago', 'Thandiwe', 'Ulrike', 'Valentina', 'Wen', 'Xiomara', 'Yusuf', 'Zofia', 'Aurélien', 'Bongani', 'Catalina', 'Declan'];
const FAMILY = ['Achterberg', 'Bianchi', 'Castellanos', 'Dąbrowski', 'Eriksen', 'Fontaine', 'Gallagher', 'Hoshino', 'Iyer', 'Jovanović', 'Kowalczyk', 'Lindqvist', 'Mbeki', 'Nakamura', 'Okonkwo', 'Petrov', 'Quiroga', 'Rahman', 'Schreiber', 'Takahashi', 'Urquhart', 'Vasquez', 'Whitfield', 'Xu', 'Yilmaz', 'Zimmermann', 'Ferreira', 'Haddad', 'Moreau', 'Novak'];
const PERSONAL = ['gmail.com', 'outlook.com', 'proton.me', 'posteo.de', 'web.de', 'yahoo.co.jp', 'icloud.com', 'hotmail.fr', 'gmx.net', 'fastmail.com'];
const WORK = ['acme-logistics.io', 'fernway.dev', 'northwind-traders.com', 'bluepeak.co.uk', 'kintsugi-labs.jp', 'solara-energia.es'];
const ascii = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace('ą', 'a').replace('ć', 'c').toLowerCase();
export function person(rng) {
    const given = rng.pick(GIVEN);
    const family = rng.pick(FAMILY);
    const local = rng.pick([`${ascii(given)}.${ascii(family)}`, `${ascii(given)[0]}${ascii(family)}`, `${ascii(given)}${rng.int(1, 99)}`, `${ascii(family)}.${ascii(given)[0]}`]);
    const domain = rng.chance(0.5) ? rng.pick(PERSONAL) : rng.pick(WORK);
    return { name: `${given} ${family}`, email: `${local}@${domain}` };
}
const d = (rng, n) => rng.str(DIGITS, n);
const nz = (rng) => String(rng.int(2, 9));
/** A phone number as people write it, with its country code. */
export function phone(rng) {
    switch (rng.int(0, 11)) {
        case 0: return `+1 ${nz(rng)}${d(rng, 2)}-${nz(rng)}${d(rng, 2)}-${d(rng, 4)}`;
        case 1: return `+1 (${nz(rng)}${d(rng, 2)}) ${nz(rng)}${d(rng, 2)}-${d(rng, 4)}`;
        case 2: return `+44 7${d(rng, 3)} ${d(rng, 6)}`;
        case 3: return `+49 15${d(rng, 1)} ${d(rng, 4)} ${d(rng, 4)}`;
        case 4: return `+33 6 ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)}`;
        case 5: return `+91 9${d(rng, 4)} ${d(rng, 5)}`;
        case 6: return `+81 90-${d(rng, 4)}-${d(rng, 4)}`;
        case 7: return `+55 11 9${d(rng, 4)}-${d(rng, 4)}`;
        case 8: return `+61 4${d(rng, 2)} ${d(rng, 3)} ${d(rng, 3)}`;
        case 9: return `+34 6${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)} ${d(rng, 2)}`;
        case 10: return `+31 6 ${d(rng, 4)} ${d(rng, 4)}`;
        default: return `+27 8${d(rng, 1)} ${d(rng, 3)} ${d(rng, 4)}`;
    }
}
export function address(rng) {
    switch (rng.int(0, 4)) {
        case 0: return { street: `${rng.int(100, 9899)} ${rng.pick(['Maple', 'Juniper', 'Harbor', 'Cedar Hollow', 'Willowbrook'])} ${rng.pick(['Avenue', 'Street', 'Drive', 'Lane'])}`, rest: `${rng.pick(['Portland, OR', 'Columbus, OH', 'Austin, TX'])} ${d(rng, 5)}` };
        case 1: return { street: `${rng.pick(['Lindenstraße', 'Birkenweg', 'Schillerstraße', 'Am Mühlbach'])} ${rng.int(1, 120)}`, rest: `${d(rng, 5)} ${rng.pick(['Leipzig', 'Köln', 'Freiburg'])}` };
        case 2: return { street: `${rng.int(1, 80)} ${rng.pick(['rue des Tanneurs', 'avenue Jean Jaurès', 'rue du Faubourg Saint-Denis'])}`, rest: `${rng.pick(['69007', '31000', '75010'])} ${rng.pick(['Lyon', 'Toulouse', 'Paris'])}` };
        case 3: return { street: `${rng.int(1, 220)} ${rng.pick(['Kingsley Road', 'Ashgrove Crescent', 'Thornfield Lane'])}`, rest: `${rng.pick(['Leeds', 'Bristol', 'Norwich'])} ${rng.pick(['LS', 'BS', 'NR'])}${rng.int(1, 20)} ${rng.int(1, 9)}${rng.str('ABDEFGHJLNPQRSTUWXYZ', 2)}` };
        default: return { street: `Calle ${rng.pick(['de Alcalá', 'del Pez', 'Mayor', 'de Toledo'])} ${rng.int(1, 200)}, ${rng.int(1, 6)}º ${rng.pick(['A', 'B', 'izq.'])}`, rest: `${rng.pick(['28014', '28004', '28012'])} Madrid` };
    }
}
export function handle(rng) {
    return `${rng.str(LOWER, rng.int(4, 9))}${rng.chance(0.4) ? rng.int(1, 99) : ''}`;
}
//# sourceMappingURL=people.js.map