"""Synthetic values planted in the programs' input (the v28 holdout): the generators of the shared
kit (`bench/holdout-record/planted.py`) with this corpus's own seed, people, mail domains, streets
and towns (written for v28; no real person of this machine or elsewhere is meant).
"""

import os
import sys
import unicodedata

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "holdout-record"))

import planted  # noqa: E402

# (given, family) pairs written for this corpus, many countries and scripts
PEOPLE = [
    ("Wenceslava", "Hrdličková-Mráz"), ("Tendai", "Chikwanha-Moyo"), ("Ruairí", "Ó Dubhghaill"), ("Parisa", "Nikbakhtian"),
    ("Þórhildur", "Sveinbjörnsdóttir"), ("Garazi", "Zubizarreta Olano"), ("Lindiwe", "Khumalo-Ngcobo"), ("Gudrun", "Schäfferling"),
    ("Benedita", "Vasconcelos Teixeira"), ("Ecem", "Karaağaçlı"), ("Mirela", "Țurcanu"), ("Obinna", "Eze-Uchendu"),
    ("Ragnheiður", "Hallgrímsdóttir"), ("Gwenaëlle", "Le Guennec"), ("Minh Khôi", "Đặng"), ("Aoibheann", "Ní Chathasaigh"),
    ("Всеволод", "Кудрявцев"), ("Ευανθία", "Παπαδημητρίου"), ("陽翔", "小野寺"), ("Peregrine", "Ashworth-Tremlett"),
    ("Efua", "Boakye-Ansah"), ("Anneliese", "Grüninger"), ("Citlalli", "Yaotl Ramírez"), ("Lakshmi", "Subramaniam"),
    ("Torbjørg", "Haugland"), ("Morwenna", "Penhaligon"), ("서연", "남궁"), ("Ayasha", "Tsosie"),
    ("Ноэми", "Шереметьева"), ("Λυκούργος", "Σταυρόπουλος"),
]
MAIL_DOMAINS = ["gmail.com", "outlook.com", "fastmail.com", "proton.me", "gmx.de", "posteo.de", "icloud.com", "yandex.ru", "seznam.cz", "truro-weavers.co.uk", "sligo-currach.ie", "isafjordur-kajak.is"]
STREETS = ["Vinohradská", "Kastanienallee", "Shop Street", "Rua de Santa Catarina", "Laugavegur", "Bağdat Caddesi", "Calea Victoriei", "Phố Hàng Gai", "Carrer de Verdi", "Vesterbrogade"]
CITIES = ["120 00 Praha 2", "10435 Berlin", "Galway H91 E2K6", "4000-443 Porto", "101 Reykjavík", "34728 İstanbul", "010071 București", "Hà Nội", "08012 Barcelona", "1620 København V"]
LATIN_MAILBOX = {"Всеволод": "vsevolod", "Ευανθία": "evanthia", "陽翔": "haruto", "서연": "seoyeon", "Ноэми": "noemi", "Λυκούργος": "lykourgos"}
ASCII_FOLD = str.maketrans("áéíóúñçğşıłśźżńąęšťřýčžíůöüäßøåæòàèìùâêîôûðþịăëțșãõ", "aeiouncgsilszznaestrycziuouasoaaoaeiuaeioudtiaetsao")


def mail_local(s):  # v28 folds what NFKD can take apart too
    s = s.lower().translate(ASCII_FOLD).replace("đ", "d")
    s = "".join(c for c in unicodedata.normalize("NFKD", s) if not unicodedata.combining(c))
    return "".join(c for c in s if c.isascii() and (c.isalnum() or c == "."))


planted.configure("atx-redaction-holdout-v28", PEOPLE, MAIL_DOMAINS, STREETS, CITIES, LATIN_MAILBOX, ASCII_FOLD, mail_local=mail_local)

from planted import *  # noqa: E402,F401,F403
