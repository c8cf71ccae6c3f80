"""Synthetic values planted in the programs' input (the v20 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v20; no real person of this machine or elsewhere is meant).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Radosław", "Kędzierski"), ("Ngozi", "Ezeanyika"), ("Caoimhe", "Ní Bhraonáin"), ("Parisa", "Moghaddasi"),
    ("Þórhildur", "Gunnlaugsdóttir"), ("Aitor", "Etxeberria Zubiri"), ("Thandeka", "Khumalo-Ndlovu"), ("Wiebke", "Brockhöft"),
    ("Conceição", "Albuquerque Serra"), ("Gökhan", "Çelikbaş"), ("Ileana", "Vâlcea-Munteanu"), ("Chukwuemeka", "Obiora"),
    ("Ásgeir", "Hrafnkelsson"), ("Mélisande", "Courtois-Lefèvre"), ("Minh Khoa", "Trịnh"), ("Saoirse", "Ó Dálaigh"),
    ("Всеволод", "Черкасов"), ("Ευανθία", "Κωνσταντινίδου"), ("陽菜乃", "小野寺"), ("Tobias", "Witheridge-Pascoe"),
    ("Efua", "Boateng-Mensah"), ("Liesbeth", "Vandermeulen"), ("Itzel", "Cuauhtémoc Robles"), ("Meenakshi", "Subramaniam"),
    ("Torbjörn", "Ålgårdh"), ("Jory", "Penhaligon"), ("Grzegorz", "Szczepański"), ("Ahiga", "Tsosie"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "posteo.de", "gmx.net", "icloud.com", "yandex.ru", "onet.pl", "penhallow-bakery.co.uk", "bray-harbour-kayaks.ie", "akureyri-yoga.is"]
STREETS = ["ulica Floriańska", "Bergmannstraße", "Shandon Street", "Rua Augusta", "Laugavegur", "Bağdat Caddesi", "Strada Covaci", "Phố Hàng Gai", "Calle de Serrano", "Vesterbrogade"]
CITIES = ["31-019 Kraków", "10961 Berlin", "Cork T23 K2P0", "1100-048 Lisboa", "101 Reykjavík", "34728 İstanbul", "030033 București", "Hà Nội", "28001 Madrid", "1620 København V"]
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịă", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtia")
# the Latin mailboxes of names in other scripts, drawn at random
LATIN_MAILBOX = ["vsevolod", "evanthia", "hinano", "vcherkasov"]

planted.configure("atx-redaction-holdout-v20", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD)

from planted import *  # noqa: E402,F401,F403
